import { describe, expect, it } from 'vitest';
import {
  columnsKey,
  loadChoice,
  parseChoice,
  saveChoice,
  toggleColumn,
  visibleColumns,
} from './grid-columns.ts';
import { memoryStore } from './grid-storage.ts';
import type { GridColumn } from './grid-types.ts';

type Row = Record<string, unknown>;
const cols: GridColumn<Row>[] = [
  { id: 'id', header: 'ID', alwaysVisible: true },
  { id: 'name', header: 'Name' },
  { id: 'email', header: 'Email', hiddenByDefault: true },
  { id: 'gmv', header: 'GMV' },
];
const ids = (c: GridColumn<Row>[]) => c.map((x) => x.id);

describe('column chooser persistence', () => {
  it('starts from hiddenByDefault', () => {
    expect(ids(visibleColumns(cols, {}))).toEqual(['id', 'name', 'gmv']);
  });

  it('stores a choice per screen and reads it back after a reload', () => {
    const store = memoryStore();
    let choice = toggleColumn(cols, {}, 'email', true);
    choice = toggleColumn(cols, choice, 'gmv', false);
    saveChoice(store, 'home', choice);
    const again = loadChoice(store, 'home');
    expect(ids(visibleColumns(cols, again))).toEqual(['id', 'name', 'email']);
    expect(loadChoice(store, 'amateur')).toEqual({}); // another screen is untouched
  });

  it('gives a column added later its default and ignores ids that no longer exist', () => {
    const store = memoryStore();
    saveChoice(store, 'home', { name: false, gone: true });
    const later = [...cols, { id: 'fresh', header: 'Fresh', hiddenByDefault: true }];
    expect(ids(visibleColumns(later, loadChoice(store, 'home')))).toEqual(['id', 'gmv']);
  });

  it('never hides the last visible column nor an always-visible one', () => {
    const two: GridColumn<Row>[] = [
      { id: 'a', header: 'A' },
      { id: 'b', header: 'B' },
    ];
    const c1 = toggleColumn(two, {}, 'a', false);
    expect(toggleColumn(two, c1, 'b', false)).toBe(c1);
    expect(toggleColumn(cols, {}, 'id', false)).toEqual({});
  });

  it('treats corrupt storage as no choice and reset removes the entry', () => {
    const store = memoryStore();
    store.setItem(columnsKey('home'), '{not json');
    expect(loadChoice(store, 'home')).toEqual({});
    expect(parseChoice({ shown: { a: 'yes', b: false } })).toEqual({ b: false });
    expect(parseChoice({ shown: [true] })).toEqual({});
    saveChoice(store, 'home', { name: false });
    expect(store.size()).toBe(1);
    saveChoice(store, 'home', {});
    expect(store.size()).toBe(0);
  });
});
