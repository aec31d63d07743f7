/**
 * `orders`: the shop's affiliate orders into the order lines the file import writes
 * (server/services/shop-orders.service.ts).
 *
 * TikTok's search filters by create time only; it has no update time to resume from (the guide's
 * "Search seller affiliate orders"). So a run is a pass over a create-time range, walked newest
 * first in slices of SLICE_DAYS (one reading says TikTok serves at most three months a request,
 * unconfirmed). The first pass reaches back HISTORY_DAYS. After it, two kinds of pass:
 * - a recent pass (most runs) reads from RECENT_DAYS before the previous pass's end: the new orders,
 *   plus an overlap for orders that change soon after they are placed (cancellations) or reach the
 *   search after their create time; its cost follows the new lines, not the shop's size;
 * - a deep pass, once SWEEP_SECONDS have gone by since the last one, re-reads the REVISIT_DAYS
 *   before the previous pass's end, long enough for an order to settle, be refunded or deducted,
 *   so its commission and status follow (docs/decisions/shop-connection.md, "No update time").
 * The cursor (JSON) holds the pass, the slice and the page token, committed with each page's
 * lines: a crash resumes at the next page.
 */
import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import {
  AffiliateOrder,
  type ApiOrderLine,
  ORDERS_PAGE_SIZE,
  ORDERS_SEARCH_PATH,
  orderLines,
} from '../../../integrations/tiktok-shop/index.ts';
import { nextVersion, now } from '../../../db/versioning.ts';
import { sumWeekGroup, weekGroups } from '../../../services/order-sums.ts';
import { writeShopOrderLines } from '../../../services/shop-orders.service.ts';
import type { SyncContext, SyncKind } from '../types.ts';

const DAY = 86_400;
export const SLICE_DAYS = 30;
export const HISTORY_DAYS = 365;
export const REVISIT_DAYS = 45;
export const RECENT_DAYS = 2;
export const SWEEP_SECONDS = 6 * 3600;

const Cursor = z.object({
  /** The end of the last finished pass (0: none yet). */
  done: z.number().int().min(0),
  /** The pass under way: [floor, end), walked down; `lt` is the current slice's end. 0: none. */
  floor: z.number().int().min(0).default(0),
  end: z.number().int().min(0).default(0),
  lt: z.number().int().min(0).default(0),
  page: z.string().max(4096).default(''),
  /** The pass under way re-reads REVISIT_DAYS (or is the first): 1. */
  deep: z.number().int().min(0).max(1).default(1),
  /** When the last deep pass started (0: none; a cursor from before recent passes). */
  swept: z.number().int().min(0).default(0),
  /** Weeks the pass under way wrote lines in, summed when it ends: (Monday 00:00 UTC + 3 days) / 7 days. */
  weeks: z.array(z.number().int().min(0).max(1_000_000)).max(600).default([]),
});
type Cursor = z.infer<typeof Cursor>;

export function readCursor(raw: string, log?: SyncContext['log']): Cursor {
  const none: Cursor = { done: 0, floor: 0, end: 0, lt: 0, page: '', deep: 1, swept: 0, weeks: [] };
  if (!raw) return none;
  try {
    return Cursor.parse(JSON.parse(raw));
  } catch {
    log?.warn({ cursor: raw.slice(0, 200) }, 'orders sync cursor unreadable: starting a full pass');
    return none;
  }
}

function startPass(c: Cursor, now: number): Cursor {
  const pass = { done: c.done, end: now, lt: now, page: '', weeks: [] };
  if (!c.done) return { ...pass, floor: Math.max(0, now - HISTORY_DAYS * DAY), deep: 1, swept: now };
  if (now - c.swept >= SWEEP_SECONDS)
    return { ...pass, floor: Math.max(0, c.done - REVISIT_DAYS * DAY), deep: 1, swept: now };
  return { ...pass, floor: Math.max(0, c.done - RECENT_DAYS * DAY), deep: 0, swept: c.swept };
}

/**
 * Pages are written in batches, one transaction each (lines, plan stages, cursor). The first batch
 * is one page (the shop shows progress at once), each next one twice the last, up to BATCH_PAGES;
 * a batch is also written once it has waited BATCH_SECONDS on the adapter's clock (ctx.now, which
 * tests hold still, so their batches are cut by page count alone), so a slow or throttled API never
 * holds fetched pages (or the lease) long. The weeks a batch wrote lines in go into the cursor, and once
 * the pass ends, each of them is summed once (a week written by ten batches is summed once, not ten
 * times; `sumWeeks`). A crash loses only the pages not yet written, which the resumed run fetches
 * again, and the weeks still to sum are in the committed cursor: the pass that ends sums them, or
 * the next run does if the pass had ended. Batches of up to 32 pages held more fetched lines, and the
 * lines they were compared with, than V8 collected in time: at 1,000,000 lines the server's memory
 * grew 123 MB with 32, 105 MB with 16 and 94 MB with 8 (median of three), for a first sync 10-25 s
 * longer (docs/benchmarks.md, "Memory: what the server holds").
 */
