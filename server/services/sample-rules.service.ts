/**
 * The workspace's sample approval rules (docs/decisions/shop-connection.md, "Sample approval
 * rules"): read and set them, the figures each pending application is judged by, and the caps'
 * count taken together with an approval's claim.
 *
 * The caps count approvals in the shop's own day and month (contract/shop-time.ts): those TikTok
 * accepted (`shop_sample_reviews`), those under way (a fresh claim for approval on `shop_samples`)
 * and those a member made on a request recorded in a plan (`plan_sample_decisions`, the plan's
 * country's day). The count and the claim are one transaction that first bumps the rules row, so
 * on PostgreSQL the row's lock orders parallel approvals and on SQLite the write lock does; no two
 * approvals can both see room for one more.
 */
import { sql } from 'kysely';
import type { Country } from '../../contract/constants.ts';
import { samplesSent } from '../../contract/plan-samples.ts';
import {
  SAMPLE_RULES,
  sampleVerdicts,
  type SampleFigures,
  type SampleRules,
  type SampleVerdict,
} from '../../contract/sample-rules.ts';
import type { SampleRulesView } from '../../contract/schemas/sample-rules.ts';
import { shopDay, shopDayStart } from '../../contract/shop-time.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { fitsFor } from './sample-fit.service.ts';
import type { Db } from './shop-deps.ts';

const EMPTY: SampleRulesView = {
  min_fit: null,
  min_gmv30: null,
  min_post_rate: null,
  cap_day: null,
  cap_product: null,
  cap_month: null,
  price_cap: null,
  user_name: '',
  update_time: 0,
};

const rulesOf = (r: Record<string, unknown>): SampleRules =>
  Object.fromEntries(SAMPLE_RULES.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])]));

export async function getSampleRules(db: Db, ws: number): Promise<SampleRulesView> {
  const row = await db
    .selectFrom('sample_rules')
    .selectAll()
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  if (!row) return { ...EMPTY };
  return {
    ...EMPTY,
    ...rulesOf(row),
    user_name: row.user_name,
    update_time: Number(row.update_time),
  } as SampleRulesView;
}

/** Replaces the workspace's rules with the ones given (a rule left out is cleared). */
export async function setSampleRules(
  db: Db,
  ws: number,
  by: Actor,
  input: SampleRules,
  t: number,
): Promise<SampleRulesView> {
  const values = Object.fromEntries(SAMPLE_RULES.map((k) => [k, input[k] ?? null])) as Record<
    (typeof SAMPLE_RULES)[number],
    number | null
  >;
  const who = { user_id: by.id, user_name: by.name, update_time: t };
  await db
    .insertInto('sample_rules')
    .values({ workspace_id: ws, ...values, ...who })
    .onConflict((oc) => oc.column('workspace_id').doUpdateSet({ ...values, ...who }))
    .execute();
  return getSampleRules(db, ws);
}

/** A pending application as the rules see it. */
export interface Judged {
  id: number;
  creator_id: number;
  product_id: string;
  country: string;
}

/** The shop's day and month around `t`: their first seconds. */
export function windows(t: number, country: string): { day: number; month: number } {
  const c = (country || 'US') as Country;
  const today = shopDay(t, c);
  const first = `${today.slice(0, 8)}01`;
  return { day: shopDayStart(today, c), month: shopDayStart(first, c) };
}

/** `,id,` as a LIKE pattern that matches only itself (`!` escapes). */
const listed = (id: string) => `%,${id.replace(/[!%_]/g, '!$&')},%`;

/**
 * Approvals so far (accepted, under way since `claimedAfter`, or made on a request recorded in a
 * plan) in the workspace since `from`, optionally of one product.
 */
export async function approvedSince(
  db: Db,
  ws: number,
  from: number,
  claimedAfter: number,
  product?: string,
  except?: number,
): Promise<number> {
  let done = db
    .selectFrom('shop_sample_reviews as r')
    .innerJoin('shop_samples as s', (j) =>
      j.onRef('s.workspace_id', '=', 'r.workspace_id').onRef('s.application_id', '=', 'r.application_id'),
    )
    .select((eb) => eb.fn.countAll().as('n'))
    .where('r.workspace_id', '=', ws)
    .where('r.result', '=', 'approve')
    .where('r.outcome', '=', 'done')
    .where('r.add_time', '>=', from);
  if (product !== undefined) done = done.where('s.product_id', '=', product);
  let flying = db
    .selectFrom('shop_samples')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', ws)
    .where('status', '=', 'PENDING')
    .where('review_claim_result', '=', 'approve')
    .where('review_claim_at', '>', claimedAfter);
  if (product !== undefined) flying = flying.where('product_id', '=', product);
  if (except !== undefined) flying = flying.where('id', '!=', except);
  let local = db
    .selectFrom('plan_sample_decisions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', ws)
    .where('result', '=', 'approve')
    .where('outcome', '=', 'done')
    .where('add_time', '>=', from);
  if (product !== undefined)
    local = local.where(sql<boolean>`product_ids like ${listed(product)} escape '!'`);
  const [a, b, c] = await Promise.all([
    done.executeTakeFirst(),
    flying.executeTakeFirst(),
    local.executeTakeFirst(),
  ]);
  return Number(a?.n ?? 0) + Number(b?.n ?? 0) + Number(c?.n ?? 0);
}

