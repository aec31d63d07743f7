/**
 * The isolated-world content script on Affiliate Center pages. It receives what the MAIN-world
 * interceptor saw, maps it through the adapter, hands creators to the service worker (which
 * ingests them only when collecting is on for that page), draws badges, and mounts the outreach
 * panel on the IM page and the target-invitation form. It never calls CreatorDesk itself.
 */
import { z } from 'zod';
import type { Country } from '../../../contract/constants.ts';
import {
  captureKind,
  imCreatorId,
  mapFind,
  mapInvite,
  mapProfile,
  mapProfileVideos,
  mergeHarvested,
  requestedCreator,
  pageKind,
  regionOf,
  type Harvested,
  type HarvestedVideo,
} from '../affiliate/adapter.ts';
import {
  isCaptureMessage,
  type ContactAnswer,
  type Request,
  type StatusAnswer,
  type StatusChanged,
  type TemplatesAnswer,
} from '../shared/messages.ts';
import type { Whois } from '../worker/core.ts';
import { BadgeLayer } from './badges.ts';
import { mountPanel } from './outreach.ts';

z.config({ jitless: true });

const ask = <T>(msg: Request): Promise<T> => chrome.runtime.sendMessage(msg) as Promise<T>;

const kind = () => pageKind(location.href);
const country = (): Country => regionOf(location.href) ?? 'US';

const badges = new BadgeLayer(document, () => kind() === 'search' || kind() === 'profile');
/** Handle (lower case) → display name, for every creator the page loaded. */
const names = new Map<string, string>();
/** Profile slices per creator (the detail page asks several times, each a different part). */
const profiles = new Map<string, Harvested>();
/**
 * Top videos per creator id (`creator_oec_id`), kept until a slice naming the creator's handle has
 * arrived: the video slice may not carry it, and the slices come in any order.
 */
const videosWaiting = new Map<string, HarvestedVideo[]>();

function handleOf(oecuid: string): string | null {
  for (const h of profiles.values()) if (h.oecuid === oecuid) return h.profile.unique_id;
  return null;
}

/** Sends the creator's waiting videos once their handle is known (the worker decides whether to keep them). */
function sendVideos(oecuid: string): void {
  const videos = videosWaiting.get(oecuid);
  const handle = videos && handleOf(oecuid);
  if (!videos || !handle) return;
  videosWaiting.delete(oecuid);
  void ask({ type: 'videos', country: country(), handle, videos }).catch(() => undefined);
}

/**
 * Handles this page has asked about since it loaded or last navigated. The worker's status cache
 * outlives a page, and the seller may have changed a creator in the app meanwhile (blacklisted,
 * tagged), so a page's first look at a creator asks the server; later looks in the same page
 * (another profile slice, a redraw) may use the cache, which the worker drops for every change it
 * hears of.
 */
const asked = new Set<string>();

async function lookUp(handles: string[]): Promise<void> {
  if (!handles.length) return;
  const first = handles.filter((h) => !asked.has(h.toLowerCase()));
  const again = handles.filter((h) => asked.has(h.toLowerCase()));
  for (const h of first) asked.add(h.toLowerCase());
  const c = country();
  await Promise.all(
    [
      { handles: first, fresh: true },
      { handles: again, fresh: false },
    ]
      .filter((q) => q.handles.length)
      .map(async (q) => {
        const r = await ask<StatusAnswer>({ type: 'status', country: c, ...q });
        if (r?.statuses) badges.set(r.statuses);
      }),
  );
}

function creatorsLoaded(list: Harvested[]): Promise<unknown> {
  if (!list.length) return Promise.resolve();
  for (const c of list)
    names.set(c.profile.unique_id.toLowerCase(), String(c.profile.nick_name ?? c.profile.unique_id));
  const k = kind();
  const page = k === 'search' || k === 'profile' ? k : 'other';
  const told = ask({ type: 'captured', page, country: country(), creators: list }).catch(() => undefined);
  void lookUp(list.map((c) => c.profile.unique_id)).catch(() => undefined);
  return told;
}

