/**
 * A member's review of the shop's sample applications (docs/decisions/shop-connection.md,
 * "Reviewing sample applications"): the pending list, and APPROVE or REJECT for a selection.
 *
 * Each application is looked up in the caller's workspace, then claimed (`review_claim_at`, a
 * conditional update) before TikTok is called, so a second review of it, in this process or
 * another, answers `in_review` instead of calling TikTok again. TikTok's answer is written as the
 * next sync would write it: the new status, and for an approval the creator moved to "sample
 * approved" in the plans carrying the product through advanceInPlans (forward only, with history;
 * the member is named). Every attempt, done or refused, is a row of `shop_sample_reviews`.
 */
import type { Language } from '../../contract/constants.ts';
import type { ShopReviewOutcome, ShopSampleView } from '../../contract/schemas/shop-samples.ts';
import {
  SHOP_REVIEW_LIST_MAX,
  type ShopRejectReason,
  type ShopReviewResult,
} from '../../contract/shop-review.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import { AppError } from '../domain/errors.ts';
import { message } from '../domain/messages.ts';
import { sampleReviewPath, stageOfSample, TtsApiError } from '../integrations/tiktok-shop/index.ts';
import { shopApi } from '../jobs/shop-sync/api.ts';
import { z } from 'zod';
import { workspaceApp } from './shop-credentials.service.ts';
import { lockWorkspace, type Db, type ShopDeps } from './shop-deps.ts';
import { advanceInPlans } from './plan-member.service.ts';
import { capBroken, figuresFor, rulesFor } from './sample-rules.service.ts';
import { fitsFor } from './sample-fit.service.ts';
import { sampleVerdicts, type SampleVerdict } from '../../contract/sample-rules.ts';
import '../domain/messages/shop-review.messages.ts';
import '../domain/messages/sample-rules.messages.ts';

/** A claim older than this belongs to a review whose process stopped: it may be taken again. */
export const REVIEW_CLAIM_SECONDS = 120;

const STATUS_AFTER: Record<ShopReviewResult, string> = {
  approve: 'AWAITING_SHIPMENT',
  reject: 'REJECT_CANCELLED',
};

