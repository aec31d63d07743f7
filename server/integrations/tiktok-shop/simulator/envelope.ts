/** The API's reply envelope `{code, message, request_id, data}` and its request ids. */
import crypto from 'node:crypto';

export interface TtsEnvelope<T = unknown> {
  code: number;
  message: string;
  request_id: string;
  data: T | null;
}

let counter = crypto.randomInt(0, 0xffffff);

/**
 * A request id shaped like the guide's samples (`20240808165018109CFA6CCA917E04CBAD`): the UTC
 * time to the millisecond as 17 digits, then 17 upper-case hex characters. A per-process counter in
 * the hex part keeps ids unique within one process even in the same millisecond.
 */
export function newRequestId(atMs: number = Date.now()): string {
  const d = new Date(atMs);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp =
    `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}` +
    `${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}${p(d.getUTCMilliseconds(), 3)}`;
  counter = (counter + 1) % 0x1000000;
  const hex = counter.toString(16).padStart(6, '0') + crypto.randomBytes(6).toString('hex').slice(0, 11);
  return stamp + hex.toUpperCase();
}

export function success<T>(data: T, message = 'Success', requestId = newRequestId()): TtsEnvelope<T> {
  return { code: 0, message, request_id: requestId, data };
}

export function failure(code: number, message: string, requestId = newRequestId()): TtsEnvelope<null> {
  return { code, message, request_id: requestId, data: null };
}
