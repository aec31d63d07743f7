/**
 * The sales an order line makes, summed per creator, TikTok product and week into `creator_sales`
 * (mirrored), from every stored line of the creator: so whatever changed the lines (an import, an
 * undo, a deleted line, a creator who arrives after their orders) the sums are recomputed, never
 * adjusted. Money is summed in whole cents (lines carry at most two decimals), so the sums are exact.
 *
 * - a line counts unless it is void (ineligible, fully refunded, cancelled);
 * - an affiliate line also stops counting when an all-orders line of the same order and SKU says it
 *   was cancelled or refunded (all-orders downloads are newer about refunds);
 * - an all-orders line with a creator (regional downloads) counts only when no affiliate line covers
 *   the same order and SKU, so one sale is never counted twice.
 *
 * Creators are matched by handle in the line's country, in the caller's workspace only.
 */
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { chunks } from '../db/creator.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';

type Trx = Transaction<DB>;

const skuKey = (l: { order_id: string; sku_id: string }) => `${l.order_id}|${l.sku_id}`;
const cents = (n: unknown) => Math.round(Number(n) * 100);
const DAY = 86_400;
/** Monday 00:00 UTC of the week holding `t` (1970-01-01 was a Thursday); 0 stays 0 (no time). */
export const weekOf = (t: number): number => (t > 0 ? t - ((t + 3 * DAY) % (7 * DAY)) : 0);

/** Country → handles whose sales may have changed. */
export type Affected = Map<string, Set<string>>;

/**
 * The create times [from, to] of every line a write added, changed or replaced: only the weeks
 * holding them can have changed, so only those weeks are summed again (the other weeks of the
 * same creators keep their rows). Left out, every week of the creators is summed again.
 */
export interface Span {
  from: number;
  to: number;
}

/** The span of these create times, widened by `into` (undefined when there are none). */
export function spanOf(times: Iterable<number>, into?: Span): Span | undefined {
  let span = into ? { ...into } : undefined;
  for (const t of times) {
    const x = Math.max(0, Number(t) || 0);
    span = span ? { from: Math.min(span.from, x), to: Math.max(span.to, x) } : { from: x, to: x };
  }
  return span;
}

/** The weeks a span covers, as the create-time range [lo, hi) of their lines. */
const weeksOf = (span: Span) => ({ lo: weekOf(span.from), hi: weekOf(span.to) + 7 * DAY });

export function touch(affected: Affected, country: string, handle: string): void {
  if (!handle) return;
  const set = affected.get(country) ?? new Set<string>();
  set.add(handle);
  affected.set(country, set);
}

/** The affiliate lines of these orders name creators whose sales an all-orders line changes. */
export async function touchAffiliateOf(trx: Trx, ws: number, orderIds: string[], affected: Affected) {
  for (const part of chunks([...new Set(orderIds)]))
    for (const r of await trx
      .selectFrom('orders')
      .select(['country', 'creator'])
      .where('workspace_id', '=', ws)
      .where('layout', '=', 'affiliate')
      .where('order_id', 'in', part)
      .execute())
      touch(affected, r.country, r.creator);
}

/** The live creators of a country with these handles: handle → id. */
export async function creatorsOf(
  trx: Kysely<DB> | Trx,
  ws: number,
  country: string,
  handles: Iterable<string>,
) {
  const out = new Map<string, number>();
  for (const part of chunks([...handles]))
    for (const c of await trx
      .selectFrom('creators')
      .select(['id', 'unique_id'])
      .where('workspace_id', '=', ws)
      .where('country', '=', country)
      .where('deleted_at', 'is', null)
      .where('unique_id', 'in', part)
      .execute())
      out.set(c.unique_id, Number(c.id));
  return out;
}

/** Recomputes the sums of every affected creator that exists; answers each country's matches. */
export async function recomputeAffected(
  trx: Trx,
  ws: number,
  affected: Affected,
  version: number,
  t: number,
  span?: Span,
): Promise<Map<string, Map<string, number>>> {
  const matched = new Map<string, Map<string, number>>();
  for (const [country, handles] of affected) {
    const creators = await creatorsOf(trx, ws, country, handles);
    matched.set(country, creators);
    await recompute(trx, ws, country, creators, version, t, span);
  }
  return matched;
}

interface Sums {
  product_id: string;
  creator_id: number;
  week: number;
  currency: string;
  orders: Set<string>;
  units: number;
  gmv: number;
  commission: number;
  last_time: number;
}

