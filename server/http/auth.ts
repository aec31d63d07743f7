/**
 * The request side of sign-in: the `token` header (or `Authorization: Bearer`) read from a request,
 * and `req.auth`, which the auth pre-handler (app.ts) fills through services/session.service.ts.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import type { AuthContext } from '../services/session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function tokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  const t = Array.isArray(header) ? header[0] : header;
  if (t) return t.trim();
  const authz = req.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7).trim();
  return undefined;
}

/** Narrows `req.auth` inside handlers that run behind the auth pre-handler. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(10002, 'no_token');
  return req.auth;
}
