/**
 * A member creates TikTok target collaborations from a plan's selection
 * (docs/decisions/shop-connection.md, "Target collaborations from a plan"). Three steps:
 * 1. claim: in one transaction under the workspace's lock, everything is checked (end time, the
 *    plan, its connected shop, the products, each creator's TikTok user id, the blacklist) and the
 *    request is stored as running under its `request_key`; a second submit of the same dialog finds
 *    it (its outcome, or "still running"), and a plan runs one request at a time;
 * 2. the TikTok calls, outside any transaction (server/services/shop-target-calls.ts);
 * 3. record: the created parts' creators are invited exactly as /plan/invite records them, each
 *    collaboration's id is stored, and the request is closed with its outcome.
 * Every query is scoped to the caller's workspace.
 */
import {
  SHOP_TARGET_END_MARGIN_DAYS,
  SHOP_TARGET_END_MAX_DAYS,
  type ShopTargetRequest,
  type ShopTargetResult,
} from '../../contract/schemas/shop-target.ts';
import { shortList } from '../../contract/limits.ts';
import { blacklistedNames } from '../db/blacklist.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { liveCreatorsIn } from '../db/creator-lookup.repository.ts';
import { memberRows } from '../db/plan-member.repository.ts';
import { liveProducts, planTerms } from '../db/plan.repository.ts';
import { AppError } from '../domain/errors.ts';
import { invitePlanCreators } from './plan-outreach.service.ts';
import { workspaceApp } from './shop-credentials.service.ts';
import { lockWorkspace, type Db, type ShopDeps } from './shop-deps.ts';
import { sendTargetParts, type TargetCreator, type TargetTerms } from './shop-target-calls.ts';

const DAY = 86_400;
/** A running request older than this is taken as crashed: the plan may be asked again. */
export const TARGET_RUNNING_STALE_SECONDS = 10 * 60;

interface Claim {
  requestId: number;
  planId: number;
  connection: { id: number; authorizationId: number; cipher: string };
  creators: TargetCreator[];
  terms: TargetTerms;
}

/** Our answer for a request already answered (a double submit), or the refusal while it runs. */
function replay(row: { status: string; result: string; plan_id: number | string }, planId: number) {
  if (Number(row.plan_id) !== planId) throw new AppError(40009, 'shop_target_key_reused');
  if (row.status !== 'done') throw new AppError(40009, 'shop_target_running');
  return JSON.parse(row.result) as ShopTargetResult;
}

function checkEndTime(endTime: number, now: number) {
  if (endTime < now + SHOP_TARGET_END_MARGIN_DAYS * DAY)
    throw new AppError(40001, 'shop_target_end_too_soon', {
      field: 'end_time',
      days: SHOP_TARGET_END_MARGIN_DAYS,
    });
  if (endTime > now + SHOP_TARGET_END_MAX_DAYS * DAY)
    throw new AppError(40001, 'shop_target_end_too_far', {
      field: 'end_time',
      days: SHOP_TARGET_END_MAX_DAYS,
    });
}

/**
 * The shop the member chose, or the plan's country's only shop. With several shops in the country
 * (active or stopped) and none named, the call is refused (`shop_choose`) rather than guessed: the
 * invitations go out under one shop's name, which the member must pick. A shop id of another
 * workspace is "not found", a disconnected one "not syncing"; one of another country is refused
 * naming the field. A stopped shop is refused with its stop code.
 */
async function shopFor(db: Db, ws: number, country: string, wanted: number | undefined) {
  const rows = await db
    .selectFrom('shop_connections')
    .select(['id', 'authorization_id', 'cipher', 'status', 'stop_code', 'shop_name', 'region', 'country'])
    .where('workspace_id', '=', ws)
    .where((eb) =>
      wanted
        ? eb('id', '=', wanted)
        : eb.and([eb('country', '=', country), eb('status', '!=', 'disconnected')]),
    )
    .orderBy('id')
    .execute();
  if (wanted && rows.length === 0) throw new AppError(40004, 'shop_not_found');
  // Chosen from a screen that had not yet heard of the disconnect.
  if (wanted && rows[0]!.status === 'disconnected') throw new AppError(40009, 'shop_not_active');
  if (wanted && rows[0]!.country !== country)
    throw new AppError(40001, 'shop_target_shop_other_country', {
      field: 'shop',
      shop: rows[0]!.shop_name,
      country,
    });
  if (rows.length > 1)
    throw new AppError(40001, 'shop_choose', {
      field: 'shop',
      country,
      shops: shortList(rows.map((r) => `${r.shop_name} (${r.region})`)),
    });
  const only = rows[0];
  if (!only) throw new AppError(40009, 'shop_target_no_shop', { country });
  if (only.status !== 'active')
    throw new AppError(40009, 'shop_target_shop_stopped', { shop: only.shop_name, code: only.stop_code });
  return { id: Number(only.id), authorizationId: Number(only.authorization_id), cipher: only.cipher };
}

