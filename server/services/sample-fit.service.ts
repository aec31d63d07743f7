/**
 * The fit score of a sample application on the server (docs/decisions/similar-and-fit.md, "Fit on
 * the server"): the creator scored for the plan carrying the application's product by the query
 * worker's own arithmetic (contract/fit/), over the same population (the workspace's creators), with
 * the same outcomes (every plan's members and the counted sales) and the default weights (a member's
 * own weights stay on their device).
 *
 * The plan: every plan carrying the product is judged and the lowest score counts, as an approval
 * moves the creator in each of them; a request recorded in a plan is judged for that plan alone. No plan carries it: the product alone is the plan (its
 * category from the product list). No plan and no product row, or no creator row: the score is
 * unknown (null), never a guess.
 */
import { fitContext, fitScore, type FitContext } from '../../contract/fit/fit.ts';
import { buildIndex, type LookalikeIndex } from '../../contract/fit/lookalike-index.ts';
import { outcomesOf, type Member, type Sale } from '../../contract/fit/outcomes.ts';
import { DEFAULT_FIT_WEIGHTS } from '../../contract/fit/types.ts';
import type { Db } from './shop-deps.ts';

/** What the fit of one application reads. */
export interface FitAsked {
  id: number;
  creator_id: number;
  product_id: string;
  /** The plan the request was made in (a request recorded in a plan): scored for that plan alone. */
  plan_id?: number;
}

/**
 * What the fit reads of a workspace, kept per process for the workspace's version
 * (`workspaces.version_seq`, bumped by every write of a synced row: creators, products, plans,
 * plan members and sales all are), so a list loaded again without a change reads one row instead
 * of the whole workspace. The outcomes are counted per call from the kept rows: they age with time.
 */
interface FitInputs {
  version: number;
  products: { id: number; product_id: string; category: string | null }[];
  plans: { id: number; product_ids: string }[];
  index: LookalikeIndex;
  pos: Map<number, number>;
  members: Member[];
  sales: Sale[];
}

/** Workspaces whose inputs are kept (the least recently used one is dropped first). */
export const FIT_CACHE_MAX = 32;
/**
 * Per database: a server has one, but a process that opens several (the test suites, one per app)
 * would otherwise find workspace 1 at version 5 of one database in the inputs of another's. A
 * transaction is a database object of its own and keeps nothing (see below).
 */
const keptBy = new WeakMap<Db, Map<number, FitInputs>>();
const keptFor = (db: Db): Map<number, FitInputs> => {
  let kept = keptBy.get(db);
  if (!kept) keptBy.set(db, (kept = new Map()));
  return kept;
};

const versionOf = async (db: Db, ws: number): Promise<number> =>
  Number(
    (await db.selectFrom('workspaces').select('version_seq').where('id', '=', ws).executeTakeFirst())
      ?.version_seq ?? -1,
  );

