import { describe, expect, it } from 'vitest';
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { linesOf, statusLabel, subStatusLabel } from './invitation-rules.ts';

describe('linesOf', () => {
  it('splits by line, drops blank lines and merges duplicates in first-seen order', () => {
    expect(linesOf('b\n\n  a \r\n\nb\n@a\n')).toEqual(['b', 'a']);
  });
  it('answers nothing for blank input (the dialog then refuses)', () => {
    expect(linesOf(' \n\n\t\n')).toEqual([]);
  });
  it('reads at most the textarea limit', () => {
    expect(linesOf(`${'x'.repeat(TEXTAREA_MAX)}yy`)).toEqual(['x'.repeat(TEXTAREA_MAX)]);
  });
});

describe('status labels', () => {
  it('names statuses 1–4 and sub statuses 1–5, nothing else', () => {
    expect([1, 2, 3, 4].map(statusLabel).every((s) => s.length > 0)).toBe(true);
    expect([1, 2, 3, 4, 5].map(subStatusLabel).every((s) => s.length > 0)).toBe(true);
    expect(statusLabel(0)).toBe('');
    expect(subStatusLabel(6)).toBe('');
  });
});
