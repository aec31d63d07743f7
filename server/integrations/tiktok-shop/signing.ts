/**
 * TikTok Shop request and webhook signatures (docs/decisions/shop-connection.md; the recipe and
 * its test vectors are in the Partner API guide's "Request signing" and "Webhooks" sections).
 *
 * Request: HMAC-SHA256 keyed with the app secret over
 *   secret + path + sorted(key + value, without `sign` and `access_token`) + raw body + secret,
 * in lower-case hex. Values are the decoded values as sent; a list is one comma-joined value. The
 * body counts as the exact bytes sent (nothing for multipart), so callers serialise once and send
 * what they signed.
 *
 * Webhook: lower-case hex HMAC-SHA256 keyed with the app secret over app_key + raw body, compared
 * in constant time before the body is parsed.
 */
import crypto from 'node:crypto';

/** A query value as the client sends it: lists are sent and signed as one comma-joined string. */
export type QueryValue = string | number | readonly (string | number)[];

/** Parameters never signed: the signature itself and the legacy token parameter (and its header name). */
const UNSIGNED = new Set(['sign', 'access_token', 'x-tts-access-token']);

export const queryValue = (v: QueryValue): string => (Array.isArray(v) ? v.join(',') : String(v));

/** `multipart/form-data; boundary=…` → true: the body is left out of the signature. */
const isMultipart = (contentType: string | undefined): boolean =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'multipart/form-data';

export interface SignInput {
  /** The request path, no host and no query string (`/authorization/202309/shops`). */
  path: string;
  /** Every query parameter that will be sent, decoded (`sign` and `access_token` are skipped). */
  query: Readonly<Record<string, QueryValue>>;
  /** The body bytes exactly as sent; empty or absent for none. */
  body?: Uint8Array | string;
  contentType?: string;
}

/** The string the HMAC covers, without the wrapping secret (the guide prints it for V1 and V3). */
export function signatureBase(input: SignInput): Buffer {
  // Sorted by code unit, as the guide's reference implementations compare keys.
  const keys = Object.keys(input.query)
    .filter((k) => !UNSIGNED.has(k))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const params = keys.map((k) => `${k}${queryValue(input.query[k]!)}`).join('');
  const head = Buffer.from(`${input.path}${params}`, 'utf8');
  if (isMultipart(input.contentType) || input.body === undefined || input.body.length === 0) return head;
  const body = typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : Buffer.from(input.body);
  return Buffer.concat([head, body]);
}

/** The `sign` query parameter: lower-case hex (upper case is refused by the gateway). */
export function signRequest(appSecret: string, input: SignInput): string {
  const wrap = Buffer.from(appSecret, 'utf8');
  return crypto
    .createHmac('sha256', wrap)
    .update(Buffer.concat([wrap, signatureBase(input), wrap]))
    .digest('hex');
}

/** What TikTok puts in a webhook's `Authorization` header for this body. */
export function webhookSignature(appKey: string, appSecret: string, rawBody: Uint8Array | string): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  return crypto
    .createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey, 'utf8'), body]))
    .digest('hex');
}

/**
 * Whether `header` is the signature of `rawBody` (the bytes as received, before any parsing).
 * Constant time over SHA-256 digests of both sides, so neither the length nor the first differing
 * byte of the expected value shows in the timing. Only exact lower-case hex matches.
 */
export function verifyWebhookSignature(
  header: string | undefined,
  appKey: string,
  appSecret: string,
  rawBody: Uint8Array | string,
): boolean {
  if (typeof header !== 'string' || header.length === 0 || header.length > 256) return false;
  const expected = webhookSignature(appKey, appSecret, rawBody);
  const a = crypto.createHash('sha256').update(header, 'utf8').digest();
  const b = crypto.createHash('sha256').update(expected, 'utf8').digest();
  return crypto.timingSafeEqual(a, b);
}