/** Which of these lines count: not void, not voided by an all-orders line, not covered by an affiliate one. */
export async function countedKeys(
  trx: Kysely<DB> | Trx,
  ws: number,
  lines: readonly { layout: string; order_id: string; sku_id: string; void: number }[],
): Promise<(l: { layout: string; order_id: string; sku_id: string; void: number }) => boolean> {
  const voidedSkus = new Set<string>();
  const affiliateSkus = new Set<string>();
  for (const part of chunks([...new Set(lines.map((l) => l.order_id))]))
    for (const r of await trx
      .selectFrom('orders')
      .select(['layout', 'order_id', 'sku_id', 'void'])
      .where('workspace_id', '=', ws)
      .where('order_id', 'in', part)
      .execute()) {
      if (r.layout === 'all_orders' && Number(r.void) === 1) voidedSkus.add(skuKey(r));
      if (r.layout === 'affiliate') affiliateSkus.add(skuKey(r));
    }
  return (l) =>
    !Number(l.void) &&
    !(l.layout === 'affiliate' && voidedSkus.has(skuKey(l))) &&
    !(l.layout === 'all_orders' && affiliateSkus.has(skuKey(l)));
}

/**
 * countedKeys's rule as a condition on lines read `from orders as o`, for a read of many lines (a
 * plan's money, a creator's ledger): the database keeps only the counted ones in the same pass,
 * through the (workspace_id, order_id, sku_id) index, instead of the lines being read and then their
 * orders' lines read again. The two must agree line for line (order-sums.test.ts checks it on both
 * engines).
 */
export const countedInSql = sql<SqlBool>`o.void = 0
  and not (o.layout = 'affiliate' and exists (select 1 from orders x where x.workspace_id = o.workspace_id
    and x.order_id = o.order_id and x.sku_id = o.sku_id and x.layout = 'all_orders' and x.void = 1))
  and not (o.layout = 'all_orders' and exists (select 1 from orders x where x.workspace_id = o.workspace_id
    and x.order_id = o.order_id and x.sku_id = o.sku_id and x.layout = 'affiliate'))`;

/** A sums row's figures (money in cents), to tell a row that would not change. */
const figures = (...v: unknown[]) => v.map((x) => (typeof x === 'string' ? x : Number(x))).join('|');

/**
 * Sums the counted sales of these creators (handle → id) and writes their creator_sales rows (in
 * `span`'s weeks only, when given). A row whose figures are already right is left as it is, so
 * devices are not sent rows that did not change.
 */
