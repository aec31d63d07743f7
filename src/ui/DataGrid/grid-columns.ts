/**
 * Column chooser persistence (spec: "a column chooser (some columns hidden by default; settings
 * stored)"). Stored per screen as `{ v: 1, shown: {id: boolean} }`: only ids the user has seen
 * are recorded, so a column added in a later release still starts with its hiddenByDefault, and
 * a stored id that no longer exists is ignored.
 */
import { GRID_STORAGE_PREFIX, readJson, writeJson, type KeyValueStore } from './grid-storage.ts';
import type { GridColumn } from './grid-types.ts';

export type ColumnChoice = Record<string, boolean>;

export const columnsKey = (storageKey: string): string => `${GRID_STORAGE_PREFIX}${storageKey}.columns`;
export const zoomKey = (storageKey: string): string => `${GRID_STORAGE_PREFIX}${storageKey}.zoom`;

/** Parses what storage holds; anything malformed becomes "no choice". */
export function parseChoice(raw: unknown): ColumnChoice {
  if (!raw || typeof raw !== 'object') return {};
  const shown = (raw as { shown?: unknown }).shown;
  if (!shown || typeof shown !== 'object' || Array.isArray(shown)) return {};
  const out: ColumnChoice = {};
  for (const [id, v] of Object.entries(shown)) if (typeof v === 'boolean') out[id] = v;
  return out;
}

export const isColumnShown = <Row>(c: GridColumn<Row>, choice: ColumnChoice): boolean =>
  c.alwaysVisible ? true : (choice[c.id] ?? !c.hiddenByDefault);

export const visibleColumns = <Row>(
  columns: readonly GridColumn<Row>[],
  choice: ColumnChoice,
): GridColumn<Row>[] => columns.filter((c) => isColumnShown(c, choice));

/**
 * Sets one column's visibility. The last visible column cannot be hidden (an empty grid would
 * leave no header to click back into the chooser from).
 */
export function toggleColumn<Row>(
  columns: readonly GridColumn<Row>[],
  choice: ColumnChoice,
  id: string,
  shown: boolean,
): ColumnChoice {
  const col = columns.find((c) => c.id === id);
  if (!col || col.alwaysVisible) return choice;
  if (!shown && visibleColumns(columns, choice).filter((c) => c.id !== id).length === 0) return choice;
  return { ...choice, [id]: shown };
}

export const loadChoice = (store: KeyValueStore | null, storageKey: string): ColumnChoice =>
  parseChoice(readJson(store, columnsKey(storageKey)));

/** An empty choice removes the entry, so "reset" returns to the defaults for good. */
export const saveChoice = (store: KeyValueStore | null, storageKey: string, choice: ColumnChoice): void =>
  writeJson(store, columnsKey(storageKey), Object.keys(choice).length ? { v: 1, shown: choice } : undefined);
