/**
 * What a TikTok Shop failure means for us (the guide's "Error codes that matter" table). Branch on
 * the body's `code`; the HTTP status only tells throttling (429) and server faults (5xx) apart when
 * the body is not an envelope. 36009004 is overloaded: its message decides (timestamp, app_key,
 * token header, signature, parameter), as the docs ask.
 */

export type TtsErrorKind =
  /** 36009002 or HTTP 429: wait (Retry-After) and try again. */
  | 'throttled'
  /** 36009003, 36009007, 5xx, a dropped connection or a timeout: try again with backoff. */
  | 'transient'
  /** 105002, or 36009004 naming the token header: refresh once, then try again. */
  | 'token_expired'
  /** 36004005, 36004001 (and the unconfirmed 105001/105003/105004): the seller must authorise again. */
  | 'auth_revoked'
  /** 105005: the app or the token lacks the endpoint's scope package. */
  | 'scope_missing'
  /** 106001, or 36009004 "Missing credentials"/sign: the app secret (or our bytes) is wrong. */
  | 'signature'
  /** 36009004 naming `app_key`: the app key is wrong or the app is gone. */
  | 'app_key'
  /** 36009004 naming the timestamp: this machine's clock is off. */
  | 'clock'
  /** 101000: the token does not belong to this shop (or is a creator's). */
  | 'shop_mismatch'
  /** 36009043 / 36009044: the shop or seller account is deactivated (unconfirmed). */
  | 'shop_deactivated'
  /** 36009033: this server's address is not in the app's IP allow list. */
  | 'ip_blocked'
  /** 36009037: a development shop's hourly call quota (unconfirmed): wait for the next hour. */
  | 'quota'
  /** 36004004: the authorisation code is wrong, used or expired. */
  | 'code_invalid'
  /** Our request is wrong (path, method, version, parameters): a bug, retrying will not help. */
  | 'bad_request'
  /** The answer did not match what we expect (not an envelope, or a page that fails validation). */
  | 'invalid_response'
  | 'unknown';

/** What the connector does about it. */
export type TtsErrorAction =
  /** The client retries the same call (backoff, Retry-After). */
  | 'retry'
  /** Refresh the access token once, then repeat the call. */
  | 'refresh'
  /** Stop the shop's jobs until an admin acts (banner). */
  | 'stop'
  /** Record the error and try again at a later run. */
  | 'later';

export const ACTIONS: Record<TtsErrorKind, TtsErrorAction> = {
  throttled: 'retry',
  transient: 'retry',
  token_expired: 'refresh',
  auth_revoked: 'stop',
  scope_missing: 'stop',
  signature: 'stop',
  app_key: 'stop',
  shop_mismatch: 'stop',
  shop_deactivated: 'stop',
  clock: 'later',
  ip_blocked: 'later',
  quota: 'later',
  code_invalid: 'later',
  bad_request: 'later',
  invalid_response: 'later',
  unknown: 'later',
};

const BY_CODE: Record<number, TtsErrorKind> = {
  36009002: 'throttled',
  36009003: 'transient',
  36009007: 'transient',
  105002: 'token_expired',
  36004005: 'auth_revoked',
  36004001: 'auth_revoked',
  // One public connector treats these as token errors too (unconfirmed): the seller re-authorises.
  105001: 'auth_revoked',
  105003: 'auth_revoked',
  105004: 'auth_revoked',
  105005: 'scope_missing',
  106001: 'signature',
  101000: 'shop_mismatch',
  36009043: 'shop_deactivated',
  36009044: 'shop_deactivated',
  36009033: 'ip_blocked',
  36009037: 'quota',
  36004004: 'code_invalid',
  36009009: 'bad_request',
  36009010: 'bad_request',
  36009014: 'bad_request',
  36009021: 'bad_request',
  36009022: 'bad_request',
  36009023: 'bad_request',
  106013: 'bad_request',
  98001004: 'bad_request',
  40006: 'bad_request',
};

/** 36009004's meanings, by the words its message uses (first match wins). */
const OVERLOADED: [RegExp, TtsErrorKind][] = [
  [/timestamp/i, 'clock'],
  [/app_key|app key/i, 'app_key'],
  [/access_token|x-tts-access-token|access token|token header/i, 'token_expired'],
  [/missing credentials|\bsign\b|signature/i, 'signature'],
];

export function classify(code: number, message: string, httpStatus: number): TtsErrorKind {
  if (code === 36009004) return OVERLOADED.find(([re]) => re.test(message))?.[1] ?? 'bad_request';
  const known = BY_CODE[code];
  if (known) return known;
  if (httpStatus === 429) return 'throttled';
  if (httpStatus >= 500) return 'transient';
  return 'unknown';
}

/** A failed call, with everything the sync state and the log need (never the request URL). */
export class TtsApiError extends Error {
  readonly action: TtsErrorAction;
  constructor(
    readonly kind: TtsErrorKind,
    /** TikTok's code (0 when there was no envelope). */
    readonly code: number,
    /** TikTok's message, cut to 500 characters; never holds our secrets. */
    readonly apiMessage: string,
    readonly requestId: string,
    readonly httpStatus: number,
    /** The request path (no host, no query). */
    readonly path: string,
    /** From Retry-After, when the answer carried one. */
    readonly retryAfterMs?: number,
  ) {
    super(`TikTok Shop ${path}: ${kind} (${code || httpStatus}) ${apiMessage}`.slice(0, 700));
    this.name = 'TtsApiError';
    this.action = ACTIONS[kind];
  }
}

export function isTtsApiError(err: unknown): err is TtsApiError {
  return err instanceof TtsApiError;
}
