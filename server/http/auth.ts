/**
 * The `token` header (or `Authorization: Bearer`) resolved to a user and workspace.
 * The order of checks decides which force-logout code the client sees (decisions D3).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, Session, User } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

export interface AuthContext {
  user: User;
  session: Session;
  workspaceId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  const t = Array.isArray(header) ? header[0] : header;
  if (t) return t.trim();
  const authz = req.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7).trim();
  return undefined;
}

const REVOKED: Record<NonNullable<Session['revoked_reason']>, [10007 | 10009 | 10010 | 10003, string]> = {
  replaced: [10007, 'session_replaced'],
  password: [10009, 'password_changed'],
  workspace: [10010, 'workspace_changed'],
  logout: [10003, 'token_invalid'],
};

/** An extension's last use is written at most this often (it calls on every page it badges). */
const LAST_USED_EVERY = 600;

/**
 * The session behind `token`. A browser extension's token (kind 'extension', issue 24) is refused
 * (40003) unless the call allows it (`extension`: the endpoint's `extension: true`).
 */
export async function authenticate(
  db: Kysely<DB>,
  token: string | undefined,
  opts: { extension?: boolean } = {},
): Promise<AuthContext> {
  if (!token) throw new AppError(10002, 'no_token');
  if (token.length > 200) throw new AppError(10003, 'token_invalid');
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
  if (user.workspace_id !== session.workspace_id) {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now(), revoked_reason: 'workspace' })
      .where('id', '=', session.id)
      .execute();
    throw new AppError(10010, 'workspace_changed');
  }
  if (session.kind === 'extension') {
    if (!opts.extension) throw new AppError(40003, 'ext_not_allowed');
    const t = now();
    if (t - session.last_used_at >= LAST_USED_EVERY)
      await db.updateTable('sessions').set({ last_used_at: t }).where('id', '=', session.id).execute();
  }
  return { user, session, workspaceId: user.workspace_id };
}

/** Narrows `req.auth` inside handlers that run behind the auth pre-handler. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(10002, 'no_token');
  return req.auth;
}
