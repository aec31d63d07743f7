/**
 * `content`: the videos and LIVEs creators posted for the shop's shipped samples, read from each
 * application's fulfilments (server/services/shop-content.service.ts writes them).
 *
 * TikTok has no "changed since" for fulfilments, and one call reads one application, so a run
 * reads only what can still change (docs/decisions/shop-connection.md): applications shipped and
 * waiting for content, ones never read or whose status moved since the last read, and ones whose
 * newest content is younger than FRESH_DAYS (its counts still grow; a chart draws its first 30
 * days). A pass walks those in application id order, BATCH at a time, each batch committed with
 * the last id as the cursor, so a killed run resumes after the last committed batch.
 */
import { z } from 'zod';
import {
  FulfillmentsData,
  fulfillmentsPath,
  SampleFulfillment,
  TtsApiError,
} from '../../../integrations/tiktok-shop/index.ts';
import { writeShopContent, type SampleForContent } from '../../../services/shop-content.service.ts';
import type { SyncContext, SyncKind } from '../types.ts';

const DAY = 86_400;
export const FRESH_DAYS = 30;
const BATCH = 20;
/** Shipped, waiting for content: read every run. */
const WAITING = ['SHIPPED', 'CONTENT_PENDING'];
/** Statuses whose application can carry content (the closed one that completed included). */
export const CONTENT_STATUSES = [...WAITING, 'COMPLETED', 'OPS_COMPLETED'];

const Cursor = z.object({ after: z.string().max(40) });

function readCursor(raw: string, log: SyncContext['log']): string {
  if (!raw) return '';
  try {
    return Cursor.parse(JSON.parse(raw)).after;
  } catch {
    log.warn({ cursor: raw.slice(0, 200) }, 'content sync cursor unreadable: starting a pass');
    return '';
  }
}

async function dueBatch(ctx: SyncContext, after: string): Promise<SampleForContent[]> {
  const fresh = ctx.now() - FRESH_DAYS * DAY;
  const rows = await ctx.db
    .selectFrom('shop_samples')
    .select(['id', 'application_id', 'status', 'creator', 'creator_id', 'product_id'])
    .where('workspace_id', '=', ctx.shop.workspaceId)
    .where('connection_id', '=', ctx.shop.connectionId)
    .where('status', 'in', CONTENT_STATUSES)
    .where('application_id', '>', after)
    .where((eb) =>
      eb.or([
        eb('status', 'in', WAITING),
        eb('content_read_at', '=', 0),
        eb('content_read_status', '<>', eb.ref('status')),
        eb('content_newest', '>=', fresh),
      ]),
    )
    .orderBy('application_id')
    .limit(BATCH)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), creator_id: Number(r.creator_id) }));
}

export const contentKind: SyncKind = {
  kind: 'content',
  everySeconds: 3 * 3600,
  async run(ctx) {
    let after = readCursor(ctx.cursor, ctx.log);
    for (;;) {
      const batch = await dueBatch(ctx, after);
      if (!batch.length) break;
      const read: { sample: SampleForContent; items: SampleFulfillment[] }[] = [];
      let rejected: { count: number; requestId: string; problem: string } | undefined;
      const reject = (requestId: string, problem: string) =>
        (rejected = { count: (rejected?.count ?? 0) + 1, requestId, problem });
      for (const sample of batch) {
        try {
          const { data, requestId } = await ctx.api.call({
            method: 'POST',
            path: fulfillmentsPath(sample.application_id),
            body: {},
            data: FulfillmentsData,
            retry: true,
          });
          const items: SampleFulfillment[] = [];
          for (const raw of data) {
            const ok = SampleFulfillment.safeParse(raw);
            if (ok.success) items.push(ok.data);
            else
              reject(
                requestId,
                `fulfilment of ${sample.application_id}: ${ok.error.issues[0]?.message ?? ''}`,
              );
          }
          read.push({ sample, items });
        } catch (err) {
          // TikTok refusing this one application (gone from its records): marked read, shown, not retried forever.
          if (!(err instanceof TtsApiError) || err.code !== 98001004) throw err;
          reject(err.requestId, `fulfilments of ${sample.application_id}: ${err.apiMessage}`.slice(0, 500));
          read.push({ sample, items: [] });
        }
      }
      after = batch[batch.length - 1]!.application_id;
      let stored = 0;
      await ctx.commit({
        cursor: JSON.stringify({ after }),
        get lines() {
          return stored;
        },
        get rejected() {
          return rejected;
        },
        write: async (trx) => {
          for (const { sample, items } of read) {
            const r = await writeShopContent(
              trx,
              ctx.shop.workspaceId,
              ctx.shop.country,
              sample,
              items,
              ctx.now(),
            );
            stored += r.lines;
            if (r.overCap) reject('', `content cap reached: ${r.overCap} not stored`);
          }
        },
      });
    }
    await ctx.commit({ cursor: '', lines: 0 });
  },
};
