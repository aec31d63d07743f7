/**
 * A plan's net profit, read on the server (docs/decisions/plans.md, "Net profit"): order lines and
 * content records are not mirrored to the app, and a video's money needs the lines, so the server
 * reads them here and server/services/net-profit.ts sums them. The plan's lines are the counted
 * lines (server/services/order-sums.ts, countedKeys) of its products sold by the creators in it now,
 * matched by handle in their country as `creator_sales` matches them, so the GMV and commission
 * here are the ones the plan screen shows from the mirrored sums. Workspace-scoped throughout.
 */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Country } from '../../contract/constants.ts';
import { PLAN_MONEY_VIDEOS_MAX } from '../../contract/limits.ts';
import { chunks } from '../db/creator.repository.ts';
import { planCosts } from '../db/plan-cost.repository.ts';
import { tiktokProductIds } from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { netProfit, type NetInput } from './net-profit.ts';
import { SALE_RANK, type LineKey } from './ledger.ts';
import { countedInSql } from './order-sums.ts';
import { loneSql, monthSql, weekSql } from './shop-clock-sql.ts';

/**
 * How the counted lines come back: each line (oldest first), only the first n of them (after a
 * ledger key when one is given), or summed per creator, video id and shop month or shop week
 * (summedLines).
 */
export type LineShape = 'each' | 'month' | 'week' | { first: number; after?: LineKey };

type Db = Kysely<DB> | Transaction<DB>;
const cents = (n: unknown) => Math.round(Number(n) * 100);

export async function planMoney(db: Db, ws: number, planId: number) {
  return netProfit({
    ...(await planMoneyInput(db, ws, planId, 0, 'month')),
    videosMax: PLAN_MONEY_VIDEOS_MAX,
  });
}

/**
 * The plan's net profit inputs as read from the database: its members, counted lines, videos and
 * cost lines. The ledger (server/services/ledger.service.ts) reads the same ones, so its totals
 * are the plan's. With `creatorId`, the lines and videos are read for that creator only (a
 * creator's ledger keeps nothing else: ledger.ts inputOf), so a creator's page does not read the
 * whole plan's sales; members and cost lines are still the plan's.
 */
export async function planMoneyInput(
  db: Db,
  ws: number,
  planId: number,
  creatorId = 0,
  lineShape: LineShape = 'each',
): Promise<NetInput> {
  const base = await planMoneyBase(db, ws, planId, creatorId);
  return { ...base.input, lines: await countedLines(db, ws, base, lineShape) };
}

/** The plan's inputs but its counted lines, and what reading those lines needs (countedLines). */
export interface PlanBase {
  input: Omit<NetInput, 'lines'>;
  /** `country|handle` → creator id, of the creators whose lines are read. */
  handles: Map<string, number>;
  countries: Set<string>;
  /** The plan's products' TikTok ids. */
  products: string[];
}

