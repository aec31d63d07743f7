import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeForm, encodeForm } from './wire.ts';
import { country, dateBound, formInt, formList, paging, sortOrder } from './schemas/common.ts';

describe('form bodies', () => {
  it('writes bracket-index arrays like the spec client', () => {
    expect(decodeURIComponent(encodeForm({ bloggers: ['a', 'b'], country: 'US' }))).toBe(
      'bloggers[0]=a&bloggers[1]=b&country=US',
    );
  });

  it('reads bracket-index, key[] and repeated keys as the same list', () => {
    const list = formList(z.string());
    for (const body of [
      'bloggers[0]=a&bloggers[1]=b',
      'bloggers[]=a&bloggers[]=b',
      'bloggers=a&bloggers=b',
    ]) {
      expect(list.parse(decodeForm(body).bloggers), body).toEqual(['a', 'b']);
    }
    expect(list.parse(decodeForm('bloggers=a').bloggers)).toEqual(['a']);
    expect(list.parse(decodeForm('').bloggers)).toEqual([]);
  });

  it('reads what qs reads, for any mix of plain, list, indexed and nested keys', () => {
    const name = fc.constantFrom('a', 'b', 'bloggers', '__proto__', 'toString', '', 'a%5B0%5D', 'x+y');
    const suffix = fc.constantFrom(
      '',
      '[]',
      '[0]',
      '[1]',
      '[2]',
      '[01]',
      '[10]',
      '[0][k]',
      '[k]',
      ']',
      '[',
      '[][]',
    );
    const value = fc.constantFrom('', 'v', 'a+b', '%E4%B8%AD', '%zz', '1=2');
    const pair = fc.tuple(name, suffix, value).map(([n, s, v]) => `${n}${s}=${v}`);
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 12 }), (pairs) => {
        const text = pairs.join('&');
        const expected = qs.parse(text, {
          depth: 3,
          arrayLimit: 100_000,
          parameterLimit: 200_000,
          allowPrototypes: false,
          duplicates: 'combine',
        });
        expect(decodeForm(text), text).toEqual(expected);
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });

  it('reads long lists in linear time (qs alone is quadratic: 20,000 ids took seconds)', () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `creator_${i}`);
    for (const arrayFormat of ['indices', 'brackets', 'repeat'] as const) {
      const text = qs.stringify({ bloggers: ids, country: 'US' }, { arrayFormat });
      const t = performance.now();
      const parsed = decodeForm(text);
      const ms = performance.now() - t;
      expect(parsed).toEqual({ bloggers: ids, country: 'US' });
      expect(ms, arrayFormat).toBeLessThan(1500);
    }
  });

  it('refuses prototype pollution and keeps nesting shallow', () => {
    const parsed = decodeForm('__proto__[x]=1&a[b][c][d][e][f]=deep');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(JSON.stringify(parsed).length).toBeLessThan(200);
  });
});

describe('schema building blocks', () => {
  it('coerces form numbers and treats blank as absent', () => {
    const s = z.object({ n: formInt().optional(), ...paging });
    expect(s.parse({ n: '5', page: '2', limit: '' })).toEqual({ n: 5, page: 2, limit: 20 });
    expect(s.safeParse({ n: 'abc' }).success).toBe(false);
  });

  it('defaults the country to US and refuses unknown ones', () => {
    expect(country().parse('')).toBe('US');
    expect(country().parse('gb')).toBe('GB');
    expect(country().safeParse('CN').success).toBe(false);
  });

  it('reads dates as unix seconds or YYYY-MM-DD, and sort orders in both spellings', () => {
    expect(dateBound().parse('2024-01-02')).toBe(1704153600);
    expect(dateBound().parse('1704153600')).toBe(1704153600);
    expect(dateBound().parse('')).toBeUndefined();
    expect(sortOrder().parse('descend')).toBe('desc');
    expect(sortOrder().safeParse('sideways').success).toBe(false);
  });
});
