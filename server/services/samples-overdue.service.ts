/**
 * "Samples without content": shipped samples (plan_creators at "shipped", sample_time set) whose
 * post-by day (shipping day in the shop's time zone + the plan's post-within days,
 * contract/shop-time.ts) has ended, most overdue first. The value at stake is what the sample cost
 * the plan. Scoped to the caller's workspace: plans, creators and products are all the workspace's.
 * Each plan's cut-off is worked out here (a few hundred plans at most), so the database filters the
 * samples exactly and the answer never holds more than OVERDUE_LIST_MAX rows. A deleted product is
 * left out of a row's products, as the mirror holds none: the query worker computes the same list
 * offline (src/workers/overdue-samples.ts; tests/sync/overdue-parity.test.ts compares them).
 */
import { sql, type Kysely } from 'kysely';
import { COUNTRIES, type Country } from '../../contract/constants.ts';
import { OVERDUE_LIST_MAX } from '../../contract/limits.ts';
import type { OverdueSampleRow } from '../../contract/schemas/content.ts';
import { daysOverdue, overdueBefore, postByDay } from '../../contract/shop-time.ts';
import type { Db } from '../db/creator.repository.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

const isCountry = (c: string): c is Country => (COUNTRIES as readonly string[]).includes(c);

export async function overdueSamples(
  db: Db,
  ws: number,
  planId?: number,
  at: number = now(),
): Promise<{ rows: OverdueSampleRow[]; total: number }> {
  let plansQ = db
    .selectFrom('plans')
    .select([
      'id',
      'name',
      'country',
      'product_ids',
      'sample_cost',
      'shipping_cost',
      'post_within_days',
      'chat_template_id',
    ])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null);
  if (planId !== undefined) plansQ = plansQ.where('id', '=', planId);
  const plans = (await plansQ.execute()).filter((p) => isCountry(p.country));
  if (planId !== undefined && !plans.length) throw new AppError(40004, 'plan_not_found');
  if (!plans.length) return { rows: [], total: 0 };
  const byId = new Map(plans.map((p) => [Number(p.id), p]));
  const cutoffs = plans.map((p) => ({
    id: Number(p.id),
    before: overdueBefore(at, Number(p.post_within_days), p.country as Country),
  }));

  const base = () =>
    (db as Kysely<DB>)
      .selectFrom('plan_creators as pc')
      .innerJoin('creators as c', (j) =>
        j.onRef('c.id', '=', 'pc.creator_id').on('c.workspace_id', '=', ws).on('c.deleted_at', 'is', null),
      )
      .where('pc.workspace_id', '=', ws)
      .where('pc.deleted_at', 'is', null)
      .where('pc.stage', '=', 'shipped')
      .where('pc.sample_time', '>', 0)
      .where((eb) =>
        eb.or(cutoffs.map((c) => eb.and([eb('pc.plan_id', '=', c.id), eb('pc.sample_time', '<', c.before)]))),
      );
  const { n } = await base()
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  if (!total) return { rows: [], total: 0 };
  // Most overdue first: the earliest post-by moment (shipping time + the plan's days).
  const postBy = sql<number>`pc.sample_time + ${sql.join(
    [
      sql`case pc.plan_id`,
      ...plans.map((p) => sql`when ${Number(p.id)} then ${Number(p.post_within_days) * 86_400}`),
      sql`else 0 end`,
    ],
    sql` `,
  )}`;
  const found = await base()
    .select(['pc.plan_id', 'pc.creator_id', 'pc.sample_time', 'c.unique_id', 'c.daren_name', 'c.nick_name'])
    .orderBy(postBy)
    .orderBy('pc.id')
    .limit(OVERDUE_LIST_MAX)
    .execute();

  const productRowIds = [
    ...new Set(plans.flatMap((p) => String(p.product_ids).split(',').filter(Boolean).map(Number))),
  ];
  const titles = new Map<number, { product_id: string; title: string }>();
  if (productRowIds.length)
    for (const r of await db
      .selectFrom('products')
      .select(['id', 'product_id', 'product_title'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('id', 'in', productRowIds)
      .execute())
      titles.set(Number(r.id), { product_id: String(r.product_id), title: r.product_title });

  const rows = found.map((r): OverdueSampleRow => {
    const plan = byId.get(Number(r.plan_id))!;
    const country = plan.country as Country;
    const within = Number(plan.post_within_days);
    const sampleTime = Number(r.sample_time);
    const by = postByDay(sampleTime, within, country);
    return {
      plan_id: Number(plan.id),
      plan_name: plan.name,
      country,
      creator_id: Number(r.creator_id),
      handle: r.unique_id,
      name: r.daren_name || r.nick_name || '',
      products: String(plan.product_ids)
        .split(',')
        .filter(Boolean)
        .map((id) => titles.get(Number(id)))
        .filter((p): p is { product_id: string; title: string } => Boolean(p)),
      sample_cost: Math.round((Number(plan.sample_cost) + Number(plan.shipping_cost)) * 100) / 100,
      sample_time: sampleTime,
      post_by: by,
      days_overdue: daysOverdue(by, at, country),
      chat_template_id: Number(plan.chat_template_id),
    };
  });
  rows.sort((a, b) => b.days_overdue - a.days_overdue || a.sample_time - b.sample_time);
  return { rows, total };
}
