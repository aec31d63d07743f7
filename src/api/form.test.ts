import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeForm } from '../../contract/wire.ts';
import { encodeBody } from './form.ts';

/** What the server reads back: every value as text, lists as lists, nothing left empty. */
const asRead = (body: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );

describe('form bodies of the page and the sync worker', () => {
  it('plain values and lists read back as the server parses them', async () => {
    const key = fc.stringMatching(/^[a-z][a-z_]{0,11}$/);
    const scalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
    const value = fc.oneof(
      scalar,
      fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 5 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, fc.option(value, { nil: undefined })), async (body) => {
        expect(decodeForm(await encodeBody(body))).toEqual(asRead(body));
      }),
    );
  });

  it('writes plain values as the platform does and lists with bracket indices', async () => {
    expect(await encodeBody({ a: 'x y', b: 2, c: true, d: undefined, e: null })).toBe('a=x+y&b=2&c=true');
    expect(await encodeBody({ ids: [3, 4] })).toBe('ids%5B0%5D=3&ids%5B1%5D=4');
  });
});
