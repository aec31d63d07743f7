/**
 * The endpoint table: every call of the spec's section 7 and decisions.md. Both programs use it:
 * the server registers routes from it (server/http/route.ts), the PWA types its calls with it.
 * Each feature keeps its entries in contract/schemas/<feature>.ts; add its spread below.
 */
import type { z } from 'zod';
import { API_PREFIX } from './constants.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path below /api/v0.1, e.g. '/member/getToken'. */
  path: string;
  /** Sends the token header (the spec's "(token)" calls). */
  auth: boolean;
  request: Req;
  /** Schema of the envelope's `data` on success. */
  response: Res;
}

export const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<Req, Res>,
): Endpoint<Req, Res> => e;

export const API = {
  // ...accountEndpoints,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof API;
export const fullPath = (e: Endpoint): string => `${API_PREFIX}${e.path}`;
