/**
 * Imported Seller Center orders (issue 23) and the sales they make per creator. A call carries up to
 * ORDERS_CALL_MAX lines of one download (read by src/features/import/orders-rules.ts). Each line is
 * stored once per (layout, order, SKU, content): a later download of the same line replaces it, so
 * importing a file twice changes nothing and a Pending line that became Settled or refunded is
 * counted as it is now. Then the sales of every creator the lines touch are summed again into
 * `creator_sales` (mirrored), per TikTok product:
 *
 * - a line counts unless it is void (ineligible, fully refunded, cancelled);
 * - an affiliate line also stops counting when an all-orders line of the same order and SKU says it
 *   was cancelled or refunded (all-orders downloads are newer about refunds);
 * - an all-orders line with a creator (regional downloads) counts only when no affiliate line covers
 *   the same order and SKU, so one sale is never counted twice.
 *
 * Creators are matched by handle in the call's country, in the caller's workspace only; handles
 * that match no creator are answered (not stored as anyone's sales).
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import type { OrdersImportRequest, SaleAddRequest } from '../../contract/schemas/plan.ts';
import { AppError } from '../http/errors.ts';
import { chunks } from '../db/creator.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { advanceInPlans } from './plan.service.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';

type Trx = Transaction<DB>;
type Input = z.infer<typeof OrdersImportRequest>;
type Line = Input['lines'][number];

const lineKey = (l: { order_id: string; sku_id: string; content_id: string }) =>
  `${l.order_id}|${l.sku_id}|${l.content_id}`;
const skuKey = (l: { order_id: string; sku_id: string }) => `${l.order_id}|${l.sku_id}`;

interface Sums {
  creator_id: number;
  product_id: string;
  week: number;
  currency: string;
  orders: Set<string>;
  units: number;
  gmv: number;
  commission: number;
  last_time: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const DAY = 86_400;
/** Monday 00:00 UTC of the week holding `t` (1970-01-01 was a Thursday); 0 stays 0 (no time). */
export const weekOf = (t: number): number => (t > 0 ? t - ((t + 3 * DAY) % (7 * DAY)) : 0);

export async function importOrders(trx: Trx, ws: number, input: Input, by?: Actor) {
  const version = await nextVersion(trx, ws);
  const t = now();
  // The last copy of a line within the call wins, as a later call's copy does.
  const byKey = new Map<string, Line>();
  for (const l of input.lines) byKey.set(lineKey(l), l);
  const lines = [...byKey.values()];
  const orderIds = [...new Set(lines.map((l) => l.order_id))];

  // Lines seen before are replaced; the creators they named (maybe under another country, if the
  // file was imported with the wrong one first) are summed again too.
  const existing: { id: number; country: string; creator: string }[] = [];
  for (const part of chunks(orderIds))
    for (const r of await trx
      .selectFrom('orders')
      .select(['id', 'order_id', 'sku_id', 'content_id', 'country', 'creator'])
      .where('workspace_id', '=', ws)
      .where('layout', '=', input.layout)
      .where('order_id', 'in', part)
      .execute())
      if (byKey.has(lineKey(r))) existing.push({ id: Number(r.id), country: r.country, creator: r.creator });
  for (const part of chunks(existing.map((e) => e.id)))
    await trx.deleteFrom('orders').where('workspace_id', '=', ws).where('id', 'in', part).execute();
  for (const part of chunks(lines, 200))
    await trx
      .insertInto('orders')
      .values(
        part.map((l) => ({
          ...l,
          workspace_id: ws,
          layout: input.layout,
          country: input.country,
          currency: l.currency.toUpperCase(),
          add_time: t,
          update_time: t,
        })),
      )
      .execute();

  // The creators whose sales change, per country: the lines' own, the replaced lines', and for
  // all-orders lines the creators of the affiliate lines of the same orders (a refund there changes
  // their sales).
  const affected = new Map<string, Set<string>>();
  const touch = (country: string, handle: string) => {
    if (!handle) return;
    const set = affected.get(country) ?? new Set<string>();
    set.add(handle);
    affected.set(country, set);
  };
  for (const l of lines) touch(input.country, l.creator);
  for (const e of existing) touch(e.country, e.creator);
  if (input.layout === 'all_orders')
    for (const part of chunks(orderIds))
      for (const r of await trx
        .selectFrom('orders')
        .select(['country', 'creator'])
        .where('workspace_id', '=', ws)
        .where('layout', '=', 'affiliate')
        .where('order_id', 'in', part)
        .execute())
        touch(r.country, r.creator);

  let unmatched: string[] = [];
  let matched = 0;
  for (const [country, handles] of affected) {
    const creators = new Map<string, number>();
    for (const part of chunks([...handles]))
      for (const c of await trx
        .selectFrom('creators')
        .select(['id', 'unique_id'])
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('deleted_at', 'is', null)
        .where('unique_id', 'in', part)
        .execute())
        creators.set(c.unique_id, Number(c.id));
    if (country === input.country) {
      unmatched = [...new Set(lines.map((l) => l.creator).filter((h) => h && !creators.has(h)))];
      matched = creators.size;
    }
    await recompute(trx, ws, country, creators, version, t);
    // A sale that counts (not void) moves its creator to "selling" in the plans carrying its product.
    if (country === input.country) {
      const sold = lines.filter((l) => !l.void && (l.gmv > 0 || l.quantity > 0) && creators.has(l.creator));
      await advanceInPlans(
        trx,
        ws,
        by,
        'selling',
        sold.map((l) => ({ creatorId: creators.get(l.creator)!, productIds: [l.product_id] })),
      );
    }
  }
  return { added: lines.length - existing.length, updated: existing.length, unmatched, creators: matched };
}

