/**
 * The browser extension's server side: pairing codes, extension sessions and the batch
 * status lookup its badges use.
 *
 * - A pairing code is EXT_CODE_LENGTH characters of Crockford base32 (2^50 codes) from the OS's
 *   random source, valid EXT_CODE_TTL_SECONDS, used once; only its sha256 is stored, and asking for a
 *   new one voids the member's unused ones. Trading one for a token needs no token, so wrong codes
 *   are counted per address (LIMITS.extPairFailIp) and refused with 40029 past the limit.
 * - The token is a session of kind 'extension' (session.service.ts allows it only the endpoints marked
 *   `extension: true`): the one-live-session rule leaves it, a password change, a move to another
 *   workspace or "Disconnect" in the app ends it, and it expires after EXT_TOKEN_TTL_SECONDS.
 * - Status answers only the caller's workspace's creators of one country, by handle.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  EXT_CODE_ALPHABET,
  EXT_CODE_LENGTH,
  EXT_CODE_TTL_SECONDS,
  EXT_SESSIONS_MAX,
  EXT_TOKEN_TTL_SECONDS,
  lastQuotaReset,
} from '../../contract/limits.ts';
import type { CreatorStatus, ExtensionSessionRow } from '../../contract/schemas/extension.ts';
import { loadTags } from '../db/creator.repository.ts';
import { connectedOf, contactedSince, messagesRecorded, weeklyQuotaOf } from '../db/outreach.repository.ts';
import { plansOfCreators } from '../db/plan-member.repository.ts';
import { engineOf } from '../db/dialect.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { hashToken, insertSession, type AuthContext } from './session.service.ts';
import { AppError } from '../domain/errors.ts';
import { LIMITS } from './rate-limit.ts';
import { limitGuard, limitGuesses, limitSuccesses } from './rate-reservation.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** A new code: EXT_CODE_LENGTH characters drawn uniformly from the alphabet. */
function newCode(): string {
  let out = '';
  for (let i = 0; i < EXT_CODE_LENGTH; i++)
    out += EXT_CODE_ALPHABET[crypto.randomInt(EXT_CODE_ALPHABET.length)];
  return out;
}

/** XXXXX-XXXXX, as the app shows it. */
const formatCode = (c: string): string => `${c.slice(0, 5)}-${c.slice(5)}`;

/** Makes a pairing code; run it under `codeLimited`, which counts the codes a member makes. */
export async function createPairCode(
  trx: Transaction<DB>,
  auth: AuthContext,
): Promise<{ code: string; expires_at: number; ttl_seconds: number }> {
  // One live code per member: a new one voids the last. Two made at once would each miss the
  // other's uncommitted row on PostgreSQL, so they take turns on the member's row (SQLite writes
  // are serial already).
  if (engineOf(trx) === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', auth.user.id).forUpdate().execute();
  const t = now();
  await trx
    .updateTable('pair_codes')
    .set({ used_at: t })
    .where('user_id', '=', auth.user.id)
    .where('used_at', 'is', null)
    .execute();
  const code = newCode();
  const expires = t + EXT_CODE_TTL_SECONDS;
  await trx
    .insertInto('pair_codes')
    .values({
      user_id: auth.user.id,
      workspace_id: auth.workspaceId,
      code_hash: hashToken(code),
      created_at: t,
      expires_at: expires,
      used_at: null,
    })
    .execute();
  return { code: formatCode(code), expires_at: expires, ttl_seconds: EXT_CODE_TTL_SECONDS };
}

const wrongCode = (): AppError =>
  new AppError(40001, 'ext_code_wrong', { field: 'code', minutes: EXT_CODE_TTL_SECONDS / 60 });

/** Trades a code for an extension token; a wrong, used or expired code is 40001 on `code`. */
export async function pairExtension(
  trx: Transaction<DB>,
  code: string,
  name: string | undefined,
): Promise<{ token: string; token_expiration_time: number; member_name: string; workspace_name: string }> {
  const t = now();
  const row = await trx
    .selectFrom('pair_codes')
    .selectAll()
    .where('code_hash', '=', hashToken(code))
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= t) throw wrongCode();
  const used = await trx
    .updateTable('pair_codes')
    .set({ used_at: t })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Two extensions racing for one code: one wins.
  if (Number(used.numUpdatedRows) !== 1) throw wrongCode();
  const user = await trx.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user || user.disabled || user.workspace_id !== row.workspace_id) throw wrongCode();
  const { n } = await trx
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', user.id)
    .where('kind', '=', 'extension')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', t)
    .executeTakeFirstOrThrow();
  if (Number(n) >= EXT_SESSIONS_MAX)
    throw new AppError(40009, 'ext_sessions_limit', { max: EXT_SESSIONS_MAX });
  const { token, expires } = await insertSession(trx, user, t, EXT_TOKEN_TTL_SECONDS, {
    name: name?.trim() || 'Browser extension',
  });
  const team = await trx
    .selectFrom('teams')
    .select('title')
    .where('workspace_id', '=', user.workspace_id)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return {
    token,
    token_expiration_time: expires,
    member_name: user.member_name,
    workspace_name: team?.title ?? user.member_name,
  };
}

