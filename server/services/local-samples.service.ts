/**
 * Sample requests recorded in plans (docs/decisions/shop-connection.md, "Sample requests without a
 * shop"): creators at "sample requested" in a plan, listed best fit first with the workspace's
 * sample approval rules judged for each, and a member's decision on a selection.
 *
 * The rules are the shop path's (server/services/sample-rules.service.ts): the fit for the plan the
 * request was made in, the creator's 30-day GMV and post rate, the plan's sample cost, and the caps,
 * which count the shop's approvals and these together (the plan's country's day and month; the cap
 * per product counts an approval once for each product the plan carries, the busiest one judged).
 * A decision is one transaction that takes the caps' lock (the rules row) first, as the shop path
 * does, so two approvals racing for the last place under a cap cannot both have it; nothing leaves
 * the server between the count and the move, so no claim is needed.
 */
import type { Language } from '../../contract/constants.ts';
import type { LocalSampleOutcome, LocalSampleView } from '../../contract/schemas/local-samples.ts';
import { LOCAL_SAMPLE_ID, localSampleId } from '../../contract/schemas/local-samples.ts';
import { sampleVerdicts, type SampleRules, type SampleVerdict } from '../../contract/sample-rules.ts';
import { SHOP_REVIEW_LIST_MAX, type ShopReviewResult } from '../../contract/shop-review.ts';
import type { Transaction } from 'kysely';
import type { Actor } from '../db/creator-events.repository.ts';
import { engineOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { message } from '../domain/messages.ts';
import { movePlanCreators } from './plan-member.service.ts';
import { fitsFor } from './sample-fit.service.ts';
import { REVIEW_CLAIM_SECONDS } from './shop-review.service.ts';
import { approvedSince as countApproved, creatorFigures, rulesFor, windows } from './sample-rules.service.ts';
import { lockWorkspace, type Db } from './shop-deps.ts';
import '../domain/messages/local-samples.messages.ts';
import '../domain/messages/sample-rules.messages.ts';

/** A creator at "sample requested" in a live plan of the workspace. */
interface Member {
  /** The plan_creators row (the fit's key). */
  id: number;
  plan_id: number;
  plan_name: string;
  creator_id: number;
  stage: string;
  stage_time: number;
  country: string;
  /** The plan's TikTok product ids. */
  products: string[];
  /** The plan's products at cost plus shipping; null when the plan names none. */
  price: number | null;
}

const REQUESTED = 'sample_requested';

/** The plans' members named by `where`, with what the rules read of their plans. */
async function members(
  db: Db,
  ws: number,
  where: { stage?: string; planIds?: number[]; creatorIds?: number[] },
): Promise<Member[]> {
  let q = db
    .selectFrom('plan_creators as m')
    .innerJoin('plans as p', (j) =>
      j.onRef('p.id', '=', 'm.plan_id').onRef('p.workspace_id', '=', 'm.workspace_id'),
    )
    .select([
      'm.id',
      'm.plan_id',
      'm.creator_id',
      'm.stage',
      'm.stage_time',
      'p.name',
      'p.country',
      'p.product_ids',
      'p.sample_cost',
      'p.shipping_cost',
    ])
    .where('m.workspace_id', '=', ws)
    .where('m.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null);
  if (where.stage) q = q.where('m.stage', '=', where.stage);
  if (where.planIds) q = q.where('m.plan_id', 'in', where.planIds);
  if (where.creatorIds) q = q.where('m.creator_id', 'in', where.creatorIds);
  const rows = await q.orderBy('m.id').execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'product_id'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .execute();
  const tiktokOf = new Map(products.map((p) => [String(p.id), p.product_id]));
  return rows.map((r) => {
    const ids = String(r.product_ids).split(',').filter(Boolean);
    const cost = Number(r.sample_cost) + Number(r.shipping_cost);
    return {
      id: Number(r.id),
      plan_id: Number(r.plan_id),
      plan_name: r.name,
      creator_id: Number(r.creator_id),
      stage: r.stage,
      stage_time: Number(r.stage_time),
      country: r.country,
      products: [...new Set(ids.map((id) => tiktokOf.get(id)).filter((p): p is string => Boolean(p)))],
      price: ids.length && cost > 0 ? cost : null,
    };
  });
}

/**
 * Creator and product pairs the shop has a pending application for: such a request is the shop's,
 * reviewed through the shop (listed there, refused here as `in_shop`).
 */
async function shopPending(db: Db, ws: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('shop_samples')
    .select(['creator_id', 'product_id'])
    .where('workspace_id', '=', ws)
    .where('status', '=', 'PENDING')
    .where('creator_id', '>', 0)
    .execute();
  return new Set(rows.map((r) => `${Number(r.creator_id)}:${r.product_id}`));
}
const inShop = (shop: Set<string>, m: Member) => m.products.some((p) => shop.has(`${m.creator_id}:${p}`));

/** Judges members against the rules; the figures that do not change within a call are read once. */
async function judge(
  db: Db,
  ws: number,
  list: readonly Member[],
  rules: SampleRules,
  t: number,
  withFit: boolean,
  memo: boolean,
) {
  const fits =
    withFit && list.length
      ? await fitsFor(
          db,
          ws,
          list.map((m) => ({ id: m.id, creator_id: m.creator_id, product_id: '', plan_id: m.plan_id })),
          t,
        )
      : new Map<number, number | null>();
  const figures = await creatorFigures(
    db,
    ws,
    list.map((m) => m.creator_id),
  );
  const capsSet = rules.cap_day != null || rules.cap_month != null || rules.cap_product != null;
  // A list counts each window (and product) once; a decision counts again for each request, as
  // the approvals before it in the same call have moved the counts.
  const counted = new Map<string, number>();
  const approvedSince = async (from: number, flying: number, product?: string) => {
    const key = `${from}|${product ?? ''}`;
    if (memo && counted.has(key)) return counted.get(key)!;
    const n = await countApproved(db, ws, from, flying, product);
    counted.set(key, n);
    return n;
  };
  /** The verdicts for one member now (the caps counted at this moment, in `db`'s transaction). */
  const verdicts = async (m: Member): Promise<SampleVerdict[]> => {
    const counts: { approvedDay?: number; approvedMonth?: number; approvedProduct?: number } = {};
    if (capsSet) {
      const w = windows(t, m.country);
      const flying = t - REVIEW_CLAIM_SECONDS;
      counts.approvedDay = await approvedSince(w.day, flying);
      counts.approvedMonth = await approvedSince(w.month, flying);
      // The busiest of the plan's products; a plan without products leaves the cap unknown.
      let most: number | undefined;
      if (rules.cap_product != null)
        for (const p of m.products) most = Math.max(most ?? 0, await approvedSince(w.month, flying, p));
      counts.approvedProduct = most;
    }
    return sampleVerdicts(rules, {
      fit: fits.get(m.id) ?? null,
      gmv30: figures.gmv30(m.creator_id),
      postRate: figures.postRate(m.creator_id),
      price: m.price,
      ...counts,
    });
  };
  return { fits, verdicts };
}

/** The workspace's requests recorded in plans, best fit first (at most SHOP_REVIEW_LIST_MAX). */
export async function localPending(
  db: Db,
  ws: number,
  t: number,
): Promise<{ items: LocalSampleView[]; total: number }> {
  const shop = await shopPending(db, ws);
  const all = (await members(db, ws, { stage: REQUESTED })).filter((m) => !inShop(shop, m));
  const { rules, any } = await rulesFor(db, ws);
  const { fits, verdicts } = await judge(db, ws, all, rules, t, true, true);
  const rank = (m: Member) => fits.get(m.id) ?? -1;
  const shown = [...all]
    .sort((a, b) => rank(b) - rank(a) || a.stage_time - b.stage_time || a.id - b.id)
    .slice(0, SHOP_REVIEW_LIST_MAX);
  const creatorIds = [...new Set(shown.map((m) => m.creator_id))];
  const who = new Map<number, { unique_id: string; nick_name: string }>();
  const planIds = [...new Set(shown.map((m) => m.plan_id))];
  const last = new Map<string, { code: string; msg: string; add_time: number }>();
  for (let i = 0; i < creatorIds.length; i += 500) {
    const part = creatorIds.slice(i, i + 500);
    for (const c of await db
      .selectFrom('creators')
      .select(['id', 'unique_id', 'nick_name'])
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute())
      who.set(Number(c.id), c);
    for (const d of await db
      .selectFrom('plan_sample_decisions')
      .select(['plan_id', 'creator_id', 'outcome', 'code', 'msg', 'add_time'])
      .where('workspace_id', '=', ws)
      .where('creator_id', 'in', part)
      .where('plan_id', 'in', planIds)
      .orderBy('id')
      .execute()) {
      // The latest attempt wins; one that went through leaves nothing to show.
      const key = localSampleId(Number(d.plan_id), Number(d.creator_id));
      if (d.outcome === 'refused') last.set(key, { ...d, add_time: Number(d.add_time) });
      else last.delete(key);
    }
  }
  const titles = await productTitles(db, ws);
  const items: LocalSampleView[] = [];
  for (const m of shown) {
    const id = localSampleId(m.plan_id, m.creator_id);
    const c = who.get(m.creator_id);
    // A refusal from before the creator came back to "sample requested" no longer applies.
    const l = last.get(id);
    const current = l && l.add_time >= m.stage_time ? l : undefined;
    items.push({
      id,
      plan_id: m.plan_id,
      plan_name: m.plan_name,
      creator_id: m.creator_id,
      creator: c?.unique_id ?? '',
      creator_nickname: c?.nick_name ?? '',
      products: m.products.map((p) => titles.get(p) || p).join(', '),
      requested_at: m.stage_time,
      last_code: current?.code ?? '',
      last_msg: current?.msg ?? '',
      last_at: current?.add_time ?? 0,
      fit: fits.get(m.id) ?? null,
      verdicts: any ? await verdicts(m) : [],
    });
  }
  return { items, total: all.length };
}

async function productTitles(db: Db, ws: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('products')
    .select(['product_id', 'product_title'])
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.product_id, r.product_title]));
}