/** Sums the counted sales of these creators (handle → id) and writes their creator_sales rows. */
async function recompute(
  trx: Trx,
  ws: number,
  country: string,
  creators: Map<string, number>,
  version: number,
  t: number,
): Promise<void> {
  if (!creators.size) return;
  const theirs: (Line & { layout: string })[] = [];
  for (const part of chunks([...creators.keys()]))
    theirs.push(
      ...(await trx
        .selectFrom('orders')
        .select([
          'layout',
          'order_id',
          'sku_id',
          'content_id',
          'product_id',
          'creator',
          'quantity',
          'gmv',
          'commission',
          'currency',
          'status',
          'void',
          'created_time',
        ])
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('creator', 'in', part)
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, void: Number(r.void) as 0 | 1 })))),
    );
  // Every line of the same orders, whoever they name: refunds from all-orders, affiliate cover.
  const voidedSkus = new Set<string>();
  const affiliateSkus = new Set<string>();
  for (const part of chunks([...new Set(theirs.map((l) => l.order_id))]))
    for (const r of await trx
      .selectFrom('orders')
      .select(['layout', 'order_id', 'sku_id', 'void'])
      .where('workspace_id', '=', ws)
      .where('order_id', 'in', part)
      .execute()) {
      if (r.layout === 'all_orders' && Number(r.void) === 1) voidedSkus.add(skuKey(r));
      if (r.layout === 'affiliate') affiliateSkus.add(skuKey(r));
    }

  const sums = new Map<string, Sums>();
  for (const l of theirs) {
    if (l.void) continue;
    if (l.layout === 'affiliate' && voidedSkus.has(skuKey(l))) continue;
    if (l.layout === 'all_orders' && affiliateSkus.has(skuKey(l))) continue;
    const creatorId = creators.get(l.creator);
    if (!creatorId) continue;
    const week = weekOf(Number(l.created_time));
    const k = `${creatorId}|${l.product_id}|${week}`;
    const s = sums.get(k) ?? {
      creator_id: creatorId,
      product_id: l.product_id,
      week,
      currency: l.currency,
      orders: new Set<string>(),
      units: 0,
      gmv: 0,
      commission: 0,
      last_time: 0,
    };
    s.orders.add(l.order_id);
    s.units += Number(l.quantity);
    s.gmv += Number(l.gmv);
    s.commission += Number(l.commission);
    s.last_time = Math.max(s.last_time, Number(l.created_time));
    if (!s.currency) s.currency = l.currency;
    sums.set(k, s);
  }

  const ids = [...creators.values()];
  const current = new Map<string, { id: number; deleted: boolean }>();
  for (const part of chunks(ids))
    for (const r of await trx
      .selectFrom('creator_sales')
      .select(['id', 'creator_id', 'product_id', 'week', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .where('creator_id', 'in', part)
      .execute())
      current.set(`${r.creator_id}|${r.product_id}|${r.week}`, {
        id: Number(r.id),
        deleted: r.deleted_at !== null,
      });

  const row = (s: Sums) => ({
    version,
    deleted_at: null,
    currency: s.currency,
    orders: s.orders.size,
    units: s.units,
    gmv: round2(s.gmv),
    commission: round2(s.commission),
    last_time: s.last_time,
    update_time: t,
  });
  const fresh: Sums[] = [];
  for (const [k, s] of sums) {
    const had = current.get(k);
    if (had)
      await trx
        .updateTable('creator_sales')
        .set(row(s))
        .where('workspace_id', '=', ws)
        .where('id', '=', had.id)
        .execute();
    else fresh.push(s);
  }
  for (const part of chunks(fresh, 200))
    await trx
      .insertInto('creator_sales')
      .values(
        part.map((s) => ({
          ...row(s),
          workspace_id: ws,
          creator_id: s.creator_id,
          product_id: s.product_id,
          week: s.week,
        })),
      )
      .execute();
  const gone = [...current].filter(([k, v]) => !sums.has(k) && !v.deleted).map(([, v]) => v.id);
  for (const part of chunks(gone))
    await trx
      .updateTable('creator_sales')
      .set({ deleted_at: t, version, update_time: t })
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute();
}

/**
 * A sale entered by hand for a creator of the workspace: an order line of layout `manual` in the
 * creator's country and currency, counted like an affiliate line; its `ref` is the line's order id,
 * so the same sale sent twice is one line.
 */
export async function addSale(trx: Trx, ws: number, input: z.infer<typeof SaleAddRequest>, by?: Actor) {
  const creator = await trx
    .selectFrom('creators')
    .select(['id', 'unique_id', 'country'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', input.creator_id)
    .executeTakeFirst();
  if (!creator) throw new AppError(40004, 'creators_not_found');
  const country = creator.country as Country;
  await importOrders(
    trx,
    ws,
    {
      country,
      layout: 'manual',
      lines: [
        {
          order_id: input.ref,
          sku_id: '',
          content_id: '',
          product_id: input.product_id,
          creator: creator.unique_id,
          quantity: input.units,
          gmv: input.gmv,
          commission: input.commission ?? 0,
          currency: COUNTRY_CURRENCY[country] ?? '',
          status: 'Manual',
          void: 0,
          created_time: Math.floor(Date.parse(`${input.day}T00:00:00Z`) / 1000),
        },
      ],
    },
    by,
  );
  return { creator_id: Number(creator.id), product_id: input.product_id, order_id: input.ref };
}
