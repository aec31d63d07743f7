/**
 * One leased shop: its due kinds in turn, each with a context whose commits carry the cursor, then
 * the outcome on the kind's state row. What a failure does (docs/decisions/shop-connection.md):
 * - revoked or expired authorisation, failed refresh, missing scope, refused signature or app key,
 *   wrong shop, deactivated shop: the shop stops (a code for the banner); an authorisation-wide
 *   cause stops every shop of that authorisation;
 * - throttling: the kind and the shop's other due kinds wait (Retry-After, else backoff);
 * - server faults, invalid pages, anything else: the kind backs off and tries again later.
 */
import type { SyncStateRow, ConnectionRow } from '../../db/shop.repository.ts';
import { shopsOfAuthorization, stopShops } from '../../db/shop.repository.ts';
import { runRetrySeconds, TtsApiError } from '../../integrations/tiktok-shop/index.ts';
import { SecretUnreadable } from '../../secrets/secret-box.ts';
import { AppError } from '../../domain/errors.ts';
import { workspaceApp, type WorkspaceApp } from '../../services/shop-credentials.service.ts';
import { lockWorkspace, type ShopDeps } from '../../services/shop-deps.ts';
import { TokensGone } from '../../services/shop-tokens.service.ts';
import { shopApi } from './api.ts';
import { heartbeat } from './lease.ts';
import { LeaseLost, type CommitStep, type SyncContext, type SyncKind, type SyncShop } from './types.ts';

/** TikTok's failures that stop a shop, and whether they stop every shop of the authorisation. */
const STOPS: Partial<Record<TtsApiError['kind'], { code: string; wide: boolean }>> = {
  auth_revoked: { code: 'authorization_revoked', wide: true },
  signature: { code: 'signature_invalid', wide: true },
  app_key: { code: 'credentials_invalid', wide: true },
  scope_missing: { code: 'scope_missing', wide: false },
  shop_mismatch: { code: 'shop_mismatch', wide: false },
  shop_deactivated: { code: 'shop_deactivated', wide: false },
};

const REFRESH_PATH = '/api/v2/token/refresh';
const UNREADABLE = 'the stored secrets cannot be opened with this SECRETS_KEY';

/** The sealed app secret or tokens cannot be opened (another SECRETS_KEY, or none on PostgreSQL). */
const unreadable = (err: unknown): boolean =>
  err instanceof SecretUnreadable || (err instanceof AppError && err.msgKey === 'shop_secrets_key_missing');

const detailOf = (e: TtsApiError) =>
  `${e.code || e.httpStatus} ${e.apiMessage}${e.requestId ? ` (request ${e.requestId})` : ''}`;

export async function stopShop(deps: ShopDeps, shop: SyncShop, code: string, detail: string, wide: boolean) {
  const ids = wide ? await shopsOfAuthorization(deps.db, shop.authorizationId) : [shop.connectionId];
  const stopped = await stopShops(deps.db, ids, { code, detail }, deps.now());
  deps.log.warn(
    { shops: stopped, code, detail: detail.slice(0, 300) },
    'TikTok Shop sync stopped until an admin acts',
  );
}

async function recordFailure(
  deps: ShopDeps,
  st: SyncStateRow,
  code: string,
  msg: string,
  requestId: string,
  delay: number,
) {
  const t = deps.now();
  await deps.db
    .updateTable('shop_sync_state')
    .set((eb) => ({
      failures: eb('failures', '+', 1),
      last_error_code: code.slice(0, 40),
      last_error_message: msg.slice(0, 500),
      last_error_request_id: requestId.slice(0, 100),
      last_error_at: t,
      next_run_at: t + delay,
      updated_at: t,
    }))
    .where('id', '=', st.id)
    .execute();
}

type Outcome = 'next' | { stopAll: number } | 'end';

