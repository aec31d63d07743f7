/**
 * Content records from a file (docs/decisions/exports-and-intake.md, "Content from a file"). Each row
 * is read on its own: a handle that is not one, a video that is neither digits nor a TikTok video link
 * (or a link of another creator than the row's), a post time that is not a real year-first time or an
 * instant, a product id that is not digits, a count that is not whole digits, a GMV that is not a plain
 * decimal with at most two decimals, is refused and named by row, field and value; so is a creator the
 * workspace does not have in the country and a video the workspace holds under another creator. The
 * other rows still count. One record per creator and video: a video the workspace has already keeps
 * its record (a member may have corrected it) and only its counts are read, as a new snapshot when
 * they changed (`snapshotIfChanged`), so the same file imported again writes nothing. A new record
 * moves the creator's shipped sample to "content posted" through `postedFromContent`, the step a
 * pasted link takes. The workspace's version lock is taken first (the cap holds under concurrent
 * calls); a dry run (the screen's Check) reads the same way and writes nothing, not even a version.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Country, Language } from '../../contract/constants.ts';
import {
  CONTENT_COUNT_MAX,
  CONTENT_GMV_MAX,
  CONTENT_HANDLE_MAX,
  CONTENT_MAX,
  CONTENT_VIDEO_ID_MAX,
  PLAN_PRODUCTS_MAX,
} from '../../contract/limits.ts';
import type { ContentImportRefusal, ContentImportRequest } from '../../contract/schemas/content-import.ts';
import { yearFirst } from '../../contract/date-order.ts';
import { shopOffsetAt } from '../../contract/shop-time.ts';
import { isVideoLink, parseVideoLink } from '../../contract/tiktok-link.ts';
import {
  countContent,
  insertContent,
  nextSnapshot,
  snapshotIfChanged,
  updateContent,
} from '../db/content.repository.ts';
import { chunks } from '../db/creator.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { message } from '../domain/messages.ts';
import '../domain/messages/content-import.messages.ts';
import '../domain/messages/import-dates.messages.ts';
import { planOfRecord, postedFromContent } from './content.service.ts';

type Trx = Transaction<DB>;
/** The request, and where its rows come from (the route says so from the caller's token). */
type Input = z.infer<typeof ContentImportRequest> & { source?: 'file' | 'extension' };

const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
const HANDLE = new RegExp(`^@?([A-Za-z0-9_.]{2,${CONTENT_HANDLE_MAX}})$`);
const VIDEO_ID = new RegExp(`^\\d{1,${CONTENT_VIDEO_ID_MAX}}$`);
/** Unix seconds, 2016 (TikTok's start) to 2100, as a pasted link's post time. */
const TIME_MIN = 1_451_606_400;
const TIME_MAX = 4_102_444_800;

/**
 * A post time cell → unix seconds, or null when it is not one. Year first only (`2026-03-10 14:05`,
 * `2026/3/10 14:05:11`, a day alone is its shop midnight), read in the shop's time zone; or an
 * instant with its zone (`…Z`, `…+08:00`: a spreadsheet's date cell as the reader writes it). A
 * day-first or month-first date (`02/03/2026`) names two days and is refused, never guessed: the
 * import rewrites it year first only when the member chose the file's order (contract/date-order.ts).
 */
export function readPostTime(raw: string, country: Country): number | null {
  const s = raw.trim();
  const zoned = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.exec(s);
  let t: number;
  if (zoned) {
    const ms = Date.parse(s);
    if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 4) !== s.slice(0, 4)) return null;
    t = Math.floor(ms / 1000);
    // the date part must name a real day (Date.parse rolls 2026-02-30 over)
    const [y, mo, d] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
    if (!realDay(y, mo, d)) return null;
  } else {
    const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
    if (!m) return null;
    const [y, mo, d, h, mi, se] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
    if (!realDay(y!, mo!, d!) || h! > 23 || mi! > 59 || se! > 59) return null;
    const local = Date.UTC(y!, mo! - 1, d!, h, mi, se) / 1000;
    const guess = local - shopOffsetAt(local, country);
    t = local - shopOffsetAt(guess, country);
  }
  return t >= TIME_MIN && t <= TIME_MAX ? t : null;
}

