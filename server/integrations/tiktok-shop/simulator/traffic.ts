/**
 * Throttling, injected faults and the call log: the parts of the simulator a test turns on to
 * watch the connector back off, retry and validate.
 *
 * Throttling is a token bucket per (app key, shop cipher, endpoint) holding `max(1, qps)` calls
 * and refilling at `qps` per second; an empty bucket answers HTTP 429, code 36009002 and a
 * `Retry-After` in whole seconds. The guide publishes no numbers; `sample_applications/search`
 * throttles sooner than the rest (one field report, unconfirmed), so it defaults to 2 QPS and
 * everything else to no limit.
 */
import type { EndpointName } from './endpoints.ts';

export type FaultKind =
  /** 36009003 "internal error" with HTTP 500. */
  | 'internal'
  /** 36009007 "request timeout" with HTTP 504. */
  | 'timeout'
  /** A bare HTTP 503 with a non-JSON body, as a load balancer sends it. */
  | 'unavailable'
  /** HTTP 429 / 36009002 regardless of the QPS setting. */
  | 'throttle'
  /** A success whose first list item has one field of the wrong type. */
  | 'corrupt'
  /** The normal answer after `delayMs`. */
  | 'slow';

export interface FaultRule {
  endpoint: EndpointName | '*';
  kind: FaultKind;
  /** How many calls it affects. */
  count: number;
  /** Calls of the endpoint let through untouched before it applies (the second call of a batch fails). */
  skip?: number;
  delayMs?: number;
  retryAfterSeconds?: number;
  /** Called when the fault applies, before the call is answered (a test acts at an exact call). */
  onTake?: () => void;
  /** 'slow': answer once this settles instead of after `delayMs` (a test holds a call in flight). */
  until?: Promise<unknown>;
}

export class Faults {
  private rules: FaultRule[] = [];

  add(rule: FaultRule): void {
    if (!Number.isInteger(rule.count) || rule.count < 1) throw new Error('a fault needs a positive count');
    this.rules.push({ ...rule });
  }

  /** The fault for this call, if any; consumes one of its count. */
  take(endpoint: EndpointName): FaultRule | null {
    const i = this.rules.findIndex((r) => r.endpoint === endpoint || r.endpoint === '*');
    if (i < 0) return null;
    const rule = this.rules[i]!;
    if (rule.skip) {
      rule.skip -= 1;
      return null;
    }
    rule.count -= 1;
    if (rule.count <= 0) this.rules.splice(i, 1);
    return rule;
  }

  pending(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }
}

export const DEFAULT_QPS: Partial<Record<EndpointName, number | null>> = { 'samples.search': 2 };

export class Throttle {
  private readonly qps: Map<EndpointName, number | null>;
  private readonly buckets = new Map<string, { tokens: number; atMs: number }>();

  constructor(initial: Partial<Record<EndpointName, number | null>>) {
    this.qps = new Map(Object.entries({ ...DEFAULT_QPS, ...initial }) as [EndpointName, number | null][]);
  }

  set(endpoint: EndpointName, qps: number | null): void {
    if (qps !== null && !(qps > 0)) throw new Error('qps must be positive or null');
    this.qps.set(endpoint, qps);
    for (const key of this.buckets.keys()) if (key.endsWith(`|${endpoint}`)) this.buckets.delete(key);
  }

  get(endpoint: EndpointName): number | null {
    return this.qps.get(endpoint) ?? null;
  }

  /** Null when the call may pass; otherwise the seconds to wait. */
  check(key: string, endpoint: EndpointName, nowMs: number): number | null {
    const qps = this.qps.get(endpoint) ?? null;
    if (qps === null) return null;
    const capacity = Math.max(1, qps);
    const id = `${key}|${endpoint}`;
    const bucket = this.buckets.get(id) ?? { tokens: capacity, atMs: nowMs };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * qps);
    bucket.atMs = nowMs;
    this.buckets.set(id, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / qps));
  }
}

export interface CallRecord {
  atMs: number;
  method: string;
  path: string;
  endpoint: EndpointName | null;
  /** The envelope code (0 on success); -1 for a reply that is not an envelope (the 503 fault). */
  code: number;
  http: number;
  requestId: string;
  shopCipher?: string;
  fault?: FaultKind;
  /** Which field a 'corrupt' fault changed, e.g. "orders[0].id". */
  corrupted?: string;
}

export class CallLog {
  private entries: CallRecord[] = [];

  constructor(private readonly limit: number) {}

  add(entry: CallRecord): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
  }

  list(): CallRecord[] {
    return [...this.entries];
  }

  clear(): void {
    this.entries = [];
  }
}

/**
 * Changes one field of the first item of the first list in `data` to the wrong type (a string
 * becomes a number, a number a string); a reply without a list gets its first scalar changed.
 * Returns the field's path.
 */
export function corruptData(data: Record<string, unknown>): string {
  const listKey = Object.keys(data).find((k) => {
    const v = data[k];
    return Array.isArray(v) && v.length > 0 && typeof v[0] === 'object' && v[0] !== null;
  });
  const target = listKey ? ((data[listKey] as unknown[])[0] as Record<string, unknown>) : data;
  const prefix = listKey ? `${listKey}[0].` : '';
  for (const [k, v] of Object.entries(target)) {
    if (typeof v === 'string') {
      target[k] = 12345;
      return prefix + k;
    }
    if (typeof v === 'number') {
      target[k] = `not-a-number-${v}`;
      return prefix + k;
    }
  }
  data.total_count = 'corrupt';
  return 'total_count';
}