/** Each creator's TikTok user id, as the shop sync stored it with their sample applications. */
async function userIdsOf(db: Db, ws: number, creators: { id: number; unique_id: string }[]) {
  const rows = await db
    .selectFrom('shop_samples')
    .select(['creator_id', 'creator', 'creator_user_id', 'update_time'])
    .where('workspace_id', '=', ws)
    .where('creator_user_id', '!=', '')
    .where((eb) =>
      eb.or([
        eb(
          'creator_id',
          'in',
          creators.map((c) => c.id),
        ),
        eb(
          'creator',
          'in',
          creators.map((c) => c.unique_id),
        ),
      ]),
    )
    .orderBy('update_time', 'desc')
    .execute();
  const byId = new Map<number, string>();
  const byHandle = new Map<string, string>();
  for (const r of rows) {
    if (!/^\d{1,25}$/.test(r.creator_user_id)) continue;
    if (!byId.has(Number(r.creator_id))) byId.set(Number(r.creator_id), r.creator_user_id);
    if (!byHandle.has(r.creator.toLowerCase())) byHandle.set(r.creator.toLowerCase(), r.creator_user_id);
  }
  return (c: { id: number; unique_id: string }) => byId.get(c.id) ?? byHandle.get(c.unique_id.toLowerCase());
}

async function claim(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  input: ShopTargetRequest,
): Promise<{ done: ShopTargetResult } | { claimed: Claim }> {
  return deps.db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, deps.engine, ws);
    const seen = await trx
      .selectFrom('shop_target_requests')
      .select(['status', 'result', 'plan_id'])
      .where('workspace_id', '=', ws)
      .where('request_key', '=', input.request_key)
      .executeTakeFirst();
    if (seen) return { done: replay(seen, input.plan_id) };
    const t = deps.now();
    // The plan first: another workspace's plan id is "not found" whatever else the request says.
    const plan = await planTerms(trx, ws, input.plan_id);
    if (!plan) throw new AppError(40004, 'plan_not_found');
    checkEndTime(input.end_time, t);
    const connection = await shopFor(trx, ws, plan.country, input.shop);
    const running = await trx
      .selectFrom('shop_target_requests')
      .select('id')
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', input.plan_id)
      .where('status', '=', 'running')
      .where('created_at', '>', t - TARGET_RUNNING_STALE_SECONDS)
      .executeTakeFirst();
    if (running) throw new AppError(40009, 'shop_target_running');

    const planProducts = new Set(String(plan.product_ids).split(',').map(Number));
    const wantedProducts = input.products.map((p) => p.id);
    if (new Set(wantedProducts).size !== wantedProducts.length)
      throw new AppError(40001, 'shop_target_product_twice', { field: 'products' });
    const live = await liveProducts(trx, ws, wantedProducts);
    const tiktokId = new Map(live.map((p) => [Number(p.id), p.product_id]));
    if (wantedProducts.some((id) => !planProducts.has(id) || !/^\d{1,25}$/.test(tiktokId.get(id) ?? '')))
      throw new AppError(40001, 'shop_target_product_not_in_plan', { field: 'products' });

    const ids = [...new Set(input.creator_ids)];
    const members = (await memberRows(trx, ws, input.plan_id, ids)).filter((r) => r.deleted_at === null);
    const inPlan = new Set(members.map((r) => Number(r.creator_id)));
    const planned = ids.filter((id) => inPlan.has(id));
    // No empty `in ()`: PostgreSQL refuses it.
    const creators = (planned.length ? await liveCreatorsIn(trx, ws, plan.country, planned) : [])
      .map((c) => ({ id: Number(c.id), unique_id: c.unique_id }))
      // In the member's order, so the parts hold the creators as they were selected.
      .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    if (creators.length !== ids.length)
      throw new AppError(40001, 'shop_target_creators_not_in_plan', {
        field: 'creator_ids',
        count: ids.length - creators.length,
      });
    const black = await blacklistedNames(
      trx,
      ws,
      plan.country,
      creators.map((c) => c.unique_id),
    );
    if (black.size) throw new AppError(40009, 'shop_target_blacklisted', { names: shortList([...black]) });
    const userId = await userIdsOf(trx, ws, creators);
    const missing = creators.filter((c) => !userId(c)).map((c) => c.unique_id);
    if (missing.length)
      throw new AppError(40001, 'shop_target_no_user_id', {
        field: 'creator_ids',
        names: shortList(missing),
      });

    const terms: TargetTerms = {
      name: input.name,
      message: input.message,
      endTime: input.end_time,
      products: input.products.map((p) => ({ id: tiktokId.get(p.id)!, rate: Math.round(p.rate * 100) })),
      freeSample: input.free_sample === 1,
      email: input.email,
    };
    const targetCreators = creators.map((c) => ({ id: c.id, handle: c.unique_id, userId: userId(c)! }));
    const row = await trx
      .insertInto('shop_target_requests')
      .values({
        workspace_id: ws,
        connection_id: connection.id,
        plan_id: input.plan_id,
        user_id: by.id,
        user_name: by.name,
        request_key: input.request_key,
        status: 'running',
        request: JSON.stringify({ ...terms, creators: targetCreators }),
        result: '',
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claimed: Claim = {
      requestId: Number(row.id),
      planId: input.plan_id,
      connection,
      creators: targetCreators,
      terms,
    };
    return { claimed };
  });
}

