/**
 * The one error type the HTTP client rejects with. By the time a caller sees it, the user has
 * already been told (toast) unless the call was silent, so screens only stop loading.
 */
import type { Envelope } from '../../contract/wire.ts';

export type ApiErrorKind =
  | 'code' // the server answered with a non-200 envelope code
  | 'network' // fetch failed
  | 'timeout' // our timer aborted the call
  | 'http_status' // a transport status (404, 413, 5xx) without an envelope
  | 'setup' // the request could not be built
  | 'aborted'; // the caller's own signal aborted it; nothing is shown

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Envelope code for kind 'code'. */
  readonly code: number | undefined;
  /** HTTP status for kind 'http_status'. */
  readonly status: number | undefined;
  readonly envelope: Envelope | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    extra: { code?: number; status?: number; envelope?: Envelope; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.code = extra.code;
    this.status = extra.status;
    this.envelope = extra.envelope;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
