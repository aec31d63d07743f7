/**
 * The error vocabulary the simulator answers with: TikTok's codes and messages as the API guide
 * gives them ("Error codes that matter"), with the HTTP status each travels with. Where the guide
 * marks a status or wording (unconfirmed), the entry says so; tests passing against those entries
 * are not proof against the live API.
 */

export interface ErrorSpec {
  code: number;
  /** HTTP status of the reply. */
  http: number;
  /** True where the guide marks the status or the behaviour (unconfirmed). */
  unconfirmed?: true;
}

const DOCS = 'For more details: https://partner.tiktokshop.com/docv2/page/common-errors';

export const SIM_ERRORS = {
  // Seen from the real gateway: HTTP 400 with 36009004 for a bad app_key (guide, "Envelope").
  credentials: { code: 36009004, http: 400 },
  // The guide records 404 for 36009009; the statuses of 36009010 and 36009014 are not recorded.
  invalidPath: { code: 36009009, http: 404 },
  invalidMethod: { code: 36009010, http: 405, unconfirmed: true },
  invalidVersion: { code: 36009014, http: 404, unconfirmed: true },
  bodyNotJson: { code: 36009022, http: 400, unconfirmed: true },
  throttled: { code: 36009002, http: 429 },
  internal: { code: 36009003, http: 500, unconfirmed: true },
  timeout: { code: 36009007, http: 504, unconfirmed: true },
  // "401 for 106001 (unconfirmed)"; business errors with HTTP 200 are (unconfirmed) as well.
  badSign: { code: 106001, http: 401, unconfirmed: true },
  tokenMismatch: { code: 101000, http: 200, unconfirmed: true },
  tokenExpired: { code: 105002, http: 200, unconfirmed: true },
  scopeMissing: { code: 105005, http: 200, unconfirmed: true },
  cipherRequired: { code: 106013, http: 200, unconfirmed: true },
  paramInvalid: { code: 98001004, http: 200, unconfirmed: true },
  // Token host (auth.tiktok-shops.com): success and failure are told apart by the body's code.
  authCodeInvalid: { code: 36004004, http: 200, unconfirmed: true },
  authRecordMissing: { code: 36004005, http: 200, unconfirmed: true },
  refreshExpired: { code: 36004001, http: 200, unconfirmed: true },
} as const satisfies Record<string, ErrorSpec>;

export type SimErrorKind = keyof typeof SIM_ERRORS;

/** A refusal on its way to becoming an error envelope. */
export class SimError extends Error {
  readonly code: number;
  readonly http: number;
  readonly headers: Record<string, string>;

  constructor(kind: SimErrorKind, message: string, headers: Record<string, string> = {}, http?: number) {
    super(message);
    this.code = SIM_ERRORS[kind].code;
    this.http = http ?? SIM_ERRORS[kind].http;
    this.headers = headers;
  }
}

/**
 * The 36009004 family shares one number, so a connector has to classify by the message keyword
 * (the guide's advice): these texts keep the keywords the guide lists.
 */
export const MESSAGES = {
  badAppKey: `Invalid credentials. Invalid 'app_key' query parameter. ${DOCS}`,
  missingSign: `Missing credentials. The 'sign' query parameter is required. ${DOCS}`,
  missingTimestamp: `Missing credentials. The 'timestamp' query parameter is required. ${DOCS}`,
  timestampInvalid: `Invalid timestamp. The 'timestamp' query parameter must be a Unix time in seconds and not below 0. ${DOCS}`,
  timestampOld: `Invalid timestamp. The 'timestamp' query parameter is older than 5 minutes. ${DOCS}`,
  timestampAhead: `Invalid timestamp. The 'timestamp' query parameter is more than 30 seconds ahead of the server time. ${DOCS}`,
  badTokenHeader: `Invalid credentials. Invalid 'x-tts-access-token' header. ${DOCS}`,
  unexpectedCipher:
    'Unexpected identifier. The `shop_cipher` query parameter is not required for this request.',
  badSign: `Invalid credentials. The 'sign' query parameter does not match the request. ${DOCS}`,
  tokenExpired: 'Expired credentials. The x-tts-access-token header has expired.',
  tokenMismatch: 'Invalid query or header: the shop_cipher and the access token do not match.',
  scopeMissing: 'Access denied. You should apply auth pkg for this api.',
  cipherRequired: 'The shop_cipher query parameter is required to identify the shop.',
  throttled: 'Too many requests. Please retry later.',
  internal: 'Internal error, please try again later.',
  timeout: 'Request timeout, please try again later.',
  authCodeInvalid: 'Invalid auth code.',
  authRecordMissing: 'can not find related auth record',
  refreshExpired: 'rt has expired',
} as const;

/** 98001004's message template: name, reason, expected value (the guide's create-product sample). */
export function paramInvalid(name: string, reason: string, expected?: string): SimError {
  const tail = expected === undefined ? '' : ` Expected: ${expected}.`;
  return new SimError('paramInvalid', `Parameter invalid: ${name}. Reason: ${reason}.${tail}`);
}
