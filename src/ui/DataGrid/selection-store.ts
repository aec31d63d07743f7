/**
 * This file owns row selections ("Selections persist across pages and are
 * re-ticked after each reload. They are cleared after a successful bulk action").
 * A selection is a set of row keys, independent of the rows on screen: paging away keeps it, and
 * a row whose key is in the set shows ticked whenever it appears again. It is saved to
 * sessionStorage (default) on every change, so a page reload in the same tab restores it.
 * One store per storage key, shared by every component of a screen (toolbar buttons read it too).
 */
import {
  browserStore,
  GRID_STORAGE_PREFIX,
  readJson,
  writeJson,
  type KeyValueStore,
} from './grid-storage.ts';
import type { RowKey } from './grid-types.ts';

export interface SelectionSnapshot {
  readonly keys: ReadonlySet<RowKey>;
  readonly size: number;
}

export const selectionKey = (storageKey: string): string => `${GRID_STORAGE_PREFIX}${storageKey}.selection`;

const isRowKey = (k: unknown): k is RowKey =>
  typeof k === 'string' || (typeof k === 'number' && Number.isFinite(k));

export function parseKeys(raw: unknown): RowKey[] {
  return Array.isArray(raw) ? raw.filter(isRowKey) : [];
}

export class SelectionStore {
  private snap: SelectionSnapshot;
  private listeners = new Set<() => void>();

  constructor(
    private readonly store: KeyValueStore | null,
    private readonly key: string,
  ) {
    const keys = new Set(parseKeys(readJson(store, key)));
    this.snap = { keys, size: keys.size };
  }

  /** The current snapshot; a new object after every change (useSyncExternalStore compares it). */
  getSnapshot = (): SelectionSnapshot => this.snap;

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  has = (k: RowKey): boolean => this.snap.keys.has(k);

  toggle = (k: RowKey): void => this.setMany([k], !this.has(k));

  /** Selects or deselects the given keys (the header checkbox does this for the shown page). */
  setMany = (keys: Iterable<RowKey>, selected: boolean): void => {
    const next = new Set(this.snap.keys);
    for (const k of keys) {
      if (selected) next.add(k);
      else next.delete(k);
    }
    this.commit(next);
  };

  /** Replaces the whole selection. */
  replace = (keys: Iterable<RowKey>): void => this.commit(new Set(keys));

  /** Empties the selection; call it after a successful bulk action. */
  clear = (): void => this.commit(new Set());

  private commit(next: Set<RowKey>): void {
    const cur = this.snap.keys;
    if (next.size === cur.size && [...next].every((k) => cur.has(k))) return;
    this.snap = { keys: next, size: next.size };
    writeJson(this.store, this.key, next.size ? [...next] : undefined);
    for (const fn of this.listeners) fn();
  }
}

export type SelectionPersistence = 'session' | 'local' | 'none';

const registry = new Map<string, SelectionStore>();

/** The screen-wide store for `storageKey`, created (and loaded from storage) on first use. */
export function selectionStore(
  storageKey: string,
  persist: SelectionPersistence = 'session',
): SelectionStore {
  const id = `${persist}:${storageKey}`;
  let s = registry.get(id);
  if (!s) {
    s = new SelectionStore(persist === 'none' ? null : browserStore(persist), selectionKey(storageKey));
    registry.set(id, s);
  }
  return s;
}