/**
 * The pairing codes a member makes: each is reserved before its transaction and given back when
 * none was made, so parallel requests cannot make more than the limit.
 */
export const codeLimited = <T>(db: Kysely<DB>, userId: number, fn: () => Promise<T>): Promise<T> =>
  limitSuccesses(db, [limitGuard(LIMITS.extPairCodeUser(userId), 'ext_code_limit')], fn);

/** Wrong codes per address: each attempt is reserved before the lookup and kept when the code was wrong. */
export const pairLimited = <T>(db: Kysely<DB>, ip: string, fn: () => Promise<T>): Promise<T> =>
  limitGuesses(db, [limitGuard(LIMITS.extPairFailIp(ip), 'ext_pair_limit', 429)], [40001], fn);

/** The member's live extensions, newest first. */
export async function listExtensionSessions(db: Db, auth: AuthContext): Promise<ExtensionSessionRow[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'name', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', auth.user.id)
    .where('kind', '=', 'extension')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    created_at: Number(r.created_at),
    last_used_at: Number(r.last_used_at),
    expires_at: Number(r.expires_at),
  }));
}

/** Ends one of the member's extensions (its next call answers 10003); 40004 when it is not theirs. */
export async function revokeExtensionSession(trx: Transaction<DB>, auth: AuthContext, id: number) {
  const res = await trx
    .updateTable('sessions')
    .set({ revoked_at: now(), revoked_reason: 'logout' })
    .where('id', '=', id)
    .where('user_id', '=', auth.user.id)
    .where('kind', '=', 'extension')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(40004, 'ext_session_not_found');
  return { id };
}

/** The workspace's weekly quota and the unconnected creators contacted since the last reset. */
async function quotaUse(db: Db, ws: number): Promise<{ limit: number; used: number; reset_at: number }> {
  const t = now();
  const since = lastQuotaReset(t);
  const limit = await weeklyQuotaOf(db, ws);
  const ids = await contactedSince(db, ws, since);
  const connected = await connectedOf(db, ws, ids);
  return {
    limit,
    used: ids.filter((id) => !connected.has(id)).length,
    reset_at: since + 7 * 86_400,
  };
}

/** Badges for up to EXT_STATUS_MAX handles of one country (an unknown handle is left out). */
export async function creatorStatus(
  db: Db,
  ws: number,
  country: string,
  handles: readonly string[],
): Promise<{ list: CreatorStatus[]; quota: { limit: number; used: number; reset_at: number } }> {
  const wanted = [...new Set(handles.map((h) => h.trim().replace(/^@/, '').toLowerCase()).filter(Boolean))];
  const creators = wanted.length
    ? await db
        .selectFrom('creators')
        .select(['id', 'unique_id', 'is_chat', 'is_invitation', 'is_black'])
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('deleted_at', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['unique_id']), 'in', wanted))
        .execute()
    : [];
  const ids = creators.map((c) => Number(c.id));
  const tags = await loadTags(db, ws, ids);
  const plans = await plansOfCreators(db, ws, ids);
  const messages = await messagesRecorded(db, ws, ids);
  const connected = await connectedOf(db, ws, ids);
  return {
    list: creators.map((c) => {
      const id = Number(c.id);
      const isConnected = connected.has(id);
      return {
        unique_id: c.unique_id,
        id,
        is_chat: Number(c.is_chat),
        is_invitation: Number(c.is_invitation),
        is_black: Number(c.is_black),
        tags: tags.get(id) ?? [],
        plans: plans.get(id) ?? [],
        connected: isConnected ? 1 : 0,
        messages: isConnected ? 0 : (messages.get(id) ?? 0),
      };
    }),
    quota: await quotaUse(db, ws),
  };
}
