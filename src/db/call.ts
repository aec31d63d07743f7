/**
 * A call for the outbox, named by its endpoint in the contract (contract/routes.ts, the zod-free names of contract/api.ts) with a body of
 * that endpoint's request type, so a field the server's schema does not know, or a required one
 * left out, fails the typecheck instead of failing later on the server:
 *
 *   call(API.tagsAdd, { country, title })
 *   call(API.tagsDel, { id, country }, name)      // `about`: plain words shown if it is refused
 *
 * What the outbox stores is still the plain method, path and body (OutboxEntry), so the rows an
 * earlier build wrote into a user's IndexedDB keep draining after an update.
 */
import type { Method, Route, RouteInput } from '../../contract/endpoint.ts';

/** What an endpoint accepts: the input side of its request schema. */
export type Input<E extends Route> = RouteInput<E>;

declare const fromContract: unique symbol;

/** A call as the outbox stores and replays it; only `call()` makes one. */
export interface Call {
  readonly [fromContract]: true;
  method: Method;
  path: string;
  body: Record<string, unknown>;
  /** Plain words for the object when the body carries only ids (shown if the server refuses it). */
  about?: string;
}

export function call<E extends Route>(ep: E, body: Input<E>, about?: string): Call {
  return {
    method: ep.method,
    path: ep.path,
    body: body as Record<string, unknown>,
    ...(about === undefined ? {} : { about }),
  } as Call;
}

/**
 * Whether a recorded call is a call of `ep`. Reads of the outbox name the endpoint, so a call
 * dropped from the contract fails the typecheck here; they compare the wire path, which is what
 * every build stored (an entry an earlier build wrote still matches).
 */
export const isCallOf = (c: { path: string }, ep: Route): boolean => c.path === ep.path;
