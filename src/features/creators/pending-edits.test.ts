import { describe, expect, it } from 'vitest';
import { PendingEdits } from './pending-edits.ts';

type Row = { id: number; is_chat: number; tags: string[] };
const rows = (): Row[] => [1, 2, 3].map((id) => ({ id, is_chat: 0, tags: [] }));
const chat = (r: Row): Row => ({ ...r, is_chat: 1 });
const tag =
  (t: string) =>
  (r: Row): Row => ({ ...r, tags: [...r.tags, t] });

describe('pending edits', () => {
  it('keep an edit on answers to queries sent before the worker had it, and drop it after', () => {
    const edits = new PendingEdits<Row>();
    const edit = edits.add(new Set([2]), chat);
    // query 4 was in flight when the edit was made: its answer lacks it, the page must not
    expect(edits.apply(rows(), 4).map((r) => r.is_chat)).toEqual([0, 1, 0]);
    // the worker confirms while query 5 is the last one sent
    edits.settle(edit, 5);
    expect(edits.apply(rows(), 5).map((r) => r.is_chat)).toEqual([0, 1, 0]);
    // query 6 went out after the confirmation: the worker's answer is the truth (here: the
    // server refused the edit, so it is not there, and the page must not invent it)
    expect(edits.apply(rows(), 6).map((r) => r.is_chat)).toEqual([0, 0, 0]);
    expect(edits.apply(rows(), 5).map((r) => r.is_chat)).toEqual([0, 0, 0]);
  });

  it('shows an edit on the current rows at once, and a discarded one nowhere', () => {
    const edits = new PendingEdits<Row>();
    const edit = edits.add(new Set([1, 3]), chat);
    expect(edits.show(rows(), edit).map((r) => r.is_chat)).toEqual([1, 0, 1]);
    edits.discard(edit);
    expect(edits.apply(rows(), 1).map((r) => r.is_chat)).toEqual([0, 0, 0]);
    expect(edits.show(rows(), edit).map((r) => r.is_chat)).toEqual([0, 0, 0]);
  });

  it('applies several edits oldest first and settles them one by one', () => {
    const edits = new PendingEdits<Row>();
    const a = edits.add(new Set([1, 2]), tag('a'));
    const b = edits.add(new Set([2]), tag('b'));
    expect(edits.apply(rows(), 1).map((r) => r.tags)).toEqual([['a'], ['a', 'b'], []]);
    edits.settle(a, 1);
    expect(edits.apply(rows(), 2).map((r) => r.tags)).toEqual([[], ['b'], []]);
    edits.settle(b, 3);
    expect(edits.apply(rows(), 4).map((r) => r.tags)).toEqual([[], [], []]);
  });

  it('returns the answer itself when nothing is pending', () => {
    const edits = new PendingEdits<Row>();
    const answer = rows();
    expect(edits.apply(answer, 1)).toBe(answer);
  });
});
