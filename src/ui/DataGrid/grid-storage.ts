/**
 * Safe JSON persistence for grid preferences and selections. Storage can be missing (Node,
 * workers), blocked (privacy modes) or full; the grid then just forgets, it never throws.
 */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const GRID_STORAGE_PREFIX = 'cd.grid.';

export function browserStore(kind: 'local' | 'session'): KeyValueStore | null {
  try {
    if (kind === 'local') return typeof localStorage === 'undefined' ? null : localStorage;
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readJson(store: KeyValueStore | null, key: string): unknown {
  if (!store) return undefined;
  try {
    const raw = store.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined; // unreadable or corrupt: behave as if nothing was stored
  }
}

export function writeJson(store: KeyValueStore | null, key: string, value: unknown): void {
  if (!store) return;
  try {
    if (value === undefined) store.removeItem(key);
    else store.setItem(key, JSON.stringify(value));
  } catch {
    // quota or blocked storage: the choice lives until the page closes
  }
}

/** An in-memory KeyValueStore (tests, and storage-less environments). */
export function memoryStore(): KeyValueStore & { size: () => number } {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    size: () => map.size,
  };
}
