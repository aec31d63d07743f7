/** The shape of one endpoint-table entry. Kept apart from api.ts so schema files can import it without a cycle. */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path below /api/v0.1, e.g. '/member/getToken'. */
  path: string;
  /** Sends the token header (the spec's "(token)" calls). */
  auth: boolean;
  /** A paired browser extension's token may make this call; any other answers 40003. */
  extension?: boolean;
  request: Req;
  /** Schema of the envelope's `data` on success. */
  response: Res;
}

export const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<Req, Res>,
): Endpoint<Req, Res> => e;