window.addEventListener('message', (e: MessageEvent) => {
  // Only the page's own window on this origin, on our channel, in the expected shape.
  if (e.source !== window || e.origin !== location.origin || !isCaptureMessage(e.data)) return;
  const { url, body, request } = e.data;
  const what = captureKind(url, location.href);
  if (!what) return;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return;
  }
  if (what === 'find') void creatorsLoaded(mapFind(json));
  else if (what === 'profile') {
    const shown = mapProfileVideos(request, json);
    if (shown) videosWaiting.set(shown.oecuid, shown.videos);
    const slice = mapProfile(json);
    // The request names the creator when a slice does not carry their id.
    if (slice && !slice.oecuid) slice.oecuid = requestedCreator(request);
    let told: Promise<unknown> = Promise.resolve();
    if (slice) {
      const key = slice.profile.unique_id.toLowerCase();
      const merged = profiles.has(key) ? mergeHarvested(profiles.get(key)!, slice) : slice;
      profiles.set(key, merged);
      told = creatorsLoaded([merged]);
    }
    // After the worker has queued the creator, so the server has them when their videos arrive.
    void told.then(() => {
      for (const oecuid of [...videosWaiting.keys()]) sendVideos(oecuid);
    });
  } else {
    const invite = mapInvite(request, json);
    if (invite?.ok && invite.oecuids.length)
      void ask({
        type: 'invited',
        country: country(),
        oecuids: invite.oecuids,
        productIds: invite.productIds,
      });
  }
});

chrome.runtime.onMessage.addListener((msg: StatusChanged) => {
  if (msg?.type !== 'status-changed') return false;
  const wanted = msg.handles ?? [...names.keys()];
  if (!msg.handles) badges.clear();
  void lookUp(wanted.filter((h) => names.has(h))).catch(() => undefined);
  return false;
});

/** Creators an IM or invitation page is about, from the oecuids in its URL. */
async function pageCreators(): Promise<string[]> {
  const u = new URL(location.href);
  const ids =
    kind() === 'im'
      ? [imCreatorId(location.href)]
      : [...u.searchParams.entries()].filter(([k]) => /^creator_ids(\[\d*\])?$/.test(k)).map(([, v]) => v);
  const out: string[] = [];
  for (const id of ids) {
    if (!id) continue;
    const who = await ask<Whois | null>({ type: 'whois', oecuid: id });
    if (who?.handle) {
      out.push(who.handle);
      if (!names.has(who.handle.toLowerCase())) names.set(who.handle.toLowerCase(), who.name);
    }
  }
  return out;
}

let unmount: (() => void) | null = null;
let mountedFor = '';
async function mountOutreach(): Promise<void> {
  const k = kind();
  const here = `${k} ${location.href}`;
  if (here === mountedFor) return;
  unmount?.();
  unmount = null;
  mountedFor = here;
  if (k !== 'im' && k !== 'invite') return;
  const handles = await pageCreators();
  const c = country();
  const one = handles[0];
  unmount = mountPanel({
    doc: document,
    kind: k,
    country: c,
    handles,
    names: Object.fromEntries(handles.map((h) => [h, names.get(h.toLowerCase()) ?? h])),
    loadTemplates: () => ask<TemplatesAnswer>({ type: 'templates', country: c }),
    loadStatus: async () => {
      if (!one) return { row: null, quota: null };
      const r = await ask<StatusAnswer>({ type: 'status', country: c, handles: [one], fresh: true });
      return { row: r.statuses[one.toLowerCase()] ?? null, quota: r.quota };
    },
    recordSend: async () =>
      one
        ? ask<ContactAnswer>({ type: 'contact', country: c, handle: one })
        : { ok: false, note: 'CreatorDesk does not know who this chat is with.' },
  });
}

function start(): void {
  badges.observe();
  void mountOutreach();
  // Affiliate Center is a single-page app: follow its navigations.
  let last = location.href;
  setInterval(() => {
    if (location.href === last) return;
    last = location.href;
    // A new view of the app: creators it shows are asked about afresh.
    asked.clear();
    void mountOutreach();
  }, 500);
}

if (document.body) start();
else document.addEventListener('DOMContentLoaded', start, { once: true });
