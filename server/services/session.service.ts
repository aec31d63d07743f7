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
 *
 * The session and its user are read in one statement, so both come from one snapshot: joining or
 * leaving a team moves the user and the caller's own session in one transaction (`moveUser`), and
 * a parallel call made with that session sees both moved or neither, never a session left behind.
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
    // A session left in another workspace than its user's. Only the row as it was read is revoked;
    // when it changed since (revoked or moved meanwhile), the checks run again on what is there.
    // The third time the session is revoked whatever it says, so 10010 is never a false answer.
    let revoke = db
      .updateTable('sessions')
      .set({ revoked_at: now(), revoked_reason: 'workspace' })
      .where('id', '=', session.id)
      .where('revoked_at', 'is', null);
    if (attempt < 3) revoke = revoke.where('workspace_id', '=', session.workspace_id);
    const left = await revoke.executeTakeFirst();
    if (left.numUpdatedRows > 0n || attempt === 3) throw new AppError(10010, 'workspace_changed');
  }
}

/**
 * The live session behind `token` and its user; a revoked or expired one answers why (REVOKED).
 * Users are never deleted, so a session without its user is no session (10003).
 */
async function sessionAndUser(db: Kysely<DB>, token: string): Promise<{ session: Session; user: User }> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select([
      'users.phone as u_phone',
      'users.email as u_email',
      'users.member_name as u_member_name',
      'users.password_hash as u_password_hash',
      'users.region as u_region',
      'users.personal_workspace_id as u_personal_workspace_id',
      'users.workspace_id as u_workspace_id',
      'users.disabled as u_disabled',
      'users.vip_until as u_vip_until',
      'users.login_time as u_login_time',
      'users.created_at as u_created_at',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new AppError(10003, 'token_invalid');
  const {
    u_phone,
    u_email,
    u_member_name,
    u_password_hash,
    u_region,
    u_personal_workspace_id,
    u_workspace_id,
    u_disabled,
    u_vip_until,
    u_login_time,
    u_created_at,
    ...session
  } = row;
  if (session.revoked_reason) {
    const [code, key] = REVOKED[session.revoked_reason];
    throw new AppError(code, key);
  }
  if (session.expires_at <= now()) throw new AppError(10004, 'token_expired');
  if (u_disabled) throw new AppError(10008, 'account_disabled');
  const user: User = {
    id: session.user_id,
    phone: u_phone,
    email: u_email,
    member_name: u_member_name,
    password_hash: u_password_hash,
    region: u_region,
    personal_workspace_id: u_personal_workspace_id,
    workspace_id: u_workspace_id,
    disabled: u_disabled,
    vip_until: u_vip_until,
    login_time: u_login_time,
    created_at: u_created_at,
  };
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
