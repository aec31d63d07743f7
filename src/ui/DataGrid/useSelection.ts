/**
 * React handle on a screen's selection (see selection-store.ts). Every component that calls
 * useSelection with the same storageKey sees the same keys, so the grid ticks rows and the
 * screen's bulk buttons read `size`/`keys` without prop drilling.
 *
 *   const selection = useSelection('home');
 *   <DataGrid selection={selection} … />
 *   <Button isDisabled={!selection.size} onPress={async () => { await bulk([...selection.keys]); selection.clear(); }} />
 */
import { useMemo, useSyncExternalStore } from 'react';
import type { RowKey } from './grid-types.ts';
import { selectionStore, type SelectionPersistence } from './selection-store.ts';

export interface GridSelection {
  readonly keys: ReadonlySet<RowKey>;
  readonly size: number;
  has: (k: RowKey) => boolean;
  toggle: (k: RowKey) => void;
  setMany: (keys: Iterable<RowKey>, selected: boolean) => void;
  replace: (keys: Iterable<RowKey>) => void;
  clear: () => void;
}

export function useSelection(storageKey: string, persist: SelectionPersistence = 'session'): GridSelection {
  const store = selectionStore(storageKey, persist);
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(
    () => ({
      keys: snap.keys,
      size: snap.size,
      has: (k: RowKey) => snap.keys.has(k),
      toggle: store.toggle,
      setMany: store.setMany,
      replace: store.replace,
      clear: store.clear,
    }),
    [snap, store],
  );
}
