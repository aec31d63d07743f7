/**
 * The simulator's own copy of TikTok Shop's request signing, written from the recipe in the API guide
 * ("Request signing") and pinned by its test vectors. It deliberately shares no code with the
 * connector: a bug copied into both would make every test pass against a wrong signature.
 */
import crypto from 'node:crypto';

/** Query keys the recipe leaves out of the signed string. */
const UNSIGNED_KEYS = new Set(['sign', 'access_token']);

/**
 * The string the gateway hashes, before the secret is wrapped around it: the path, then every
 * query parameter except `sign` and `access_token` as key+value sorted by key. `query` holds the
 * decoded values as the server received them.
 */
export function signatureBase(path: string, query: Readonly<Record<string, string>>): string {
  const keys = Object.keys(query)
    .filter((k) => !UNSIGNED_KEYS.has(k))
    .sort();
  let base = path;
  for (const key of keys) base += key + query[key];
  return base;
}

/** Whether a content type's media type is multipart/form-data (whose body is never signed). */
export function isMultipart(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return media === 'multipart/form-data';
}

export interface SignInput {
  secret: string;
  path: string;
  query: Readonly<Record<string, string>>;
  /** The body bytes exactly as sent; empty or absent for none. */
  body?: Buffer | string;
  contentType?: string;
}

/** The lower-case hex `sign` for a request. */
export function computeSign(input: SignInput): string {
  const { secret, path, query, contentType } = input;
  const body = input.body === undefined ? Buffer.alloc(0) : Buffer.from(input.body);
  const parts = [Buffer.from(secret + signatureBase(path, query), 'utf8')];
  if (!isMultipart(contentType)) parts.push(body);
  parts.push(Buffer.from(secret, 'utf8'));
  return crypto.createHmac('sha256', secret).update(Buffer.concat(parts)).digest('hex');
}

/** Constant-time comparison of a received `sign` with the expected one (exact case: upper-case hex fails). */
export function signMatches(received: string, expected: string): boolean {
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The `Authorization` header of a webhook delivery: lower-case hex HMAC-SHA256 keyed with the app
 * secret over app_key + raw body, with no wrapping, path or timestamp (the guide's "Webhooks").
 */
export function webhookSignature(appKey: string, appSecret: string, rawBody: Buffer | string): string {
  return crypto
    .createHmac('sha256', appSecret)
    .update(Buffer.concat([Buffer.from(appKey, 'utf8'), Buffer.from(rawBody)]))
    .digest('hex');
}
