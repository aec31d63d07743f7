/**
 * Sessions: a token is 32 random bytes, stored only as its sha256 (hashToken, also how pairing codes
 * are stored), and resolved to the user and workspace behind it on every call. The order of the
 * checks in `authenticate` decides which force-logout code the client sees (contract/codes.ts,
 * FORCE_LOGOUT_CODES): a revoked session says why it was revoked before an expiry is looked at.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, Session, User } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

/** The caller of a use case: who they are, their session, and the workspace they work in now. */
export interface AuthContext {
  user: User;
  session: Session;
  workspaceId: number;
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

const REVOKED: Record<NonNullable<Session['revoked_reason']>, [10007 | 10009 | 10010 | 10003, string]> = {
  replaced: [10007, 'session_replaced'],
  password: [10009, 'password_changed'],
  workspace: [10010, 'workspace_changed'],
  logout: [10003, 'token_invalid'],
};

/** An extension's last use is written at most this often (it calls on every page it badges). */
const LAST_USED_EVERY = 600;

/**
 * The session behind `token`. A paired browser extension's token (kind 'extension') is refused
 * (40003) unless the call allows it (`extension`: the endpoint's `extension: true`).
 */
export async function authenticate(
  db: Kysely<DB>,
  token: string | undefined,
  opts: { extension?: boolean } = {},
): Promise<AuthContext> {
  if (!token) throw new AppError(10002, 'no_token');
  if (token.length > 200) throw new AppError(10003, 'token_invalid');
  for (let attempt = 1; ; attempt++) {
    const { session, user } = await sessionAndUser(db, token);
    if (user.workspace_id === session.workspace_id)
      return finish(db, { user, session, workspaceId: user.workspace_id }, opts);
    // The two reads are separate statements: a move that takes this very session along (joining or
    // leaving a team keeps the caller's session) can commit between them. So only the session as
    // it was read is revoked; when it has changed since (moved along, or revoked meanwhile), the
    // checks run again on what is there now, and a parallel call of the mover's own goes through.
    const left = await db
      .updateTable('sessions')
      .set({ revoked_at: now(), revoked_reason: 'workspace' })
      .where('id', '=', session.id)
      .where('workspace_id', '=', session.workspace_id)
      .where('revoked_reason', 'is', null)
      .executeTakeFirst();
    if (left.numUpdatedRows > 0n || attempt === 3) throw new AppError(10010, 'workspace_changed');
  }
}

/** The live session behind `token` and its user; a revoked or expired one answers why (REVOKED). */
async function sessionAndUser(db: Kysely<DB>, token: string): Promise<{ session: Session; user: User }> {
  const session = await db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!session) throw new AppError(10003, 'token_invalid');
  if (session.revoked_reason) {
    const [code, key] = REVOKED[session.revoked_reason];
    throw new AppError(code, key);
  }
  if (session.expires_at <= now()) throw new AppError(10004, 'token_expired');
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  if (!user) throw new AppError(10003, 'token_invalid');
  if (user.disabled) throw new AppError(10008, 'account_disabled');
  return { session, user };
}

/** The last checks of `authenticate`, on a session that belongs to the user's workspace. */
async function finish(
  db: Kysely<DB>,
  auth: AuthContext,
  opts: { extension?: boolean },
): Promise<AuthContext> {
  const { session } = auth;
  if (session.kind === 'extension') {
    if (!opts.extension) throw new AppError(40003, 'ext_not_allowed');
    const t = now();
    if (t - session.last_used_at >= LAST_USED_EVERY)
      await db.updateTable('sessions').set({ last_used_at: t }).where('id', '=', session.id).execute();
  }
  return auth;
}

/**
 * A new session row for `user` from `t`: 32 random bytes of token, only their sha256 stored. `kind`
 * 'extension' is a paired browser extension's, named by the member.
 */
export async function insertSession(
  trx: Transaction<DB>,
  user: Pick<User, 'id' | 'workspace_id'>,
  t: number,
  ttlSeconds: number,
  extension?: { name: string },
): Promise<{ token: string; expires: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expires = t + ttlSeconds;
  await trx
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      workspace_id: user.workspace_id,
      created_at: t,
      expires_at: expires,
      revoked_at: null,
      revoked_reason: null,
      ...(extension ? { kind: 'extension' as const, name: extension.name, last_used_at: 0 } : {}),
    })
    .execute();
  return { token, expires };
}
