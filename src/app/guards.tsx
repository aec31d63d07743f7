/**
 * Route guards: signed-in pages send visitors without a token to /, and the
 * login/register pages send holders of a token to /. The token lives in cookies (src/api/session.ts),
 * so the guards read it on every render instead of caching it.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { getToken } from '../api/session.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  if (!getToken()) return <Navigate to="/" replace />;
  return children;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to="/" replace />;
  return children;
}