export async function planMoneyBase(db: Db, ws: number, planId: number, creatorId = 0): Promise<PlanBase> {
  const plan = await db
    .selectFrom('plans')
    .select(['id', 'country', 'product_ids', 'sample_cost', 'shipping_cost'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', planId)
    .executeTakeFirst();
  if (!plan) throw new AppError(40004, 'plan_not_found');
  const members = (
    await db
      .selectFrom('plan_creators')
      .select(['creator_id', 'stage', 'sample_time', 'stage_time'])
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', planId)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((m) => ({
    creator_id: Number(m.creator_id),
    stage: m.stage,
    sample_time: Number(m.sample_time),
    stage_time: Number(m.stage_time),
  }));
  // Handle → creator, per country, of the creators in the plan now (live rows only).
  const handles = new Map<string, number>();
  const countries = new Set<string>();
  const wanted = members.map((m) => m.creator_id).filter((id) => !creatorId || id === creatorId);
  for (const part of chunks(wanted))
    for (const c of await db
      .selectFrom('creators')
      .select(['id', 'unique_id', 'country'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('id', 'in', part)
      .execute()) {
      handles.set(`${c.country}|${c.unique_id}`, Number(c.id));
      countries.add(c.country);
    }
  const rowIds = String(plan.product_ids).split(',').filter(Boolean).map(Number);
  const products = [...new Set((await tiktokProductIds(db, ws, rowIds)).values())];

  const costs = await planCosts(db, ws, planId);
  const adContentIds = [...new Set(costs.filter((c) => c.kind === 'ad').map((c) => c.content_id))];
  const contents = new Map<number, NetInput['contents'][number]>();
  const addContents = (
    rows: { id: unknown; creator_id: unknown; video_id: unknown; link: string; post_time: unknown }[],
  ) => {
    for (const r of rows)
      contents.set(Number(r.id), {
        id: Number(r.id),
        creator_id: Number(r.creator_id),
        video_id: String(r.video_id),
        link: r.link,
        post_time: Number(r.post_time),
      });
  };
  const contentBase = () =>
    db
      .selectFrom('contents')
      .select(['id', 'creator_id', 'video_id', 'link', 'post_time'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('country', '=', plan.country);
  // The plan's videos: its creators' records for this plan or for no plan, and those its ad spend paid for.
  for (const part of chunks(wanted))
    addContents(
      await contentBase().where('creator_id', 'in', part).where('plan_id', 'in', [planId, 0]).execute(),
    );
  for (const part of chunks(adContentIds)) addContents(await contentBase().where('id', 'in', part).execute());

  return {
    input: {
      planId,
      country: plan.country as Country,
      sampleCents: cents(plan.sample_cost) + cents(plan.shipping_cost),
      members,
      contents: [...contents.values()],
      costs,
    },
    handles,
    countries,
    products,
  };
}

type OrdersQuery = SelectQueryBuilder<DB & { o: DB['orders'] }, 'o', object>;

/** The plan's counted order lines of each country, in chunks of handles (workspace-scoped). */
function* countedQueries(db: Db, ws: number, base: PlanBase): Generator<[string, OrdersQuery]> {
  if (!base.products.length || !base.handles.size) return;
  for (const country of base.countries) {
    const theirs = [...base.handles.keys()]
      .filter((k) => k.startsWith(`${country}|`))
      .map((k) => k.slice(country.length + 1));
    for (const part of chunks(theirs))
      yield [
        country,
        db
          .selectFrom('orders as o')
          .where('o.workspace_id', '=', ws)
          .where('o.country', '=', country)
          .where('o.creator', 'in', part)
          .where('o.product_id', 'in', base.products)
          .where(countedInSql),
      ];
  }
}

/**
 * The sale lines after a ledger key (ledger.ts LineKey: time, kind, row id), or with `upTo` those
 * up to it. A sale's key is (created_time, the sale's rank, its row id).
 */
function afterKey(q: OrdersQuery, key: LineKey, upTo = false): OrdersQuery {
  return q.where((eb) => {
    const t = eb.ref('o.created_time');
    const after =
      key.rank < SALE_RANK
        ? eb(t, '>=', key.time)
        : key.rank > SALE_RANK
          ? eb(t, '>', key.time)
          : eb.or([eb(t, '>', key.time), eb.and([eb(t, '=', key.time), eb('o.id', '>', key.id)])]);
    return upTo ? eb.not(after) : after;
  });
}

export async function countedLines(
  db: Db,
  ws: number,
  base: PlanBase,
  lineShape: LineShape,
): Promise<NetInput['lines']> {
  const lines: NetInput['lines'][number][] = [];
  const { handles } = base;
  for (const [country, q] of countedQueries(db, ws, base)) {
    if (lineShape === 'month' || lineShape === 'week') {
      for (const l of await summedLines(q, db, country as Country, lineShape))
        lines.push({
          creator_id: handles.get(`${country}|${l.creator}`)!,
          video_id: l.content_id,
          gmv_cents: Number(l.gmv_cents),
          commission_cents: Number(l.commission_cents),
          created_time: Number(l.t),
          count: Number(l.n),
          positive_gmv_cents: Number(l.positive_cents),
          week: lineShape === 'week' ? Number(l.bucket) : undefined,
        });
      continue;
    }
    const from = typeof lineShape === 'object' && lineShape.after ? afterKey(q, lineShape.after) : q;
    const each = from
      .select([
        'o.id',
        'o.order_id',
        'o.sku_id',
        'o.content_id',
        'o.creator',
        'o.gmv',
        'o.commission',
        'o.created_time',
      ])
      .orderBy('o.created_time')
      .orderBy('o.id');
    for (const l of await (typeof lineShape === 'object' ? each.limit(lineShape.first) : each).execute())
      lines.push({
        creator_id: handles.get(`${country}|${l.creator}`)!,
        video_id: l.content_id,
        gmv_cents: cents(l.gmv),
        commission_cents: cents(l.commission),
        created_time: Number(l.created_time),
        order_id: l.order_id,
        sku_id: l.sku_id,
        row_id: Number(l.id),
      });
  }
  return lines;
}

/**
 * The counted sales up to a ledger key, summed in the database: how many, their GMV and their
 * commission in cents (rounded per line, as `cents` rounds each line), for a page's running totals.
 */
export async function salesUpTo(db: Db, ws: number, base: PlanBase, key: LineKey) {
  const out = { n: 0, gmv_cents: 0, commission_cents: 0 };
  for (const [, q] of countedQueries(db, ws, base)) {
    const row = await afterKey(q, key, true)
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number | null>`sum(floor(o.gmv * 100 + 0.5))`.as('gmv_cents'),
        sql<number | null>`sum(floor(o.commission * 100 + 0.5))`.as('commission_cents'),
      ])
      .executeTakeFirstOrThrow();
    out.n += Number(row.n);
    out.gmv_cents += Number(row.gmv_cents ?? 0);
    out.commission_cents += Number(row.commission_cents ?? 0);
  }
  return out;
}

/**
 * The counted lines summed in the database per creator, video id and shop month or week (SQL
 * group by): net profit and the ledger's charts need no line on its own, so 100,000 lines come
 * back as one row per creator, video and month. Each sum carries its group's earliest time, which
 * lies in the group's month and week, so netProfit and the ledger book it where they booked each of
 * its lines. Cents are rounded per line before summing,
 * as `cents` does, so the sums are exact and equal to the lines' own sum.
 */
function summedLines(base: OrdersQuery, db: Db, country: Country, by: 'month' | 'week') {
  const t = sql.ref('o.created_time');
  const bucket = by === 'month' ? monthSql(db, t, country) : weekSql(t, country);
  const lone = loneSql(t);
  return base
    .select([
      'o.creator',
      'o.content_id',
      sql<number>`min(o.created_time)`.as('t'),
      sql<number>`sum(floor(o.gmv * 100 + 0.5))`.as('gmv_cents'),
      sql<number>`sum(floor(o.commission * 100 + 0.5))`.as('commission_cents'),
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(case when floor(o.gmv * 100 + 0.5) > 0 then floor(o.gmv * 100 + 0.5) else 0 end)`.as(
        'positive_cents',
      ),
      sql<number | string>`min(${bucket})`.as('bucket'),
    ])
    .groupBy(['o.creator', 'o.content_id', bucket, lone])
    .execute();
}
