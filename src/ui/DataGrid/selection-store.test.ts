import { describe, expect, it } from 'vitest';
import { memoryStore } from './grid-storage.ts';
import { parseKeys, selectionKey, SelectionStore } from './selection-store.ts';

describe('selection store', () => {
  it('keeps keys across pages: rows re-tick when they show up again', () => {
    const s = new SelectionStore(memoryStore(), selectionKey('home'));
    const page1 = [1, 2, 3];
    const page2 = [4, 5, 6];
    s.setMany(page1, true);
    s.toggle(5);
    // page 2 is shown: only 5 is ticked; back on page 1 all three are still ticked
    expect(page2.filter(s.has)).toEqual([5]);
    expect(page1.filter(s.has)).toEqual([1, 2, 3]);
    expect(s.getSnapshot().size).toBe(4);
  });

  it('survives a reload through storage, keeping number and string keys apart', () => {
    const storage = memoryStore();
    const a = new SelectionStore(storage, selectionKey('home'));
    a.setMany([7, 'user_x'], true);
    const b = new SelectionStore(storage, selectionKey('home'));
    expect(b.has(7)).toBe(true);
    expect(b.has('user_x')).toBe(true);
    expect(b.has('7')).toBe(false);
  });

  it('clear() empties it and the empty state is what a reload sees', () => {
    const storage = memoryStore();
    const a = new SelectionStore(storage, selectionKey('blacklist'));
    a.setMany(['x', 'y'], true);
    a.clear();
    expect(a.getSnapshot().size).toBe(0);
    expect(storage.size()).toBe(0);
    expect(new SelectionStore(storage, selectionKey('blacklist')).getSnapshot().size).toBe(0);
  });

  it('notifies subscribers with a new snapshot only when the set changes', () => {
    const s = new SelectionStore(memoryStore(), 'k');
    let calls = 0;
    const off = s.subscribe(() => calls++);
    const before = s.getSnapshot();
    s.setMany([1], true);
    expect(s.getSnapshot()).not.toBe(before);
    s.setMany([1], true); // no change
    s.setMany([2], false); // no change
    expect(calls).toBe(1);
    s.toggle(1);
    expect(s.getSnapshot().size).toBe(0);
    expect(calls).toBe(2);
    off();
    s.toggle(1);
    expect(calls).toBe(2);
  });

  it('deselecting the shown page leaves other pages selected', () => {
    const s = new SelectionStore(null, 'k');
    s.replace([1, 2, 3, 10]);
    s.setMany([1, 2, 3], false);
    expect([...s.getSnapshot().keys]).toEqual([10]);
  });

  it('reads only valid keys from storage', () => {
    expect(parseKeys([1, 'a', null, {}, Number.NaN, 2])).toEqual([1, 'a', 2]);
    expect(parseKeys('nope')).toEqual([]);
  });
});