export async function pendingSamples(
  deps: ShopDeps,
  db: Db,
  ws: number,
): Promise<{ items: ShopSampleView[]; total: number }> {
  const base = db
    .selectFrom('shop_samples as s')
    .innerJoin('shop_connections as c', (j) =>
      j.onRef('c.id', '=', 's.connection_id').onRef('c.workspace_id', '=', 's.workspace_id'),
    )
    .where('s.workspace_id', '=', ws)
    .where('s.status', '=', 'PENDING');
  const listed = (ids: number[]) =>
    base
      .select([
        's.id',
        's.application_id',
        's.connection_id',
        'c.shop_name',
        'c.country',
        'c.status as shop_status',
        's.creator',
        's.creator_nickname',
        's.creator_id',
        's.product_id',
        's.product_title',
        's.status_time',
        's.approve_expiration_time',
        's.is_approvable',
        's.disapprovable_reasons',
      ])
      .where('s.id', 'in', ids)
      .execute();
  // Every pending application is ranked by fit before the list is cut: the best fits come first,
  // unknown last, then the closest approve-by deadline and the oldest row (a stable order).
  const all = await base
    .select(['s.id', 's.creator_id', 's.product_id', 's.approve_expiration_time'])
    .orderBy('s.id')
    .execute();
  const fits = await fitsFor(
    db,
    ws,
    all.map((r) => ({ id: Number(r.id), creator_id: Number(r.creator_id), product_id: r.product_id })),
    deps.now(),
  );
  const rank = (id: number) => fits.get(id) ?? -1;
  const shownIds = all
    .map((r) => ({ id: Number(r.id), by: Number(r.approve_expiration_time) || Infinity }))
    .sort((a, b) => rank(b.id) - rank(a.id) || a.by - b.by || a.id - b.id)
    .slice(0, SHOP_REVIEW_LIST_MAX)
    .map((r) => r.id);
  const order = new Map(shownIds.map((id, i) => [id, i]));
  const rows: Awaited<ReturnType<typeof listed>> = [];
  for (let i = 0; i < shownIds.length; i += 200) rows.push(...(await listed(shownIds.slice(i, i + 200))));
  rows.sort((a, b) => order.get(Number(a.id))! - order.get(Number(b.id))!);
  const count = { n: all.length };
  const last = new Map<string, { result: string; code: string; msg: string; add_time: number }>();
  const ids = rows.map((r) => r.application_id);
  for (let i = 0; i < ids.length; i += 200) {
    const part = ids.slice(i, i + 200);
    for (const r of await db
      .selectFrom('shop_sample_reviews')
      .select(['application_id', 'result', 'code', 'msg', 'outcome', 'add_time', 'id'])
      .where('workspace_id', '=', ws)
      .where('application_id', 'in', part)
      .orderBy('id')
      .execute())
      // The latest attempt wins; one that went through leaves nothing to show.
      if (r.outcome === 'refused') last.set(r.application_id, { ...r, add_time: Number(r.add_time) });
      else last.delete(r.application_id);
  }
  const t = deps.now();
  const { rules, any } = await rulesFor(db, ws);
  const figures = any
    ? await figuresFor(
        db,
        ws,
        rows.map((r) => ({
          id: Number(r.id),
          creator_id: Number(r.creator_id),
          product_id: r.product_id,
          country: r.country,
        })),
        t,
        t - REVIEW_CLAIM_SECONDS,
        fits,
      )
    : null;
  const items = rows.map((r): ShopSampleView => {
    const deadline = Number(r.approve_expiration_time);
    const expired = deadline > 0 && deadline <= t;
    const reasons = r.disapprovable_reasons ? r.disapprovable_reasons.split(',') : [];
    if (expired && !reasons.includes('APPROVAL_EXPIRED')) reasons.push('APPROVAL_EXPIRED');
    const l = last.get(r.application_id);
    return {
      application_id: r.application_id,
      shop_id: Number(r.connection_id),
      shop_name: r.shop_name,
      shop_status: r.shop_status,
      creator: r.creator,
      creator_nickname: r.creator_nickname,
      creator_id: Number(r.creator_id),
      product_id: r.product_id,
      product_title: r.product_title,
      requested_at: Number(r.status_time),
      approve_by: deadline,
      is_approvable: Number(r.is_approvable) && !expired ? 1 : 0,
      disapprovable_reasons: reasons,
      last_result: l?.result ?? '',
      last_code: l?.code ?? '',
      last_msg: l?.msg ?? '',
      last_at: l?.add_time ?? 0,
      fit: fits.get(Number(r.id)) ?? null,
      verdicts: figures ? sampleVerdicts(rules, figures.get(Number(r.id))!) : [],
    };
  });
  return { items, total: Number(count?.n ?? 0) };
}

type SampleRow = {
  id: number;
  application_id: string;
  connection_id: number;
  creator_id: number;
  product_id: string;
  country?: string;
};

export interface ReviewInput {
  application_ids: string[];
  result: ShopReviewResult;
  reason?: ShopRejectReason;
}

