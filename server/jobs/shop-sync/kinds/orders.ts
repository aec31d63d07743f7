/**
 * `orders`: the shop's affiliate orders into the order lines the file import writes
 * (server/services/shop-orders.service.ts).
 *
 * TikTok's search filters by create time only; it has no update time to resume from (the guide's
 * "Search seller affiliate orders"). So a run is a pass over a create-time range, walked newest
 * first in slices of SLICE_DAYS (one reading says TikTok serves at most three months a request,
 * unconfirmed): the first pass reaches back HISTORY_DAYS, every later one re-reads the last
 * REVISIT_DAYS before the previous pass's end, long enough for an order to settle, be refunded or
 * deducted, so its commission and status follow. The cursor (JSON) holds the pass, the slice and
 * the page token, committed with each page's lines: a crash resumes at the next page.
 */
import { z } from 'zod';
import {
  AffiliateOrder,
  type ApiOrderLine,
  ORDERS_PAGE_SIZE,
  ORDERS_SEARCH_PATH,
  orderLines,
} from '../../../integrations/tiktok-shop/index.ts';
import { writeShopOrderLines } from '../../../services/shop-orders.service.ts';
import type { SyncContext, SyncKind } from '../types.ts';

const DAY = 86_400;
export const SLICE_DAYS = 30;
export const HISTORY_DAYS = 365;
export const REVISIT_DAYS = 45;

const Cursor = z.object({
  /** The end of the last finished pass (0: none yet). */
  done: z.number().int().min(0),
  /** The pass under way: [floor, end), walked down; `lt` is the current slice's end. 0: none. */
  floor: z.number().int().min(0).default(0),
  end: z.number().int().min(0).default(0),
  lt: z.number().int().min(0).default(0),
  page: z.string().max(4096).default(''),
});
type Cursor = z.infer<typeof Cursor>;

export function readCursor(raw: string, log?: SyncContext['log']): Cursor {
  if (!raw) return { done: 0, floor: 0, end: 0, lt: 0, page: '' };
  try {
    return Cursor.parse(JSON.parse(raw));
  } catch {
    log?.warn({ cursor: raw.slice(0, 200) }, 'orders sync cursor unreadable: starting a full pass');
    return { done: 0, floor: 0, end: 0, lt: 0, page: '' };
  }
}

function startPass(c: Cursor, now: number): Cursor {
  const floor = c.done ? Math.max(0, c.done - REVISIT_DAYS * DAY) : Math.max(0, now - HISTORY_DAYS * DAY);
  return { done: c.done, floor, end: now, lt: now, page: '' };
}

/**
 * Pages are written in batches, one transaction each (lines, sums and plan stages, cursor): sums
 * are recomputed once per batch, not once per page. The first batch is one page (the shop shows
 * progress at once), each next one twice the last, up to BATCH_PAGES; a batch is also written once
 * it has waited BATCH_MS, so a slow or throttled API never holds fetched pages (or the lease) long.
 * A crash loses only the pages not yet written, which the resumed run fetches again: the lines,
 * their sums and the cursor always move together.
 */
export const BATCH_PAGES = 32;
const BATCH_MS = 10_000;

interface Pending {
  lines: ApiOrderLine[];
  pages: number;
  cursor: string;
  rejected?: { count: number; requestId: string; problem: string };
  since: number;
}

async function write(ctx: SyncContext, b: Pending): Promise<void> {
  // Lines added or changed, known once the write ran (the commit reads `lines` after `write`).
  let stored = 0;
  await ctx.commit({
    cursor: b.cursor,
    get lines() {
      return stored;
    },
    rejected: b.rejected,
    write: async (trx) => {
      stored = await writeShopOrderLines(trx, ctx.shop.workspaceId, ctx.shop.country, b.lines);
    },
  });
}

export const ordersKind: SyncKind = {
  kind: 'orders',
  everySeconds: 3600,
  async run(ctx) {
    let c = readCursor(ctx.cursor, ctx.log);
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
            : { done: c.end, floor: 0, end: 0, lt: 0, page: '' };
        b ??= { lines: [], pages: 0, cursor: '', since: performance.now() };
        for (const o of page.items) b.lines.push(...orderLines(o));
        b.pages++;
        b.cursor = JSON.stringify(next);
        if (page.rejected.length)
          b.rejected = {
            count: (b.rejected?.count ?? 0) + page.rejected.length,
            requestId: b.rejected?.requestId ?? page.requestId,
            problem: b.rejected?.problem ?? page.rejected[0]!.problem,
          };
        c = next;
        if (b.pages >= size || performance.now() - b.since >= BATCH_MS) {
          await write(ctx, b);
          b = null;
          size = Math.min(BATCH_PAGES, size * 2);
        }
      }
    }
    if (b) await write(ctx, b);
  },
};