async function recompute(
  trx: Trx,
  ws: number,
  country: string,
  creators: Map<string, number>,
  version: number,
  t: number,
  span?: Span,
): Promise<void> {
  if (!creators.size) return;
  const weeks = span && weeksOf(span);
  const theirs = [];
  for (const part of chunks([...creators.keys()]))
    theirs.push(
      ...(await trx
        .selectFrom('orders')
        .select([
          'layout',
          'order_id',
          'sku_id',
          'product_id',
          'creator',
          'quantity',
          'gmv',
          'commission',
          'currency',
          'void',
          'created_time',
        ])
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('creator', 'in', part)
        .$if(!!weeks, (q) => q.where('created_time', '>=', weeks!.lo).where('created_time', '<', weeks!.hi))
        .execute()),
    );
  const counts = await countedKeys(trx, ws, theirs);
  const sums = new Map<string, Sums>();
  for (const l of theirs) {
    const creatorId = creators.get(l.creator);
    if (!creatorId || !counts(l)) continue;
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
    s.gmv += cents(l.gmv);
    s.commission += cents(l.commission);
    s.last_time = Math.max(s.last_time, Number(l.created_time));
    if (!s.currency) s.currency = l.currency;
    sums.set(k, s);
  }

  const current = new Map<string, { id: number; deleted: boolean; same: string }>();
  for (const part of chunks([...creators.values()]))
    for (const r of await trx
      .selectFrom('creator_sales')
      .select([
        'id',
        'creator_id',
        'product_id',
        'week',
        'deleted_at',
        'currency',
        'orders',
        'units',
        'gmv',
        'commission',
        'last_time',
      ])
      .where('workspace_id', '=', ws)
      .where('creator_id', 'in', part)
      .$if(!!weeks, (q) => q.where('week', '>=', weeks!.lo).where('week', '<', weeks!.hi))
      .execute())
      current.set(`${r.creator_id}|${r.product_id}|${r.week}`, {
        id: Number(r.id),
        deleted: r.deleted_at !== null,
        same:
          r.deleted_at === null
            ? figures(r.currency, r.orders, r.units, cents(r.gmv), cents(r.commission), r.last_time)
            : '',
      });

  const row = (s: Sums) => ({
    version,
    deleted_at: null,
    currency: s.currency,
    orders: s.orders.size,
    units: s.units,
    gmv: s.gmv / 100,
    commission: s.commission / 100,
    last_time: s.last_time,
    update_time: t,
  });
  const fresh: Sums[] = [];
  for (const [k, s] of sums) {
    const had = current.get(k);
    if (
      had?.same &&
      had.same === figures(s.currency, s.orders.size, s.units, s.gmv, s.commission, s.last_time)
    )
      continue;
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
 * Creators just created (by a file import, the ingest API, an invitation or blacklist entry) may
 * have orders imported before them: their sales are summed now, so the plans show them without
 * importing the file again.
 */
export async function salesOfNewCreators(trx: Trx, ws: number, country: string, handles: readonly string[]) {
  const affected: Affected = new Map();
  for (const part of chunks([...new Set(handles)]))
    for (const r of await trx
      .selectFrom('orders')
      .select('creator')
      .distinct()
      .where('workspace_id', '=', ws)
      .where('country', '=', country)
      .where('creator', 'in', part)
      .execute())
      touch(affected, country, r.creator);
  if (!affected.size) return;
  await recomputeAffected(trx, ws, affected, await nextVersion(trx, ws), now());
}

/** Adds the weeks (their Monday 00:00 UTC) holding these create times to `into`. */
export function addWeeks(into: Set<number>, times: Iterable<number>): Set<number> {
  for (const t of times) into.add(weekOf(Math.max(0, Number(t) || 0)));
  return into;
}

/**
 * When a whole week is summed again, creators are summed together in groups whose lines in that week
 * stay within WEEK_LINES (a creator with more is summed alone), at most WEEK_CHUNK creators a group:
 * memory holds one group's lines. Groups of a fixed 100 creators held a tenth of a busy week's lines
 * at once (docs/benchmarks.md, "Memory: what the server holds").
 */
const WEEK_LINES = 5_000;
const WEEK_CHUNK = 100;

/** Splits items, in order, into groups of at most `most` items whose sizes add up to at most `budget` (an item over it alone). */
export function groupsWithin<T>(
  items: readonly T[],
  size: (item: T) => number,
  budget: number,
  most: number,
): T[][] {
  const out: T[][] = [];
  let group: T[] = [];
  let sum = 0;
  for (const item of items) {
    const n = size(item);
    if (group.length && (sum + n > budget || group.length >= most)) {
      out.push(group);
      group = [];
      sum = 0;
    }
    group.push(item);
    sum += n;
  }
  if (group.length) out.push(group);
  return out;
}

/**
 * The creators to sum again in one week of a country, in groups (see WEEK_LINES): every creator
 * with a line or a live sums row there (a superset of those whose lines changed, so a creator whose
 * last line there went elsewhere loses the row). Reads only; each group is then summed by
 * `sumWeekGroup`, in a transaction of its own if the caller likes (the shop sync's pass sums each
 * week it touched once, at its end, instead of once per write).
 */
export async function weekGroups(
  db: Kysely<DB> | Trx,
  ws: number,
  country: string,
  week: number,
): Promise<Map<string, number>[]> {
  const lines = new Map(
    (
      await db
        .selectFrom('orders')
        .select((eb) => ['creator', eb.fn.countAll<number>().as('n')])
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('created_time', '>=', week)
        .where('created_time', '<', week + 7 * DAY)
        .where('creator', '!=', '')
        .groupBy('creator')
        .execute()
    ).map((r) => [r.creator, Number(r.n)]),
  );
  const creators = await creatorsOf(db, ws, country, lines.keys());
  const known = new Set(creators.values());
  const rowIds = (
    await db
      .selectFrom('creator_sales')
      .select('creator_id')
      .distinct()
      .where('workspace_id', '=', ws)
      .where('week', '=', week)
      .where('deleted_at', 'is', null)
      .execute()
  )
    .map((r) => Number(r.creator_id))
    .filter((id) => !known.has(id));
  for (const part of chunks(rowIds))
    for (const c of await db
      .selectFrom('creators')
      .select(['id', 'unique_id'])
      .where('workspace_id', '=', ws)
      .where('country', '=', country)
      .where('deleted_at', 'is', null)
      .where('id', 'in', part)
      .execute())
      creators.set(c.unique_id, Number(c.id));
  return groupsWithin([...creators], ([handle]) => lines.get(handle) ?? 0, WEEK_LINES, WEEK_CHUNK).map(
    (part) => new Map(part),
  );
}

/** Writes one group's sums rows of one week (a group from `weekGroups`). */
export function sumWeekGroup(
  trx: Trx,
  ws: number,
  country: string,
  week: number,
  group: Map<string, number>,
  version: number,
  t: number,
): Promise<void> {
  return recompute(trx, ws, country, group, version, t, { from: week, to: week });
}
