/**
 * Everything the extension knows about TikTok Shop's Affiliate Center, in one place: its hosts,
 * page URLs, the internal JSON endpoints its pages call and their field names, and the DOM hooks
 * for badges and outreach. Affiliate Center is undocumented and changes often; when it moves,
 * this file (and its test) is what changes. The shapes it reads
 * are recorded in tests/fixtures/affiliate (docs/decisions/extension.md, "Develop and test").
 *
 * Nothing here calls TikTok: the extension only reads what the seller's own browsing loads.
 * Everything read here is untrusted (a page script can forge it); the server validates again.
 */
import { COUNTRIES, HANDLE_PATTERN, type Country } from '../../../contract/constants.ts';
import type { CreatorProfile } from '../../../contract/schemas/intake.ts';

/** Hosts whose pages the content scripts run on (manifest `matches` and `host_permissions`). */
export const AFFILIATE_MATCHES = [
  'https://affiliate.tiktok.com/*',
  'https://affiliate-us.tiktok.com/*',
  'https://affiliate.tiktokshopglobalselling.com/*',
  'https://partner.tiktokshop.com/*',
] as const;

export type PageKind = 'search' | 'profile' | 'im' | 'invite' | 'other';

/** Which Affiliate Center page a URL is. */
export function pageKind(href: string): PageKind {
  let path: string;
  try {
    path = new URL(href).pathname.replace(/\/+$/, '');
  } catch {
    return 'other';
  }
  if (/\/connection\/creator\/detail$/.test(path)) return 'profile';
  if (/^(\/connection\/creator|\/affiliate\/creator)$/.test(path)) return 'search';
  if (/^\/(seller|partner)\/im$/.test(path)) return 'im';
  if (/^\/connection\/target-invitation\/create$/.test(path)) return 'invite';
  return 'other';
}

/** The shop region of a page (`shop_region=XX`, agency pages: `market=XX`) when CreatorDesk knows it. */
export function regionOf(href: string): Country | null {
  try {
    const q = new URL(href).searchParams;
    const r = (q.get('shop_region') ?? q.get('market') ?? '').toUpperCase();
    return (COUNTRIES as readonly string[]).includes(r) ? (r as Country) : null;
  } catch {
    return null;
  }
}

/** The creator an IM page talks to (`creator_id=<creator_oecuid>`). */
export function imCreatorId(href: string): string | null {
  try {
    return new URL(href).searchParams.get('creator_id');
  } catch {
    return null;
  }
}

// ---- Internal JSON endpoints ----

export type CaptureKind = 'find' | 'profile' | 'invite';

const CAPTURE_PATHS: [RegExp, CaptureKind][] = [
  [/\/api\/v1\/oec\/affiliate\/creator\/marketplace\/(ai\/)?find$/, 'find'],
  [/\/api\/v1\/oec\/affiliate\/creator\/marketplace\/profile$/, 'profile'],
  [/\/api\/v1\/oec\/affiliate\/seller\/invitation_group\/create$/, 'invite'],
];

/**
 * The interceptor's cheap pre-filter (it runs on every request of the page): a URL that may be one
 * of CAPTURE_PATHS. Kept as source text so the MAIN-world script can use it without other imports.
 */
export const CAPTURE_URL_HINT =
  /\/api\/v1\/oec\/affiliate\/(creator\/marketplace|seller\/invitation_group)\//;

/** Which captured response a URL is, or null for everything the extension ignores. */
export function captureKind(url: string, base = 'https://affiliate.tiktok.com/'): CaptureKind | null {
  let path: string;
  try {
    path = new URL(url, base).pathname;
  } catch {
    return null;
  }
  for (const [re, kind] of CAPTURE_PATHS) if (re.test(path)) return kind;
  return null;
}

/** A creator as the extension keeps it: the ingest item plus the page's own id for the creator. */
export interface Harvested {
  oecuid: string;
  profile: IngestItem;
}
/** What goes to `/blogger/ingest`: the contract's profile input, every field optional but the handle. */
export type IngestItem = { unique_id: string } & Partial<
  Record<Exclude<keyof CreatorProfile, 'unique_id'>, string | number>
