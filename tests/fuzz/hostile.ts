/**
 * Generators of hostile request bodies for the fuzz suite: wrong types, huge strings, deep
 * nesting, SQL and script payloads, unicode, prototype keys. Bodies use the endpoint's own field
 * names (read from its zod schema at run time) plus junk keys, so validation is reached past the
 * "unknown field" stage and values hit every field.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { objectShape } from '../isolation/probe.ts';

export const SQL_PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE creators; --',
  '1 UNION SELECT token_hash, 1 FROM sessions --',
  "%' OR workspace_id <> 0 OR '%'='",
  "\\'; select pg_sleep(1); --",
  '1) OR (1=1',
  "'; ATTACH DATABASE '/tmp/x' AS x; --",
];
export const SCRIPT_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '%00%0d%0aSet-Cookie: x=1',
];
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
/** Control characters no text field may hold (contract CONTROL_CHARS): NUL, BEL, ESC, DEL, C1 NEL. */
export const CONTROL_STRINGS = ['\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085'];
const ODD_STRINGS = [
  ...CONTROL_STRINGS,
  ...CONTROL_STRINGS.map((c) => `name${c}tail`),
  '',
  ' ',
  '\uFEFF',
  '\u202E',
  '𝕏😀👩‍👩‍👧',
  '\uD800',
  'NaN',
  '-0',
  '1e309',
  '0x10',
];

/** A scalar nobody should trust. */
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS, ...ODD_STRINGS, ...PROTO_KEYS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -0.0001),
  fc.boolean(),
  fc.constant(null),
  // Huge strings: 20 kB to 120 kB (below the body limit, above every field limit).
  fc.integer({ min: 20_000, max: 120_000 }).map((n) => 'A'.repeat(n)),
  fc.integer({ min: 400, max: 5_000 }).map((n) => '9'.repeat(n)),
);

/** Scalars, arrays and objects nested a few levels, with prototype keys among the object keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 5 }),
    fc.array(fc.integer({ min: -5, max: 5_000_000 }), { minLength: 101, maxLength: 600 }),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })), tie('v')), {
        maxLength: 4,
      })
      .map(ownObject),
  ),
})).v;

/** Builds an object whose keys may be '__proto__' as own, enumerable properties (as JSON.parse makes them). */
export function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return o;
}

/** A body for one endpoint: some of its own fields with hostile values, some junk and prototype keys. */
export function hostileBody(request: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(objectShape(request) ?? {});
  const key = fields.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...fields) },
        fc.constantFrom(...PROTO_KEYS),
        fc.string({ maxLength: 6 }),
      )
    : fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 6 }));
  return fc.array(fc.tuple(key, hostileValue), { maxLength: 8 }).map(ownObject);
}

/** Raw form bodies and query strings that no encoder would write. */
export const RAW_FORMS = [
  '__proto__[admin]=1&constructor[prototype][admin]=1',
  'a' + '[b]'.repeat(500) + '=1',
  'ids[999999999]=1&ids[0]=2',
  'ids[]=1&ids[]=2&ids=3&ids[x]=4',
  '%E0%A4%A=bad-escape&%zz=1',
  'page=1&page=2&page=3&limit[]=20',
  Array.from({ length: 3000 }, (_, i) => `k${i}=${i}`).join('&'),
  'country=US&name=' +
    encodeURIComponent("' OR 1=1 --") +
    '&sort=' +
    encodeURIComponent('follower_count; DROP TABLE x'),
];