export async function createTargetCollaborations(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  input: ShopTargetRequest,
): Promise<ShopTargetResult> {
  const first = await claim(deps, ws, by, input);
  if ('done' in first) return first.done;
  const c = first.claimed;
  let parts: Awaited<ReturnType<typeof sendTargetParts>>;
  try {
    const app = await workspaceApp(deps, deps.db, ws);
    if (!app) throw new AppError(40009, 'shop_credentials_missing');
    parts = await sendTargetParts(deps, app, c.connection, c.creators, c.terms);
  } catch (err) {
    // Nothing was sent: the claim is released so the member can try again.
    await deps.db.deleteFrom('shop_target_requests').where('id', '=', c.requestId).execute();
    throw err;
  }
  try {
    return await record(deps, ws, by, c, parts);
  } catch (err) {
    // TikTok made these; the request stays "running" so the plan frees up after the stale time.
    deps.log.error(
      {
        workspace: ws,
        request: c.requestId,
        created: parts.map((p) => p.collaboration_id).filter(Boolean),
        err,
      },
      'TikTok Shop target collaborations created but not recorded',
    );
    throw err;
  }
}

async function record(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  c: Claim,
  parts: Awaited<ReturnType<typeof sendTargetParts>>,
): Promise<ShopTargetResult> {
  return deps.db.transaction().execute(async (trx) => {
    let invited = 0;
    const t = deps.now();
    for (const p of parts.filter((x) => x.status === 'created')) {
      const res = await invitePlanCreators(
        trx,
        ws,
        by,
        c.planId,
        p.creatorIds,
        c.terms.products.map((x) => x.id),
      );
      invited += res.invited;
      await trx
        .insertInto('shop_target_collaborations')
        .values({
          workspace_id: ws,
          request_id: c.requestId,
          connection_id: c.connection.id,
          plan_id: c.planId,
          part: p.part,
          collaboration_id: p.collaboration_id,
          creator_ids: p.creatorIds.join(','),
          product_ids: c.terms.products.map((x) => x.id).join(','),
          created_at: t,
        })
        .execute();
    }
    const result: ShopTargetResult = {
      plan_id: c.planId,
      parts: parts.map(({ creatorIds: _ids, ...rest }) => rest),
      invited,
    };
    await trx
      .updateTable('shop_target_requests')
      .set({ status: 'done', result: JSON.stringify(result), updated_at: t })
      .where('id', '=', c.requestId)
      .execute();
    deps.log.info(
      {
        workspace: ws,
        user: by.id,
        plan: c.planId,
        request: c.requestId,
        parts: parts.map((p) => `${p.part}:${p.status}${p.collaboration_id ? `:${p.collaboration_id}` : ''}`),
      },
      'TikTok Shop target collaborations requested',
    );
    return result;
  });
}