>;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A metric arrives as `{value, is_authorized, status}`; a locked or not yet computed one has no
 * `value` and must never overwrite real data, so it reads as undefined. Plain values pass.
 */
export function metric(v: unknown): number | string | undefined {
  if (isObj(v)) return 'value' in v ? metric(v.value) : undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  return undefined;
}
/** A wrapped object or list (`{value: {...}, is_authorized}`) → the inner value; others as they are. */
const plain = (v: unknown): unknown => (isObj(v) && 'value' in v && 'is_authorized' in v ? v.value : v);
const num = (v: unknown): number | undefined => {
  const m = metric(v);
  if (typeof m === 'number') return m;
  if (typeof m === 'string' && /^-?\d+(\.\d+)?$/.test(m.trim())) return Number(m);
  return undefined;
};
const str = (v: unknown): string | undefined => {
  const m = metric(v);
  return m === undefined ? undefined : String(m);
};

const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;

/** A handle CreatorDesk accepts (the contract's pattern), without a leading @; else null. */
export function cleanHandle(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const h = v.trim().replace(/^@/, '');
  return HANDLE_PATTERN.test(h) ? h : null;
}

/** One creator object of `find` or `profile` → the ingest item. */
export function mapCreator(raw: unknown): Harvested | null {
  if (!isObj(raw)) return null;
  const handle = cleanHandle(metric(raw.handle));
  const oecuid = str(raw.creator_oecuid) ?? str(raw.creator_oec_id) ?? '';
  if (!handle) return null;
  const p: IngestItem = { unique_id: handle };
  const set = (k: keyof IngestItem, v: string | number | undefined) => {
    if (v !== undefined) (p as Record<string, unknown>)[k] = v;
  };
  const region = str(raw.selection_region)?.toUpperCase();
  if (region && (COUNTRIES as readonly string[]).includes(region)) p.country = region;
  set('nick_name', str(raw.nickname));
  set('follower_count', metric(raw.follower_cnt));
  set('units_sold_t30', metric(raw.units_sold));
  const gmv = num(raw.med_gmv_revenue);
  set('gmv_t30', gmv ?? num(raw.video_gmv) ?? num(raw.live_gmv));
  const engagement = num(raw.video_engagement);
  // Sent ×100 (239 = 2.39 %).
  if (engagement !== undefined) p.video_engagement_t30 = Math.round(engagement) / 100;
  set('video_publish_t30', metric(raw.video_publish_cnt_30d));
  const av = plain(raw.avatar);
  const avatar = isObj(av) ? av : undefined;
  const thumbs = avatar && Array.isArray(avatar.thumb_url_list) ? avatar.thumb_url_list : [];
  const urls = avatar && Array.isArray(avatar.url_list) ? avatar.url_list : [];
  const img = [...thumbs, ...urls].find((u): u is string => typeof u === 'string' && /^https:\/\//.test(u));
  set('head_img', img);
  const category = plain(raw.category);
  const cats = Array.isArray(category)
    ? category.map((c) => (isObj(c) ? str(c.name) : undefined)).filter((c): c is string => !!c)
    : [];
  if (cats.length) p.categorys = cats.join(',');
  const bio = str(raw.bio);
  set('signature', bio);
  set('bio_link', str(raw.bio_url));
  const email = bio ? EMAIL_IN_TEXT.exec(bio)?.[0] : undefined;
  set('email', email);
  return { oecuid, profile: p };
}

/**
 * Where an answer keeps its payload. Affiliate Center sends `find` and `profile` payloads at the
 * top level, beside `code` and `message` (every public harvester of those pages reads them there);
 * a `data` wrapper, as other TikTok calls use, is accepted too so a change between the two shapes
 * does not silently stop the harvest.
 */
function payload(json: unknown, key: string): unknown {
  if (!isObj(json)) return undefined;
  if (key in json) return json[key];
  return isObj(json.data) ? json.data[key] : undefined;
}

/** `find` answer → its creators (`creator_profile_list`, top level or under `data`). */
export function mapFind(json: unknown): Harvested[] {
  const list = payload(json, 'creator_profile_list');
  return Array.isArray(list) ? list.map(mapCreator).filter((c): c is Harvested => c !== null) : [];
}

/**
 * One `profile` answer (`creator_profile`, top level or under `data`): the detail page asks about
 * four times, each answer a different slice, so the caller merges them per creator with
 * mergeHarvested.
 */
export function mapProfile(json: unknown): Harvested | null {
  const profile = payload(json, 'creator_profile');
  return profile === undefined ? null : mapCreator(profile);
}

/** Later slices fill in; a field a slice lacks keeps what an earlier one gave. */
export function mergeHarvested(a: Harvested, b: Harvested): Harvested {
  return { oecuid: b.oecuid || a.oecuid, profile: { ...a.profile, ...b.profile } };
}

/**
 * A video a creator posted, as the detail page's top-video slice shows it (`profile_types: [5]`):
 * `creator_profile.top_video_data` and `ec_top_video_data` (the ones with products), each a wrapped
 * list of `{item_id, release_date, play_cnt, like_cnt, comment_cnt, video_products[{product_id}]}`.
 * `item_id` is the TikTok video id (`video.id` is a media id, never read); `release_date` is Unix
 * seconds as text (milliseconds are read as such). The page shows a sample of top videos, not the
 * creator's whole history (docs/decisions/extension.md, "Videos from the profile page").
 */
export interface HarvestedVideo {
  video_id: string;
  /** Unix seconds. */
  post_time: number;
  views?: number;
  likes?: number;
  comments?: number;
  product_ids: string[];
}

/** The most top videos read from one answer (the page shows about ten). */
export const VIDEOS_PER_PROFILE_MAX = 50;

const count = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

function mapVideo(raw: unknown): HarvestedVideo | null {
  if (!isObj(raw)) return null;
  const id = str(raw.item_id);
  if (!id || !/^\d{1,30}$/.test(id)) return null;
  const at = num(raw.release_date);
  if (at === undefined || at <= 0) return null;
  // Seconds since 2016 and before 2100; a value that large is milliseconds.
  const seconds = Math.floor(at > 1e12 ? at / 1000 : at);
  if (seconds < 1_451_606_400 || seconds > 4_102_444_800) return null;
  const products = plain(raw.video_products);
  const v: HarvestedVideo = {
    video_id: id,
    post_time: seconds,
    product_ids: (Array.isArray(products) ? products : [])
      .map((p) => (isObj(p) ? str(p.product_id) : undefined))
      .filter((p): p is string => !!p && /^\d{1,30}$/.test(p)),
  };
  const set = (k: 'views' | 'likes' | 'comments', x: number | undefined) => {
    if (x !== undefined) v[k] = x;
  };
  set('views', count(raw.play_cnt));
  set('likes', count(raw.like_cnt));
  set('comments', count(raw.comment_cnt));
  return v;
}

/** The creator a `profile` request asks about (`creator_oec_id`), or '' when it names none. */
export function requestedCreator(requestBody: string | null): string {
  try {
    const req: unknown = requestBody ? JSON.parse(requestBody) : null;
    const id = isObj(req) ? str(req.creator_oec_id) : undefined;
    return id && /^\d{1,30}$/.test(id) ? id : '';
  } catch {
    return '';
  }
}

/**
 * One `profile` answer's top videos and the creator they are of: the request names the creator
 * (`creator_oec_id`; the video slice may not carry the handle), the answer the videos. A video in
 * both lists is one, with the products of either. A slice without videos, or a locked list (no
 * `value`), gives none: never "the creator has no videos".
 */
export function mapProfileVideos(
  requestBody: string | null,
  json: unknown,
): { oecuid: string; videos: HarvestedVideo[] } | null {
  const profile = payload(json, 'creator_profile');
  if (!isObj(profile)) return null;
  const oecuid = requestedCreator(requestBody) || (str(profile.creator_oecuid) ?? '');
  if (!/^\d{1,30}$/.test(oecuid)) return null;
  const byId = new Map<string, HarvestedVideo>();
  for (const key of ['ec_top_video_data', 'top_video_data']) {
    const list = plain(profile[key]);
    if (!Array.isArray(list)) continue;
    for (const raw of list) {
      const v = mapVideo(plain(raw));
      if (!v) continue;
      const had = byId.get(v.video_id);
      byId.set(
        v.video_id,
        had ? { ...v, ...had, product_ids: [...new Set([...had.product_ids, ...v.product_ids])] } : v,
      );
    }
  }
  const videos = [...byId.values()].slice(0, VIDEOS_PER_PROFILE_MAX);
  return videos.length ? { oecuid, videos } : null;
}

/** What the page's own `invitation_group/create` call asked for and whether TikTok took it. */
export interface InviteCapture {
  oecuids: string[];
  productIds: string[];
  ok: boolean;
}
export function mapInvite(requestBody: string | null, json: unknown): InviteCapture | null {
  let req: unknown;
  try {
    req = requestBody ? JSON.parse(requestBody) : null;
  } catch {
    return null;
  }
  const group = isObj(req) && isObj(req.invitation_group) ? req.invitation_group : undefined;
  if (!group) return null;
  const oecuids = (Array.isArray(group.creator_id_list) ? group.creator_id_list : [])
    .map((c) => (isObj(c) && isObj(c.base_info) ? str(c.base_info.creator_oec_id) : undefined))
    .filter((c): c is string => !!c);
  const productIds = (Array.isArray(group.product_list) ? group.product_list : [])
    .map((p) => (isObj(p) ? str(p.product_id) : undefined))
    .filter((p): p is string => !!p && /^\d{1,30}$/.test(p));
  const ok = isObj(json) && json.code === 0 && isObj(payload(json, 'invitation'));
  return { oecuids, productIds, ok };
}

// ---- DOM hooks ----

export const SELECTORS = {
  /** The scroll area of the creator search results: where badges are drawn. */
  searchResults: '#modern_sub_app_container_connection',
  /** The IM input box, newest first. */
  imInput: ['#im_sdk_chat_input textarea', 'textarea#imTextarea', 'textarea[placeholder="Send a message"]'],
  /** The box around the IM input (its footer holds the counter and Send). */
  imInputBox: '#im_sdk_chat_input',
  /** The seller's own bubbles in the transcript. */
  imOwnBubble: 'div.chatd-message--right',
  /** The creator's bubbles. */
  imTheirBubble: 'div.chatd-message--left',
  /** The target-invitation form's message box, name box (matched by placeholder or label). */
  inviteMessage: ['textarea[placeholder*="message" i]', 'textarea'],
  inviteName: ['input[placeholder*="name" i]'],
} as const;

/** The `N/2000` counter beside the IM box. */
export const IM_COUNTER = /^\s*(\d{1,4})\s*\/\s*2000\s*$/;
export const IM_MAX_CHARS = 2000;

export function firstMatch<E extends Element>(root: ParentNode, selectors: readonly string[]): E | null {
  for (const s of selectors) {
    const el = root.querySelector<E>(s);
    if (el) return el;
  }
  return null;
}

/** The IM counter's current value, or null when the page shows none. */
export function imCounter(doc: Document): number | null {
  const box = doc.querySelector(SELECTORS.imInputBox) ?? doc.body;
  if (!box) return null;
  const walker = doc.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const m = IM_COUNTER.exec(n.nodeValue ?? '');
    if (m) return Number(m[1]);
  }
  return null;
}

/** The seller's own bubbles after the creator's last one (TikTok allows 5 before a reply). */
export function ownBubblesSinceReply(doc: Document): number {
  const all = doc.querySelectorAll(`${SELECTORS.imOwnBubble}, ${SELECTORS.imTheirBubble}`);
  let n = 0;
  for (const el of all) n = el.matches(SELECTORS.imOwnBubble) ? n + 1 : 0;
  return n;
}

/**
 * Sets a React-controlled field: React ignores a plain `.value =`, so call the prototype's native
 * setter, then dispatch a bubbling `input` event. Never submits anything.
 */
export function setNativeValue(el: HTMLTextAreaElement | HTMLInputElement, value: string): void {
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
