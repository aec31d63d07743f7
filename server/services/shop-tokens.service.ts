/**
 * A seller's access token, refreshed ahead of its expiry. The pair rotates on every refresh, and
 * whether the old refresh token keeps working is undocumented, so:
 * - one process refreshes a pair at a time (a lock on the authorisation row, taken by a
 *   conditional update, stale after REFRESH_LOCK_SECONDS); others wait for the new version;
 * - the new pair is written in one update, before anything uses it, and only while the lock is
 *   still ours and the tokens were not deleted meanwhile (a disconnect wins over a refresh).
 */
import { sql } from 'kysely';
import type { AuthorizationRow } from '../db/shop.repository.ts';
import { refreshAccessToken, type TtsTokenSet } from '../integrations/tiktok-shop/index.ts';
import { sealContext, type Db, type ShopDeps } from './shop-deps.ts';
import type { WorkspaceApp } from './shop-credentials.service.ts';

export const REFRESH_LOCK_SECONDS = 60;
/** Refresh when less than this is left (or half the token's life, if shorter). */
export const REFRESH_AHEAD_SECONDS = 24 * 3600;
const WAIT_STEP_MS = 250;

/** Thrown when the tokens were deleted (disconnect) or the authorisation is gone. */
export class TokensGone extends Error {
  constructor() {
    super('the shop was disconnected: its tokens are gone');
    this.name = 'TokensGone';
  }
}

export function refreshDue(
  a: Pick<AuthorizationRow, 'access_expires_at' | 'tokens_at'>,
  nowSec: number,
): boolean {
  const life = Math.max(0, Number(a.access_expires_at) - Number(a.tokens_at));
  const ahead = Math.min(REFRESH_AHEAD_SECONDS, Math.max(60, Math.floor(life / 2)));
  return Number(a.access_expires_at) - nowSec <= ahead;
}

/** The columns a token pair is written to (sealed), in one update with its expiries and version. */
export function sealedPair(
  deps: ShopDeps,
  a: { workspace_id: number; app_key: string; open_id: string },
  set: TtsTokenSet,
) {
  const box = deps.secrets!;
  return {
    access_token_enc: box.seal(
      set.accessToken,
      sealContext.token('access', a.workspace_id, a.app_key, a.open_id),
    ),
    refresh_token_enc: box.seal(
      set.refreshToken,
      sealContext.token('refresh', a.workspace_id, a.app_key, a.open_id),
    ),
    access_expires_at: set.accessExpiresAt,
    refresh_expires_at: set.refreshExpiresAt,
    granted_scopes: JSON.stringify(set.grantedScopes),
    tokens_at: deps.now(),
  };
}

const load = (db: Db, id: number) =>
  db.selectFrom('shop_authorizations').selectAll().where('id', '=', id).executeTakeFirst();

function openAccess(deps: ShopDeps, a: AuthorizationRow): string {
  if (!a.access_token_enc) throw new TokensGone();
  return deps.secrets!.open(
    a.access_token_enc,
    sealContext.token('access', a.workspace_id, a.app_key, a.open_id),
  );
}

async function claimRefresh(deps: ShopDeps, id: number): Promise<AuthorizationRow | undefined> {
  const t = deps.now();
  return deps.db
    .updateTable('shop_authorizations')
    .set({ refresh_lock_owner: deps.runner, refresh_lock_at: t })
    .where('id', '=', id)
    .where('access_token_enc', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('refresh_lock_owner', 'is', null),
        eb('refresh_lock_owner', '=', deps.runner),
        eb('refresh_lock_at', '<', t - REFRESH_LOCK_SECONDS),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

async function release(deps: ShopDeps, id: number): Promise<void> {
  await deps.db
    .updateTable('shop_authorizations')
    .set({ refresh_lock_owner: null, refresh_lock_at: null })
    .where('id', '=', id)
    .where('refresh_lock_owner', '=', deps.runner)
    .execute();
}

/**
 * The access token of authorisation `id`: the stored one while it is not due, else a refreshed
 * one. `force` refreshes unless another process did so since `seenVersion` (after a 105002).
 * Refresh errors are thrown as they come (TtsApiError): the caller stops the shops or retries later.
 */
export async function accessTokenFor(
  deps: ShopDeps,
  app: WorkspaceApp,
  id: number,
  opts: { force?: boolean; seenVersion?: number; signal?: AbortSignal } = {},
): Promise<{ token: string; version: number }> {
  const deadline = deps.rt.nowMs() + REFRESH_LOCK_SECONDS * 1000;
  for (;;) {
    const a = await load(deps.db, id);
    if (!a) throw new TokensGone();
    const forced =
      opts.force && (opts.seenVersion === undefined || Number(a.token_version) === opts.seenVersion);
    if (!forced && !refreshDue(a, deps.now()))
      return { token: openAccess(deps, a), version: Number(a.token_version) };
    const mine = await claimRefresh(deps, id);
    if (!mine) {
      // Another process refreshes it now: wait for its new version, then read that.
      if (deps.rt.nowMs() > deadline) throw new Error('another process holds the token refresh too long');
      await deps.rt.sleep(WAIT_STEP_MS, opts.signal);
      if (opts.force) opts = { ...opts, seenVersion: Number(a.token_version) };
      continue;
    }
    if (Number(mine.token_version) !== Number(a.token_version)) {
      // Refreshed by someone else between our read and our claim: use theirs.
      await release(deps, id);
      opts = { ...opts, force: false };
      continue;
    }
    try {
      if (!mine.refresh_token_enc) throw new TokensGone();
      const refresh = deps.secrets!.open(
        mine.refresh_token_enc,
        sealContext.token('refresh', mine.workspace_id, mine.app_key, mine.open_id),
      );
      const set = await refreshAccessToken(deps.rt, deps.hosts, app, refresh, opts.signal);
      const written = await deps.db
        .updateTable('shop_authorizations')
        .set({
          ...sealedPair(deps, mine, set),
          token_version: sql<number>`token_version + 1`,
          refresh_lock_owner: null,
          refresh_lock_at: null,
          updated_at: deps.now(),
        })
        .where('id', '=', id)
        .where('refresh_lock_owner', '=', deps.runner)
        .where('token_version', '=', Number(mine.token_version))
        .where('access_token_enc', 'is not', null)
        .returning('token_version')
        .executeTakeFirst();
      if (!written) throw new TokensGone();
      deps.log.info({ authorization: id }, 'TikTok Shop token refreshed');
      return { token: set.accessToken, version: Number(written.token_version) };
    } finally {
      await release(deps, id);
    }
  }
}
