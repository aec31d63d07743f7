/** Error classification (the guide's error table) and the backoff schedule. */
import { describe, expect, it } from 'vitest';
import { ACTIONS, classify, TtsApiError } from './errors.ts';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter, runRetrySeconds, throttleDelay } from './backoff.ts';

describe('classify', () => {
  it('maps the codes that matter to what the connector does', () => {
    const cases: [number, string, number, string, string][] = [
      [36009002, 'Too many requests', 429, 'throttled', 'retry'],
      [36009003, 'Internal error, try again', 200, 'transient', 'retry'],
      [36009007, 'Request timeout', 200, 'transient', 'retry'],
      [105002, 'Expired credentials', 200, 'token_expired', 'refresh'],
      [36004005, 'can not find related auth record', 200, 'auth_revoked', 'stop'],
      [36004001, 'rt has expired', 200, 'auth_revoked', 'stop'],
      [105005, 'you should apply auth pkg for this api', 200, 'scope_missing', 'stop'],
      [106001, 'Invalid sign', 401, 'signature', 'stop'],
      [101000, 'Invalid query or header', 200, 'shop_mismatch', 'stop'],
      [36009043, 'Shop deactivated', 401, 'shop_deactivated', 'stop'],
      [36009033, 'IP not allowed', 200, 'ip_blocked', 'later'],
      [36009037, 'hourly quota', 200, 'quota', 'later'],
      [36004004, 'Invalid auth code.', 200, 'code_invalid', 'later'],
      [36009009, 'Invalid path', 404, 'bad_request', 'later'],
      [106013, 'shop_cipher required', 200, 'bad_request', 'later'],
      [77777777, 'something new', 200, 'unknown', 'later'],
    ];
    for (const [code, msg, status, kind, action] of cases) {
      expect(classify(code, msg, status), `${code}`).toBe(kind);
      expect(ACTIONS[classify(code, msg, status)], `${code}`).toBe(action);
    }
  });

  it('reads 36009004 by its message, never by the number alone', () => {
    const k = (m: string) => classify(36009004, m, 400);
    expect(k('Invalid timestamp. The timestamp is more than 5 minutes older than the current time')).toBe(
      'clock',
    );
    expect(k("Invalid credentials. Invalid 'app_key' query parameter. For more details: ...")).toBe(
      'app_key',
    );
    expect(k("Invalid credentials. Invalid 'x-tts-access-token' header.")).toBe('token_expired');
    expect(k('Missing credentials. The sign query parameter is required.')).toBe('signature');
    expect(
      k('Unexpected identifier. The `shop_cipher` query parameter is not required for this request.'),
    ).toBe('bad_request');
    expect(k('invalid param error')).toBe('bad_request');
  });

  it('falls back on the HTTP status when there is no envelope: 429 throttles, 5xx (503 too) is transient', () => {
    expect(classify(0, '', 429)).toBe('throttled');
    expect(classify(0, '', 503)).toBe('transient');
    expect(classify(0, '', 502)).toBe('transient');
    expect(classify(0, '', 418)).toBe('unknown');
  });

  it('an error names path, code and request id, never a query string', () => {
    const e = new TtsApiError('throttled', 36009002, 'slow down', 'REQ1', 429, '/a/b', 2000);
    expect(e.message).toBe('TikTok Shop /a/b: throttled (36009002) slow down');
    expect(e).toMatchObject({ action: 'retry', requestId: 'REQ1', retryAfterMs: 2000 });
  });
});

describe('backoff', () => {
  it('doubles from 1 s to the 60 s cap, with 0-500 ms jitter', () => {
    const low = (n: number) => backoffDelay(n, DEFAULT_RETRY, () => 0);
    const high = (n: number) => backoffDelay(n, DEFAULT_RETRY, () => 0.999);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(low)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(high(1)).toBe(1499);
    expect(high(10)).toBe(60499);
  });

  it('reads Retry-After as seconds or an HTTP date, refusing garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 1.5 ', now)).toBe(1500);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    for (const bad of [
      '',
      '-1',
      'soon',
      '1e3',
      '12abc',
      '99999999999',
      'Fri, 01 Jan 2100 00:00:00 GMT',
      null,
      undefined,
    ])
      expect(parseRetryAfter(bad, now), String(bad)).toBeUndefined();
  });

  it('waits out Retry-After (plus jitter) when given, else backs off', () => {
    expect(throttleDelay(1, 5000, DEFAULT_RETRY, () => 0.5)).toBe(5250);
    expect(throttleDelay(3, undefined, DEFAULT_RETRY, () => 0)).toBe(4000);
  });

  it('spaces failed runs from 1 minute to 6 hours, never before Retry-After', () => {
    const s = (n: number, ra = 0) => runRetrySeconds(n, ra, () => 0);
    expect([1, 2, 3, 9, 10, 30].map((n) => s(n))).toEqual([60, 120, 240, 15360, 21600, 21600]);
    expect(s(1, 600_000)).toBe(600);
    expect(runRetrySeconds(1, 0, () => 0.999)).toBe(65);
  });
});
