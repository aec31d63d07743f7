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
