import { describe, expect, it } from 'vitest';
import { keepSameRows } from './same-rows.ts';

type R = { id: number; name: string; tags: { tag_id: number; tag_title: string }[] };
const row = (id: number, name = `n${id}`, tags: R['tags'] = []): R => ({ id, name, tags });

describe('keepSameRows', () => {
  it('returns the shown array itself when a fresh answer holds the same values in the same order', () => {
    const shown = [row(1, 'a', [{ tag_id: 1, tag_title: 't' }]), row(2)];
    const next = [row(1, 'a', [{ tag_id: 1, tag_title: 't' }]), row(2)];
    expect(keepSameRows(shown, next)).toBe(shown);
  });

  it('keeps unchanged row objects and takes the changed ones', () => {
    const shown = [row(1), row(2), row(3)];
    const next = [row(1), row(2, 'renamed'), row(3)];
    const out = keepSameRows(shown, next);
    expect(out).not.toBe(shown);
    expect(out[0]).toBe(shown[0]);
    expect(out[1]).toBe(next[1]);
    expect(out[1]!.name).toBe('renamed');
    expect(out[2]).toBe(shown[2]);
  });

  it('sees a change inside a nested value (a tag added)', () => {
    const shown = [row(1, 'a', [])];
    const next = [row(1, 'a', [{ tag_id: 4, tag_title: 'vip' }])];
    const out = keepSameRows(shown, next);
    expect(out[0]).toBe(next[0]);
  });

  it('follows a new order or a new set of rows', () => {
    const shown = [row(1), row(2)];
    const reordered = keepSameRows(shown, [row(2), row(1)]);
    expect(reordered.map((r) => r.id)).toEqual([2, 1]);
    expect(reordered[0]).toBe(shown[1]);
    expect(reordered).not.toBe(shown);
    const fewer = keepSameRows(shown, [row(1)]);
    expect(fewer).toEqual([row(1)]);
    expect(fewer).not.toBe(shown);
    const extra = { ...row(1), extra: 1 };
    expect(keepSameRows(shown, [extra, row(2)])[0]).toBe(extra);
  });

  it('passes the answer through when nothing is shown yet', () => {
    const next = [row(1)];
    expect(keepSameRows([], next)).toBe(next);
  });
});