async function onFailure(
  deps: ShopDeps,
  shop: SyncShop,
  st: SyncStateRow,
  err: unknown,
  signal: AbortSignal,
): Promise<Outcome> {
  if (err instanceof LeaseLost || err instanceof TokensGone || signal.aborted) return 'end';
  if (unreadable(err)) {
    await stopShop(deps, shop, 'secrets_unreadable', UNREADABLE, true);
    return 'end';
  }
  if (!(err instanceof TtsApiError)) {
    deps.log.error({ err, kind: st.kind, shop: shop.connectionId }, 'TikTok Shop sync kind failed');
    await recordFailure(
      deps,
      st,
      'internal',
      String((err as Error)?.message ?? err),
      '',
      runRetrySeconds(Number(st.failures) + 1, 0, deps.rt.random),
    );
    return 'next';
  }
  const code = err.code ? String(err.code) : err.kind;
  const stop = STOPS[err.kind];
  // A refresh TikTok answered with a refusal stops; one that did not get through is tried again later.
  const refused =
    err.path === REFRESH_PATH && !['throttled', 'transient', 'invalid_response'].includes(err.kind);
  if (stop || refused) {
    await recordFailure(
      deps,
      st,
      code,
      err.apiMessage,
      err.requestId,
      runRetrySeconds(Number(st.failures) + 1, 0, deps.rt.random),
    );
    const refresh = err.path === REFRESH_PATH;
    await stopShop(deps, shop, refresh ? 'refresh_failed' : stop!.code, detailOf(err), refresh || stop!.wide);
    return 'end';
  }
  const delay = runRetrySeconds(Number(st.failures) + 1, err.retryAfterMs ?? 0, deps.rt.random);
  deps.log.warn(
    { kind: st.kind, shop: shop.connectionId, code, requestId: err.requestId, retryInSeconds: delay },
    'TikTok Shop sync kind will try again later',
  );
  await recordFailure(deps, st, code, err.apiMessage, err.requestId, delay);
  // Throttled: the shop's other kinds would be throttled too; they wait as long.
  return err.kind === 'throttled' ? { stopAll: delay } : 'next';
}

function context(
  deps: ShopDeps,
  shop: SyncShop,
  st: SyncStateRow,
  api: SyncContext['api'],
  signal: AbortSignal,
) {
  let cursor = st.cursor;
  let again: number | undefined;
  let rejected = false;
  const ctx: SyncContext = {
    kind: st.kind,
    shop,
    get cursor() {
      return cursor;
    },
    api,
    signal,
    log: deps.log,
    db: deps.db,
    now: deps.now,
    runAgainIn: (s) => void (again = Math.max(0, Math.floor(s))),
    async commit(step: CommitStep) {
      if (signal.aborted) throw new LeaseLost();
      await deps.db.transaction().execute(async (trx) => {
        const t = deps.now();
        // The workspace first, then the shop's row (the heartbeat) and the page's rows: the order a
        // disconnect, a connect, the credential calls and a sample decision take (docs/decisions/
        // shop-connection.md, "Lock order"). The other way round, a disconnect holding the workspace
        // and waiting for the shop's row met this commit waiting for the workspace (a deadlock).
        await lockWorkspace(trx, deps.engine, shop.workspaceId);
        if (!(await heartbeat(trx, shop.connectionId, deps.runner, t))) throw new LeaseLost();
        await step.write?.(trx);
        const r = step.rejected;
        await trx
          .updateTable('shop_sync_state')
          .set((eb) => ({
            cursor: step.cursor.slice(0, 4096),
            lines_synced: eb('lines_synced', '+', Math.max(0, Math.floor(step.lines))),
            lines_skipped: eb('lines_skipped', '+', r?.count ?? 0),
            ...(r?.count
              ? {
                  last_error_code: 'items_skipped',
                  last_error_message: r.problem.slice(0, 500),
                  last_error_request_id: r.requestId.slice(0, 100),
                  last_error_at: t,
                }
              : {}),
            updated_at: t,
          }))
          .where('id', '=', st.id)
          .execute();
      });
      cursor = step.cursor;
      if (step.rejected?.count) {
        rejected = true;
        deps.log.warn(
          {
            kind: st.kind,
            shop: shop.connectionId,
            count: step.rejected.count,
            requestId: step.rejected.requestId,
            problem: step.rejected.problem,
          },
          'TikTok Shop lines failed validation and were left out',
        );
      }
    },
  };
  return { ctx, again: () => again, rejected: () => rejected };
}