/** Reviews each application in turn; answers one outcome per distinct id, in the order asked. */
export async function reviewSamples(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  input: ReviewInput,
  lang: Language,
): Promise<ShopReviewOutcome[]> {
  const ids = [...new Set(input.application_ids)];
  const rows = new Map<string, SampleRow>();
  for (const r of await deps.db
    .selectFrom('shop_samples')
    .select(['id', 'application_id', 'connection_id', 'creator_id', 'product_id'])
    .where('workspace_id', '=', ws)
    .where('application_id', 'in', ids)
    .execute())
    rows.set(r.application_id, {
      ...r,
      id: Number(r.id),
      connection_id: Number(r.connection_id),
      creator_id: Number(r.creator_id),
    });
  const shopIds = [...new Set([...rows.values()].map((r) => r.connection_id))];
  const shops = shopIds.length
    ? await deps.db
        .selectFrom('shop_connections')
        .select(['id', 'status', 'authorization_id', 'cipher', 'country'])
        .where('workspace_id', '=', ws)
        .where('id', 'in', shopIds)
        .execute()
    : [];
  // A stopped or disconnected shop: the whole call is refused before anything changes.
  if (shops.length < shopIds.length || shops.some((s) => s.status !== 'active'))
    throw new AppError(40009, 'shop_review_shop_not_active');
  const app = rows.size ? await workspaceApp(deps, deps.db, ws).catch(() => null) : null;
  if (rows.size && !app) throw new AppError(40009, 'shop_review_shop_not_active');

  const out: ShopReviewOutcome[] = [];
  const refused = (id: string, code: string, msg: string, status = ''): ShopReviewOutcome => ({
    application_id: id,
    outcome: 'refused',
    code,
    msg,
    status,
  });
  const rules = input.result === 'approve' ? await rulesFor(deps.db, ws) : null;
  // The fit is scored once for the whole selection (it reads the workspace's creators), and only
  // when a fit rule is set.
  const fits =
    rules?.rules.min_fit != null
      ? await fitsFor(deps.db, ws, [...rows.values()], deps.now())
      : new Map<number, number | null>();
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) {
      out.push(refused(id, 'not_found', message('shop_review_not_found', lang)));
      continue;
    }
    const shop = shops.find((s) => Number(s.id) === row.connection_id)!;
    row.country = shop.country;
    // An approval the rules refuse never reaches TikTok; the history names the rule.
    let broken: SampleVerdict | null = null;
    if (rules?.any) {
      const t = deps.now();
      const f = (await figuresFor(deps.db, ws, [judged(row)], t, t - REVIEW_CLAIM_SECONDS, fits)).get(
        row.id,
      )!;
      broken =
        sampleVerdicts(rules.rules, f).find((v) => v.verdict === 'fail' && !v.rule.startsWith('cap_')) ??
        null;
    }
    const claim = broken ? broken : await claimSample(deps, ws, row, input.result, !!rules?.caps);
    if (claim !== 'claimed') {
      if ('rule' in claim) {
        const msg = message(`shop_review_rule_${claim.rule}`, lang, {
          value: claim.value ?? 0,
          limit: claim.limit,
        });
        await recordRuleRefusal(deps, ws, by, row, claim.rule, msg);
        out.push(refused(id, `rule_${claim.rule}`, msg, 'PENDING'));
      } else out.push(refused(id, claim.code, message(`shop_review_${claim.code}`, lang), claim.status));
      continue;
    }
    const api = shopApi(
      deps,
      app!,
      { authorizationId: Number(shop.authorization_id), cipher: shop.cipher },
      AbortSignal.timeout(REVIEW_CLAIM_SECONDS * 1000 - 5000),
    );
    let failure: { code: string; msg: string; requestId: string } | undefined;
    try {
      await api.call({
        method: 'POST',
        path: sampleReviewPath(id),
        body: {
          review_result: input.result === 'approve' ? 'APPROVE' : 'REJECT',
          ...(input.result === 'reject' ? { reject_reason: input.reason } : {}),
        },
        data: z.unknown(),
      });
    } catch (err) {
      if (err instanceof TtsApiError && err.code)
        failure = { code: String(err.code), msg: err.apiMessage, requestId: err.requestId };
      else {
        deps.log.warn({ err, application: id }, 'TikTok Shop sample review did not get through');
        failure = {
          code: 'tiktok_unavailable',
          msg: message('shop_review_tiktok_unavailable', lang),
          requestId: err instanceof TtsApiError ? err.requestId : '',
        };
      }
    }
    await finish(deps, ws, by, row, input, failure, lang);
    out.push(
      failure
        ? refused(id, failure.code, failure.msg, 'PENDING')
        : { application_id: id, outcome: 'done', code: '', msg: '', status: STATUS_AFTER[input.result] },
    );
  }
  return out;
}

const judged = (row: SampleRow) => ({
  id: row.id,
  creator_id: row.creator_id,
  product_id: row.product_id,
  country: row.country ?? '',
});

/**
 * Takes the application for this review; or why not (reviewed already, another review holds it,
 * or an approval would break a cap). With caps set, an approval's count and claim are one
 * transaction behind the rules row's lock (server/services/sample-rules.service.ts).
 */