/** The caps' counts for one application (the day and month of its shop). */
async function capCounts(
  db: Db,
  ws: number,
  a: Judged,
  t: number,
  claimedAfter: number,
): Promise<Pick<SampleFigures, 'approvedDay' | 'approvedMonth' | 'approvedProduct'>> {
  const w = windows(t, a.country);
  const [approvedDay, approvedMonth, approvedProduct] = [
    await approvedSince(db, ws, w.day, claimedAfter, undefined, a.id),
    await approvedSince(db, ws, w.month, claimedAfter, undefined, a.id),
    await approvedSince(db, ws, w.month, claimedAfter, a.product_id, a.id),
  ];
  return { approvedDay, approvedMonth, approvedProduct };
}

/**
 * What the rules read of each creator: 30-day GMV (the creator row) and post rate (samples sent
 * that became a post, over every plan of the workspace, in %); null when nobody knows.
 */
export async function creatorFigures(
  db: Db,
  ws: number,
  ids: readonly number[],
): Promise<{ gmv30: (id: number) => number | null; postRate: (id: number) => number | null }> {
  const creatorIds = [...new Set(ids.filter(Boolean))];
  const gmv = new Map<number, number>();
  const sent = new Map<number, number>();
  const posted = new Map<number, number>();
  for (let i = 0; i < creatorIds.length; i += 500) {
    const part = creatorIds.slice(i, i + 500);
    for (const r of await db
      .selectFrom('creators')
      .select(['id', 'gmv_t30'])
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute())
      gmv.set(Number(r.id), Number(r.gmv_t30));
    for (const m of await db
      .selectFrom('plan_creators as m')
      .innerJoin('plans as p', (j) =>
        j.onRef('p.id', '=', 'm.plan_id').onRef('p.workspace_id', '=', 'm.workspace_id'),
      )
      .select(['m.creator_id', 'm.stage', 'm.sample_time'])
      .where('m.workspace_id', '=', ws)
      .where('m.deleted_at', 'is', null)
      .where('p.deleted_at', 'is', null)
      .where('m.creator_id', 'in', part)
      .execute()) {
      if (!samplesSent(m)) continue;
      const id = Number(m.creator_id);
      sent.set(id, (sent.get(id) ?? 0) + 1);
      if (m.stage === 'posted' || m.stage === 'selling') posted.set(id, (posted.get(id) ?? 0) + 1);
    }
  }
  return {
    gmv30: (id) => (id && gmv.has(id) ? gmv.get(id)! : null),
    postRate: (id) => {
      const n = sent.get(id) ?? 0;
      return n ? Math.round(((posted.get(id) ?? 0) / n) * 10000) / 100 : null;
    },
  };
}

/**
 * The figures the server knows for each application: the creator's fit for the plan carrying the
 * product (sample-fit.service.ts; given when the caller has them), 30-day GMV (creator row), post
 * rate (samples sent that became a post, over every plan of the workspace), and the sample's cost
 * (the plan carrying the product: products at cost plus shipping; the highest when several).
 */
export async function figuresFor(
  db: Db,
  ws: number,
  apps: readonly Judged[],
  t: number,
  claimedAfter: number,
  fits?: ReadonlyMap<number, number | null>,
): Promise<Map<number, SampleFigures>> {
  fits ??= await fitsFor(db, ws, apps, t);
  const { gmv30, postRate } = await creatorFigures(
    db,
    ws,
    apps.map((a) => a.creator_id),
  );
  const price = new Map<string, number>();
  const plans = await db
    .selectFrom('plans')
    .select(['product_ids', 'sample_cost', 'shipping_cost'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .execute();
  const productRows = await db
    .selectFrom('products')
    .select(['id', 'product_id'])
    .where('workspace_id', '=', ws)
    .execute();
  const tiktokOf = new Map(productRows.map((p) => [String(p.id), String(p.product_id)]));
  for (const p of plans) {
    const cost = Number(p.sample_cost) + Number(p.shipping_cost);
    if (!(cost > 0)) continue;
    for (const rowId of String(p.product_ids).split(',').filter(Boolean)) {
      const tt = tiktokOf.get(rowId);
      if (tt && cost > (price.get(tt) ?? 0)) price.set(tt, cost);
    }
  }
  const out = new Map<number, SampleFigures>();
  for (const a of apps) {
    out.set(a.id, {
      fit: fits.get(a.id) ?? null,
      gmv30: gmv30(a.creator_id),
      postRate: postRate(a.creator_id),
      price: price.get(a.product_id) ?? null,
      ...(await capCounts(db, ws, a, t, claimedAfter)),
    });
  }
  return out;
}

/** The workspace's rules as SampleRules, and whether any cap is set. */
export async function rulesFor(
  db: Db,
  ws: number,
): Promise<{ rules: SampleRules; any: boolean; caps: boolean }> {
  const view = await getSampleRules(db, ws);
  const rules = rulesOf(view);
  return {
    rules,
    any: SAMPLE_RULES.some((k) => rules[k] !== null),
    caps: rules.cap_day !== null || rules.cap_month !== null || rules.cap_product !== null,
  };
}

/**
 * Takes the caps' lock (the rules row) inside `trx`, counts, and answers the first cap an approval
 * of `a` would break now, or null when there is room.
 */
export async function capBroken(
  trx: Db,
  ws: number,
  a: Judged,
  t: number,
  claimedAfter: number,
): Promise<SampleVerdict | null> {
  await trx
    .updateTable('sample_rules')
    .set((eb) => ({ claims: eb('claims', '+', 1) }))
    .where('workspace_id', '=', ws)
    .execute();
  const { rules } = await rulesFor(trx, ws);
  const counts = await capCounts(trx, ws, a, t, claimedAfter);
  return (
    sampleVerdicts(
      { cap_day: rules.cap_day, cap_product: rules.cap_product, cap_month: rules.cap_month },
      counts,
    ).find((v) => v.verdict === 'fail') ?? null
  );
}