async function fitInputs(db: Db, ws: number): Promise<FitInputs> {
  const version = await versionOf(db, ws);
  const kept = keptFor(db);
  const hit = kept.get(ws);
  if (hit && hit.version === version) {
    kept.delete(ws);
    kept.set(ws, hit);
    return hit;
  }
  const products = (
    await db
      .selectFrom('products')
      .select(['id', 'product_id', 'category'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .execute()
  ).map((p) => ({ ...p, id: Number(p.id) }));
  const plans = (
    await db
      .selectFrom('plans')
      .select(['id', 'product_ids'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute()
  ).map((p) => ({ id: Number(p.id), product_ids: String(p.product_ids ?? '') }));
  const fresh: FitInputs = {
    version,
    products,
    plans,
    ...(await population(db, ws)),
    ...(await outcomeRows(db, ws)),
  };
  // Kept only what is committed and whole: not from inside a transaction (its writes may roll
  // back and their version be given out again), nor when a write landed while it was read.
  if (!db.isTransaction && (await versionOf(db, ws)) === version) {
    kept.delete(ws);
    kept.set(ws, fresh);
    if (kept.size > FIT_CACHE_MAX) kept.delete(kept.keys().next().value!);
  }
  return fresh;
}

/** The categories each application is scored against: one list per plan carrying its product, [] none. */
function categoriesOf(
  inputs: Pick<FitInputs, 'products' | 'plans'>,
  apps: readonly FitAsked[],
): Map<number, string[][]> {
  const { products, plans } = inputs;
  const byRow = new Map(products.map((p) => [String(p.id), p]));
  const planCats = new Map<string, string[][]>();
  const byPlan = new Map<number, string[]>();
  const own = new Map<string, string[]>();
  for (const p of products) {
    const c = (p.category ?? '').trim();
    own.set(p.product_id, [...new Set([...(own.get(p.product_id) ?? []), ...(c ? [c] : [])])]);
  }
  for (const plan of plans) {
    const rows = String(plan.product_ids ?? '')
      .split(',')
      .map((id) => byRow.get(id))
      .filter((p) => p !== undefined);
    // The plan's categories as the fit dialog reads them: its products' categories, trimmed, once each.
    const cats = [...new Set(rows.map((p) => (p.category ?? '').trim()))].filter(Boolean);
    if (rows.length) byPlan.set(Number(plan.id), cats);
    for (const tiktokId of new Set(rows.map((p) => p.product_id)))
      planCats.set(tiktokId, [...(planCats.get(tiktokId) ?? []), cats]);
  }
  const out = new Map<number, string[][]>();
  for (const a of apps) {
    if (a.plan_id !== undefined) {
      // A request made in a plan is judged for that plan; a plan without products gives no score.
      const cats = byPlan.get(a.plan_id);
      out.set(a.id, cats ? [cats] : []);
      continue;
    }
    const carried = planCats.get(a.product_id);
    if (carried) out.set(a.id, carried);
    else if (own.has(a.product_id)) out.set(a.id, [own.get(a.product_id)!]);
    else out.set(a.id, []);
  }
  return out;
}

/** The workspace's creators as the query worker indexes them, and each one's position. */
async function population(db: Db, ws: number): Promise<Pick<FitInputs, 'index' | 'pos'>> {
  const rows = await db
    .selectFrom('creators')
    .select([
      'id',
      'follower_count',
      'video_view_t30',
      'gmv_t30',
      'units_sold_t30',
      'video_publish_t30',
      'video_engagement_t30',
      'categorys',
    ])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const list = rows.map((r) => ({ ...r, id: Number(r.id) }));
  return { index: buildIndex(list), pos: new Map(list.map((r, i) => [r.id, i])) };
}

/** The plan members and counted sales the seller's outcomes are counted from (outcomesOf, per call: they age). */
async function outcomeRows(db: Db, ws: number): Promise<Pick<FitInputs, 'members' | 'sales'>> {
  const members = await db
    .selectFrom('plan_creators as m')
    .innerJoin('plans as p', (j) =>
      j.onRef('p.id', '=', 'm.plan_id').onRef('p.workspace_id', '=', 'm.workspace_id'),
    )
    .select(['m.creator_id', 'm.stage', 'm.stage_time', 'm.sample_time'])
    .where('m.workspace_id', '=', ws)
    .where('m.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .execute();
  const sales = await db
    .selectFrom('creator_sales')
    .select(['creator_id', 'gmv'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .execute();
  return {
    members: members.map((m) => ({
      creator_id: Number(m.creator_id),
      stage: m.stage,
      stage_time: Number(m.stage_time),
      sample_time: Number(m.sample_time),
    })),
    sales: sales.map((x) => ({ creator_id: Number(x.creator_id), gmv: Number(x.gmv) })),
  };
}

/** The score as shown and judged: one decimal, so the figure on screen is the one the rule compared. */
const shown = (score: number): number => Math.round(score * 10) / 10;

/** Each application's fit score (0–100), null when unknown. */
export async function fitsFor(
  db: Db,
  ws: number,
  apps: readonly FitAsked[],
  now: number,
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>(apps.map((a) => [a.id, null]));
  const scored = apps.filter((a) => a.creator_id > 0);
  if (!scored.length) return out;
  const inputs = await fitInputs(db, ws);
  const cats = categoriesOf(inputs, scored);
  if (![...cats.values()].some((c) => c.length)) return out;
  const { index, pos } = inputs;
  const spec = { weights: DEFAULT_FIT_WEIGHTS, outcomes: outcomesOf(inputs.members, inputs.sales, now) };
  const contexts = new Map<string, FitContext>();
  const contextOf = (categories: string[]) => {
    const key = JSON.stringify(categories);
    let ctx = contexts.get(key);
    if (!ctx) contexts.set(key, (ctx = fitContext(index, { ...spec, categories }, (id) => pos.get(id))));
    return ctx;
  };
  for (const a of scored) {
    const at = pos.get(a.creator_id);
    const plans = cats.get(a.id) ?? [];
    if (at === undefined || !plans.length) continue;
    out.set(a.id, shown(Math.min(...plans.map((c) => fitScore(index, contextOf(c), at)))));
  }
  return out;
}
