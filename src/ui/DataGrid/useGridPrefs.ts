/** Per-screen grid preferences kept in localStorage: the column choice and the zoom level. */
import { useCallback, useState } from 'react';
import { loadChoice, saveChoice, toggleColumn, zoomKey, type ColumnChoice } from './grid-columns.ts';
import { DEFAULT_ZOOM, isZoom } from './grid-math.ts';
import { browserStore, readJson, writeJson } from './grid-storage.ts';
import type { GridColumn } from './grid-types.ts';

export function useGridPrefs<Row>(storageKey: string, columns: readonly GridColumn<Row>[]) {
  const [choice, setChoiceState] = useState<ColumnChoice>(() =>
    loadChoice(browserStore('local'), storageKey),
  );
  const [zoom, setZoomState] = useState<number>(() => {
    const z = readJson(browserStore('local'), zoomKey(storageKey));
    return isZoom(z) ? z : DEFAULT_ZOOM;
  });

  const setColumn = useCallback(
    (id: string, shown: boolean) =>
      setChoiceState((cur) => {
        const next = toggleColumn(columns, cur, id, shown);
        if (next !== cur) saveChoice(browserStore('local'), storageKey, next);
        return next;
      }),
    [columns, storageKey],
  );

  const resetColumns = useCallback(() => {
    saveChoice(browserStore('local'), storageKey, {});
    setChoiceState({});
  }, [storageKey]);

  const setZoom = useCallback(
    (z: number) => {
      if (!isZoom(z)) return;
      writeJson(browserStore('local'), zoomKey(storageKey), z === DEFAULT_ZOOM ? undefined : z);
      setZoomState(z);
    },
    [storageKey],
  );

  return { choice, setColumn, resetColumns, zoom, setZoom };
}