async function claimSample(
  deps: ShopDeps,
  ws: number,
  row: SampleRow,
  result: ShopReviewResult,
  caps: boolean,
): Promise<'claimed' | SampleVerdict | { code: 'not_pending' | 'in_review'; status: string }> {
  const id = row.id;
  const t = deps.now();
  const take = (db: Db) =>
    db
      .updateTable('shop_samples')
      .set({ review_claim_at: t, review_claim_result: result })
      .where('workspace_id', '=', ws)
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where('review_claim_at', '<', t - REVIEW_CLAIM_SECONDS)
      .executeTakeFirst();
  const res =
    caps && result === 'approve'
      ? await deps.db.transaction().execute(async (trx) => {
          const cap = await capBroken(trx, ws, judged(row), t, t - REVIEW_CLAIM_SECONDS);
          return cap ?? (await take(trx));
        })
      : await take(deps.db);
  if ('rule' in res) {
    // Only a pending application that nobody else holds is refused by a cap.
    const now = await deps.db
      .selectFrom('shop_samples')
      .select(['status', 'review_claim_at'])
      .where('workspace_id', '=', ws)
      .where('id', '=', id)
      .executeTakeFirst();
    if (now?.status === 'PENDING' && Number(now.review_claim_at) < t - REVIEW_CLAIM_SECONDS) return res;
  } else if (Number(res.numUpdatedRows) === 1) return 'claimed';
  const now = await deps.db
    .selectFrom('shop_samples')
    .select('status')
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .executeTakeFirst();
  return now?.status === 'PENDING'
    ? { code: 'in_review', status: 'PENDING' }
    : { code: 'not_pending', status: now?.status ?? '' };
}

/** Writes TikTok's answer, releases the claim, and records the attempt. */
async function finish(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  row: SampleRow,
  input: ReviewInput,
  failure: { code: string; msg: string; requestId: string } | undefined,
  lang: Language,
): Promise<void> {
  const t = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // The caps' lock first: a count under way sees this claim or this history row, never neither.
    await trx
      .updateTable('sample_rules')
      .set((eb) => ({ claims: eb('claims', '+', 1) }))
      .where('workspace_id', '=', ws)
      .execute();
    // Then the workspace, before the application's row (the order local-samples.service.ts takes):
    // a shop sync's commit holds the workspace and then writes application rows, so taking the row
    // first and the workspace with the plan move below could deadlock with it (PostgreSQL).
    await lockWorkspace(trx, deps.engine, ws);
    const status = STATUS_AFTER[input.result];
    await trx
      .updateTable('shop_samples')
      .set(
        failure
          ? { review_claim_at: 0, review_claim_result: '' }
          : {
              review_claim_at: 0,
              review_claim_result: '',
              status,
              status_time: t,
              update_time: t,
              is_approvable: 0,
            },
      )
      .where('workspace_id', '=', ws)
      .where('id', '=', row.id)
      .execute();
    const stage = failure ? null : stageOfSample(status);
    if (stage && row.creator_id)
      await advanceInPlans(
        trx,
        ws,
        by,
        stage,
        [{ creatorId: row.creator_id, productIds: [row.product_id] }],
        lang,
      );
    await trx
      .insertInto('shop_sample_reviews')
      .values({
        workspace_id: ws,
        connection_id: row.connection_id,
        application_id: row.application_id,
        creator_id: row.creator_id,
        user_id: by.id,
        user_name: by.name,
        result: input.result,
        reason: input.reason ?? '',
        outcome: failure ? 'refused' : 'done',
        code: failure?.code.slice(0, 40) ?? '',
        msg: failure?.msg.slice(0, 500) ?? '',
        request_id: failure?.requestId.slice(0, 100) ?? '',
        add_time: t,
      })
      .execute();
  });
}

/** A history row for an approval a rule refused (the rule decided, on the member's action). */
async function recordRuleRefusal(
  deps: ShopDeps,
  ws: number,
  by: Actor,
  row: SampleRow,
  rule: string,
  msg: string,
): Promise<void> {
  await deps.db
    .insertInto('shop_sample_reviews')
    .values({
      workspace_id: ws,
      connection_id: row.connection_id,
      application_id: row.application_id,
      creator_id: row.creator_id,
      user_id: by.id,
      user_name: by.name,
      result: 'approve',
      reason: '',
      outcome: 'refused',
      code: `rule_${rule}`.slice(0, 40),
      msg: msg.slice(0, 500),
      request_id: '',
      add_time: deps.now(),
      rule,
    })
    .execute();
}