export interface DecideInput {
  requests: string[];
  result: ShopReviewResult;
  reason?: string;
}

/**
 * Decides each request in turn inside `trx` (the caller's one transaction): one outcome per
 * distinct id, in the order asked. An approval the rules refuse, like every decision made, is a
 * history row naming the member (and the rule).
 */
export async function decideLocal(
  trx: Transaction<DB>,
  ws: number,
  by: Actor,
  input: DecideInput,
  t: number,
  lang: Language,
): Promise<LocalSampleOutcome[]> {
  const ids = [...new Set(input.requests)];
  const approve = input.result === 'approve';
  // The caps' lock before anything is read, in the shop path's order (rules row, then the
  // workspace version that a move takes), so parallel approvals count one after another.
  if (approve)
    await trx
      .updateTable('sample_rules')
      .set((eb) => ({ claims: eb('claims', '+', 1) }))
      .where('workspace_id', '=', ws)
      .execute();
  // Then the workspace row, for approvals and rejections alike, before the stages are read: a
  // move elsewhere (another decision, a member's drag) takes it too, so a stage read here is the
  // stage the move below changes, and two decisions on one request cannot both succeed
  // (PostgreSQL; SQLite writes are serial).
  await lockWorkspace(trx, engineOf(trx), ws);
  const pairs = ids.map((id) => {
    const [, plan, creator] = LOCAL_SAMPLE_ID.exec(id) ?? [];
    return { id, plan: Number(plan), creator: Number(creator) };
  });
  const found = await members(trx, ws, {
    planIds: [...new Set(pairs.map((p) => p.plan))],
    creatorIds: [...new Set(pairs.map((p) => p.creator))],
  });
  const byId = new Map(found.map((m) => [localSampleId(m.plan_id, m.creator_id), m]));
  const shop = await shopPending(trx, ws);
  const { rules, any } = approve ? await rulesFor(trx, ws) : { rules: {}, any: false };
  const wanted = new Set(ids);
  const asked = found.filter((m) => wanted.has(localSampleId(m.plan_id, m.creator_id)));
  const judged = any ? await judge(trx, ws, asked, rules, t, rules.min_fit != null, false) : null;
  const out: LocalSampleOutcome[] = [];
  const refused = (id: string, code: string, msg: string, stage: string): LocalSampleOutcome => ({
    id,
    outcome: 'refused',
    code,
    msg,
    stage,
  });
  for (const { id } of pairs) {
    const m = byId.get(id);
    if (!m) {
      out.push(refused(id, 'not_found', message('plan_samples_not_found', lang), ''));
      continue;
    }
    if (m.stage !== REQUESTED) {
      out.push(refused(id, 'not_pending', message('plan_samples_not_pending', lang), m.stage));
      continue;
    }
    if (inShop(shop, m)) {
      out.push(refused(id, 'in_shop', message('plan_samples_in_shop', lang), m.stage));
      continue;
    }
    const broken = judged ? (await judged.verdicts(m)).find((v) => v.verdict === 'fail') : undefined;
    if (broken) {
      const msg = message(`shop_review_rule_${broken.rule}`, lang, {
        value: broken.value ?? 0,
        limit: broken.limit,
      });
      await record(trx, ws, by, m, input, t, { code: `rule_${broken.rule}`, msg, rule: broken.rule });
      out.push(refused(id, `rule_${broken.rule}`, msg, m.stage));
      continue;
    }
    const stage = approve ? 'sample_approved' : 'declined';
    await movePlanCreators(trx, ws, by, m.plan_id, [m.creator_id], stage, input.reason ?? '', lang);
    m.stage = stage;
    await record(trx, ws, by, m, input, t);
    out.push({ id, outcome: 'done', code: '', msg: '', stage });
  }
  return out;
}

/** The decision's history row: done, or refused by a rule. */
async function record(
  trx: Db,
  ws: number,
  by: Actor,
  m: Member,
  input: DecideInput,
  t: number,
  refusal?: { code: string; msg: string; rule: string },
): Promise<void> {
  await trx
    .insertInto('plan_sample_decisions')
    .values({
      workspace_id: ws,
      plan_id: m.plan_id,
      creator_id: m.creator_id,
      product_ids: m.products.length ? `,${m.products.join(',')},` : '',
      user_id: by.id,
      user_name: by.name,
      result: input.result,
      reason: input.reason ?? '',
      outcome: refusal ? 'refused' : 'done',
      code: refusal?.code.slice(0, 40) ?? '',
      msg: refusal?.msg.slice(0, 500) ?? '',
      rule: refusal?.rule ?? '',
      add_time: t,
    })
    .execute();
}