function realDay(y: number, mo: number, d: number): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

interface Read {
  row: number;
  handle: string;
  videoId: string;
  link: string;
  postTime: number;
  products: string[];
  counts: { views?: number; likes?: number; comments?: number; orders?: number; gmv?: number };
}

const COUNT_FIELDS = ['views', 'likes', 'comments', 'orders'] as const;

export async function importContent(trx: Trx, ws: number, by: Actor, input: Input, lang: Language) {
  // A check writes nothing, so it takes no version (a new one would wake every member's device).
  const version = input.dryRun ? 0 : await nextVersion(trx, ws);
  const country = input.country;
  const refused: ContentImportRefusal[] = [];
  const refuse = (row: number, field: string, value: string, key: string, params = {}) =>
    refused.push({ row, field, value: cut(value), reason: message(key, lang, params) });

  // 1. Each row's cells, on their own.
  const read: Read[] = [];
  const seen = new Map<string, number>();
  for (const r of input.rows) {
    const before = refused.length;
    const creatorCell = r.creator.trim();
    const handle = HANDLE.exec(creatorCell)?.[1]?.toLowerCase();
    if (!creatorCell) refuse(r.row, 'creator', creatorCell, 'content_import_creator_required');
    else if (!handle) refuse(r.row, 'creator', creatorCell, 'content_import_creator_invalid');
    const video = r.video.trim();
    let videoId: string | null = null;
    let link = '';
    if (!video) refuse(r.row, 'video', video, 'content_import_video_required');
    else if (VIDEO_ID.test(video)) videoId = video.replace(/^0+(?=\d)/, '');
    else {
      const parsed = parseVideoLink(video);
      if (!isVideoLink(parsed)) refuse(r.row, 'video', video, 'content_import_video_invalid');
      else if (handle && parsed.handle !== handle)
        refuse(r.row, 'video', video, 'content_import_video_other_creator', { handle: parsed.handle });
      else ({ videoId, link } = parsed);
    }
    const timeCell = r.post_time.trim();
    // Read day or month first only when the member chose that order for the file.
    const postTime = timeCell ? readPostTime(yearFirst(timeCell, input.date_order), country) : null;
    if (!timeCell) refuse(r.row, 'post_time', timeCell, 'content_import_time_required');
    else if (postTime === null) refuse(r.row, 'post_time', timeCell, 'content_import_time_invalid');
    const productCell = (r.products ?? '').trim();
    const products = productCell ? productCell.split(/[\s,;]+/).filter(Boolean) : [];
    if (products.some((p) => !/^\d{1,40}$/.test(p)))
      refuse(r.row, 'products', productCell, 'content_import_product_invalid');
    else if (new Set(products).size > PLAN_PRODUCTS_MAX)
      refuse(r.row, 'products', productCell, 'content_import_products_many', { max: PLAN_PRODUCTS_MAX });
    const counts: Read['counts'] = {};
    for (const f of COUNT_FIELDS) {
      const c = (r[f] ?? '').trim();
      if (!c) continue;
      if (!/^\d{1,13}$/.test(c) || Number(c) > CONTENT_COUNT_MAX)
        refuse(r.row, f, c, 'content_import_count_invalid');
      else counts[f] = Number(c);
    }
    const gmv = (r.gmv ?? '').trim();
    if (gmv) {
      if (!/^\d{1,10}(\.\d{1,2})?$/.test(gmv) || Number(gmv) > CONTENT_GMV_MAX)
        refuse(r.row, 'gmv', gmv, 'content_import_gmv_invalid');
      else counts.gmv = Number(gmv);
    }
    if (refused.length > before) continue;
    const key = `${handle}|${videoId}`;
    const first = seen.get(key);
    if (first !== undefined) {
      refuse(r.row, 'video', video, 'content_import_repeat', { row: first });
      continue;
    }
    seen.set(key, r.row);
    read.push({
      row: r.row,
      handle: handle!,
      videoId: videoId!,
      link: link || `https://www.tiktok.com/@${handle}/video/${videoId}`,
      postTime: postTime!,
      products: [...new Set(products)],
      counts,
    });
  }

  // 2. The creators (live, of the workspace, in the country) and the records of those videos.
  const creators = new Map<string, number>();
  for (const part of chunks([...new Set(read.map((r) => r.handle))]))
    for (const c of await trx
      .selectFrom('creators')
      .select(['id', 'unique_id'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('country', '=', country)
      .where('unique_id', 'in', part)
      .execute())
      creators.set(c.unique_id.toLowerCase(), Number(c.id));
  const records = new Map<string, { id: number; handle: string; deleted: boolean }>();
  for (const part of chunks([...new Set(read.map((r) => r.videoId))]))
    for (const c of await trx
      .selectFrom('contents')
      .select(['id', 'handle', 'video_id', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .where('country', '=', country)
      .where('video_id', 'in', part)
      .execute())
      records.set(String(c.video_id), {
        id: Number(c.id),
        handle: c.handle.toLowerCase(),
        deleted: c.deleted_at !== null,
      });

  let added = 0;
  let updated = 0;
  let unchanged = 0;
  let moved = 0;
  // A harvest from the extension comes by itself whenever a profile page is opened: a record a
  // member deleted stays deleted (as the shop's content does), where a file, a deliberate act, revives it.
  const harvest = input.source === 'extension';
  const fresh = read.filter((r) => {
    const rec = records.get(r.videoId);
    return creators.has(r.handle) && (!rec || (rec.deleted && !harvest));
  }).length;
  if (fresh && (await countContent(trx, ws)) + fresh > CONTENT_MAX)
    throw new AppError(40009, 'content_limit', { max: CONTENT_MAX });
  const t = now();
  // One answer per creator and products within the import (its rows often repeat them).
  const plans = new Map<string, number>();
  const planOf = async (creatorId: number, products: string[]) => {
    const key = `${creatorId}|${[...products].sort().join(',')}`;
    let plan = plans.get(key);
    if (plan === undefined) plans.set(key, (plan = await planOfRecord(trx, ws, creatorId, products)));
    return plan;
  };
  for (const r of read) {
    const creatorId = creators.get(r.handle);
    if (!creatorId) {
      refuse(r.row, 'creator', r.handle, 'content_import_creator_unknown', { handle: r.handle, country });
      continue;
    }
    const rec = records.get(r.videoId);
    if (rec && rec.handle !== r.handle) {
      refuse(r.row, 'video', r.videoId, 'content_import_video_taken', { handle: rec.handle });
      continue;
    }
    const hasCounts = Object.keys(r.counts).length > 0;
    if (rec?.deleted && harvest) {
      unchanged++;
      continue;
    }
    if (rec && !rec.deleted) {
      // The workspace's record stays as it is; the file's counts are a snapshot when they changed.
      const changed = hasCounts && (await nextSnapshot(trx, ws, rec.id, r.counts)).changed;
      if (changed) {
        updated++;
        if (!input.dryRun) await snapshotIfChanged(trx, ws, rec.id, r.counts, t);
      } else unchanged++;
      continue;
    }
    added++;
    if (input.dryRun) continue;
    const values = {
      version,
      deleted_at: null,
      handle: r.handle,
      creator_id: creatorId,
      product_ids: r.products.join(','),
      // A harvested video is one of the creator's top videos, often older than any sample: no plan.
      plan_id: harvest ? 0 : await planOf(creatorId, r.products),
      link: r.link,
      kind: 'video',
      post_time: r.postTime,
      source: harvest ? 'extension' : 'file',
      user_id: by.id,
      user_name: by.name,
      add_time: t,
      update_time: t,
    };
    const row = rec
      ? await updateContent(trx, ws, rec.id, values)
      : await insertContent(trx, { ...values, workspace_id: ws, country, video_id: r.videoId });
    // A harvested video moves only samples sent on or before it was posted.
    moved += await postedFromContent(trx, ws, by, row, lang, harvest ? { sentBy: r.postTime } : {});
    if (hasCounts) await snapshotIfChanged(trx, ws, row.id, r.counts, t);
  }
  refused.sort((a, b) => a.row - b.row);
  return {
    added,
    updated,
    unchanged,
    moved,
    rows: input.rows.length - new Set(refused.map((r) => r.row)).size,
    refused,
  };
}
