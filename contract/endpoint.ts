/** The shape of one endpoint-table entry. Kept apart from api.ts so schema files can import it without a cycle. */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a call needs at run time (method, path, auth), without the zod schemas: the PWA's screens
 * name their calls through contract/routes.ts, so zod stays out of the first load. The schemas'
 * types ride along in `types`, which is never set at run time.
 */
export interface Route<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path below /api/v0.1, e.g. '/member/getToken'. */
  path: string;
  /** Sends the token header (the spec's "(token)" calls). */
  auth: boolean;
  /** A paired browser extension's token may make this call; any other answers 40003. */
  extension?: boolean;
  /** Type only: the request and response schemas of the endpoint this route names. */
  readonly types?: { request: Req; response: Res };
}

/** What a route's endpoint accepts (the input side of its request schema) and answers. */
export type RouteInput<R extends Route> = z.input<NonNullable<R['types']>['request']>;
export type RouteOutput<R extends Route> = z.output<NonNullable<R['types']>['response']>;

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends Route<
  Req,
  Res
> {
  request: Req;
  /** Schema of the envelope's `data` on success. */
  response: Res;
}

export const endpoint = <Req extends z.ZodType, Res extends z.ZodType>(
  e: Endpoint<Req, Res>,
): Endpoint<Req, Res> => e;