/** Runs the due kinds of a shop this process has leased. */
export async function runShop(
  deps: ShopDeps,
  row: ConnectionRow,
  kinds: ReadonlyMap<string, SyncKind>,
  signal: AbortSignal,
): Promise<void> {
  const shop: SyncShop = {
    connectionId: Number(row.id),
    workspaceId: Number(row.workspace_id),
    authorizationId: Number(row.authorization_id),
    shopId: row.shop_id,
    name: row.shop_name,
    region: row.region,
    country: row.country,
    sellerType: row.seller_type,
  };
  let app: WorkspaceApp | null;
  try {
    app = await workspaceApp(deps, deps.db, shop.workspaceId);
  } catch (err) {
    if (!unreadable(err)) throw err;
    await stopShop(deps, shop, 'secrets_unreadable', UNREADABLE, true);
    return;
  }
  const authz = await deps.db
    .selectFrom('shop_authorizations')
    .select(['app_key', 'refresh_expires_at', 'access_token_enc'])
    .where('id', '=', shop.authorizationId)
    .executeTakeFirst();
  if (!authz?.access_token_enc) return;
  if (!app || app.appKey !== authz.app_key) {
    await stopShop(
      deps,
      shop,
      'credentials_removed',
      'the app this shop was authorised with is no longer set',
      true,
    );
    return;
  }
  if (Number(authz.refresh_expires_at) <= deps.now()) {
    await stopShop(deps, shop, 'authorization_expired', 'the refresh token expired', true);
    return;
  }
  const due = await deps.db
    .selectFrom('shop_sync_state')
    .selectAll()
    .where('connection_id', '=', shop.connectionId)
    .where('next_run_at', '<=', deps.now())
    .where('kind', 'in', [...kinds.keys()])
    .orderBy('next_run_at')
    // Equally due: in the order the kinds were added (samples before the content read from them).
    .orderBy('id')
    .execute();
  const api = shopApi(deps, app, { authorizationId: shop.authorizationId, cipher: row.cipher }, signal);
  for (let i = 0; i < due.length; i++) {
    const st = due[i]!;
    const kind = kinds.get(st.kind)!;
    if (signal.aborted) return;
    if (kind.needsCountry !== false && !shop.country) continue;
    const run = context(deps, shop, st, api, signal);
    await deps.db
      .updateTable('shop_sync_state')
      .set({ last_run_at: deps.now() })
      .where('id', '=', st.id)
      .execute();
    try {
      await kind.run(run.ctx);
    } catch (err) {
      const outcome = await onFailure(deps, shop, st, err, signal);
      if (outcome === 'end') return;
      if (outcome !== 'next') {
        const rest = due.slice(i + 1).map((s) => Number(s.id));
        if (rest.length)
          await deps.db
            .updateTable('shop_sync_state')
            .set({ next_run_at: deps.now() + outcome.stopAll })
            .where('id', 'in', rest)
            .execute();
        return;
      }
      continue;
    }
    const t = deps.now();
    await deps.db
      .updateTable('shop_sync_state')
      .set({
        last_success_at: t,
        failures: 0,
        next_run_at: t + (run.again() ?? kind.everySeconds),
        updated_at: t,
        ...(run.rejected()
          ? {}
          : { last_error_code: '', last_error_message: '', last_error_request_id: '', last_error_at: null }),
      })
      .where('id', '=', st.id)
      .execute();
  }
}