export const BATCH_PAGES = 8;
const BATCH_SECONDS = 10;
const WEEK = 7 * DAY;
const weekIndex = (week: number) => Math.round((week + 3 * DAY) / WEEK);
const weekOfIndex = (i: number) => i * WEEK - 3 * DAY;

interface Pending {
  lines: ApiOrderLine[];
  pages: number;
  cursor: Cursor;
  rejected?: { count: number; requestId: string; problem: string };
  /** When its first page came (ctx.now, seconds). */
  since: number;
}

async function write(ctx: SyncContext, b: Pending): Promise<Cursor> {
  // Lines added or changed, and the cursor with the weeks they touched, known once the write ran
  // (the commit reads `lines` and `cursor` after `write`).
  let stored = 0;
  let next = b.cursor;
  await ctx.commit({
    get cursor() {
      return JSON.stringify(next);
    },
    get lines() {
      return stored;
    },
    rejected: b.rejected,
    write: async (trx) => {
      const weeks = new Set(b.cursor.weeks.map(weekOfIndex));
      stored = (await writeShopOrderLines(trx, ctx.shop.workspaceId, ctx.shop.country, b.lines, weeks))
        .written;
      next = { ...b.cursor, weeks: [...weeks].map(weekIndex) };
    },
  });
  // The pass ends: its weeks summed once each.
  return next.end ? next : sumWeeks(ctx, next);
}

/**
 * Sums the weeks a finished pass wrote lines in, each week in groups of creators (order-sums.ts,
 * weekGroups), one transaction a group and the event loop free between them: summed in one
 * transaction, a first sync of 1,000,000 lines held SQLite's one connection, and every request to
 * the server, for about 23 s (docs/benchmarks.md, "Memory: what the server holds"). A week leaves
 * the cursor with its last group, so after a crash the next run sums the weeks still in it before
 * it starts a new pass; summing a group again writes the same rows.
 */
async function sumWeeks(ctx: SyncContext, c: Cursor): Promise<Cursor> {
  const { workspaceId: ws, country } = ctx.shop;
  let left = [...new Set(c.weeks)].sort((a, b) => a - b);
  for (const w of [...left]) {
    const groups = await weekGroups(ctx.db, ws, country, weekOfIndex(w));
    const rest = left.filter((x) => x !== w);
    for (let i = 0; i < Math.max(1, groups.length); i++) {
      const group = groups[i];
      const cursor = { ...c, weeks: i >= groups.length - 1 ? rest : left };
      await ctx.commit({
        cursor: JSON.stringify(cursor),
        lines: 0,
        write: group
          ? async (trx) =>
              sumWeekGroup(trx, ws, country, weekOfIndex(w), group, await nextVersion(trx, ws), now())
          : undefined,
      });
      await setImmediate(); // the event loop's turn
    }
    left = rest;
  }
  return { ...c, weeks: [] };
}

export const ordersKind: SyncKind = {
  kind: 'orders',
  everySeconds: 3600,
  async run(ctx) {
    let c = readCursor(ctx.cursor, ctx.log);
    // Weeks a finished pass left unsummed (a crash while summing) are summed before a new pass.
    if (!c.end && c.weeks.length) c = await sumWeeks(ctx, c);
    if (!c.end) c = startPass(c, ctx.now());
    let size = 1;
    let b: Pending | null = null;
    while (c.end) {
      const ge = Math.max(c.floor, c.lt - SLICE_DAYS * DAY);
      for await (const page of ctx.api.pages(
        {
          method: 'POST',
          path: ORDERS_SEARCH_PATH,
          body: { create_time_ge: ge, create_time_lt: c.lt },
          pageSize: ORDERS_PAGE_SIZE,
          pageToken: c.page,
        },
        { itemsField: 'orders', item: AffiliateOrder },
      )) {
        const next: Cursor = page.nextPageToken
          ? { ...c, page: page.nextPageToken }
          : ge > c.floor
            ? { ...c, lt: ge, page: '' }
            : { done: c.end, floor: 0, end: 0, lt: 0, page: '', deep: 0, swept: c.swept, weeks: c.weeks };
        b ??= { lines: [], pages: 0, cursor: next, since: ctx.now() };
        for (const o of page.items) b.lines.push(...orderLines(o));
        b.pages++;
        b.cursor = next;
        if (page.rejected.length)
          b.rejected = {
            count: (b.rejected?.count ?? 0) + page.rejected.length,
            requestId: b.rejected?.requestId ?? page.requestId,
            problem: b.rejected?.problem ?? page.rejected[0]!.problem,
          };
        c = next;
        if (b.pages >= size || ctx.now() - b.since >= BATCH_SECONDS) {
          c = await write(ctx, b);
          b = null;
          size = Math.min(BATCH_PAGES, size * 2);
        }
      }
    }
    if (b) await write(ctx, b);
  },
};
