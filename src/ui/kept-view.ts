/**
 * A list's view kept per history entry: opening a creator page and coming back (or
 * reloading) finds the same filters, sort, page and scroll position, while a new visit (menu
 * click, typed URL) starts fresh. Stored in sessionStorage under react-router's location key,
 * which stays with the entry across back/forward and reloads. The first entry of a tab (no entry
 * state) is keyed 'default'; it is restored only on a return to it (this document left a kept
 * page, or was loaded at another address: back after a reload elsewhere), never on its own load. A value that no longer parses starts fresh.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const PREFIX = 'cd.view.';

/** A kept page has been left in this document: back to the 'default' entry is a return. */
let leftOnce = false;

/** The path this document was loaded at: read once (a list asks on every render). */
let loadedPath: string | undefined;
function loadedAt(): string {
  return (loadedPath ??= readLoadedAt());
}

function readLoadedAt(): string {
  const nav = performance.getEntriesByType('navigation')[0];
  try {
    return nav ? new URL(nav.name).pathname : location.pathname;
  } catch {
    return location.pathname;
  }
}

/** The storage key of this history entry, or null when this visit starts fresh. */
function useEntryKey(name: string): string | null {
  const { key, pathname } = useLocation();
  const pop = useNavigationType() === 'POP';
  useEffect(
    () => () => {
      leftOnce = true;
    },
    [],
  );
  const back = key !== 'default' || leftOnce || loadedAt() !== pathname;
  return pop && back ? `${PREFIX}${name}.${key}` : null;
}

function read<T>(key: string | null, initial: T): T {
  if (key === null) return initial;
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? initial : { ...initial, ...(JSON.parse(raw) as T) };
  } catch {
    return initial;
  }
}

/**
 * A view that survives leaving the page and coming back in this tab: `start` is the kept value on
 * a return (`restored`), else `initial`; `keep` stores the view shown now under this history entry
 * (whatever the visit; it is read only on a return, useEntryKey). Not React state: a list keeps its
 * view on every change, a keystroke included, and a state here rendered the whole list once more
 * after each one.
 */
export function useKeptView<T extends object>(
  name: string,
  initial: T,
): { start: T; restored: boolean; keep: (value: T) => void } {
  const restoreKey = useEntryKey(name);
  const { key: entry } = useLocation();
  const key = `${PREFIX}${name}.${entry}`;
  const [first] = useState(() => {
    const start = read(restoreKey, initial);
    return { start, restored: start !== initial };
  });
  const keep = useCallback(
    (value: T) => {
      try {
        sessionStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the view is simply not kept.
      }
    },
    [key],
  );
  return { ...first, keep };
}

/** The app's scrolling area (MainLayout's `.app-scroller`). */
const scroller = (): HTMLElement | null => document.querySelector<HTMLElement>('#root .app-scroller');

/**
 * Keeps the scroll position of the page: saved when the page unmounts, restored once `ready`
 * (the list has its rows, so the page is tall enough again).
 */
export function useKeptScroll(name: string, ready: boolean): void {
  const restoreKey = useEntryKey(name);
  const key = `${PREFIX}${name}.${useLocation().key}`;
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (restoreKey === null) return;
    const top = Number(sessionStorage.getItem(`${restoreKey}.scroll`) ?? 0);
    const el = scroller();
    if (el && top > 0) el.scrollTop = top;
  }, [restoreKey, ready]);
  // The position is followed as the user scrolls (a restore above scrolls too), never read when
  // the page mounts or unmounts: reading scrollTop forces a layout of the whole page, at unmount
  // after the next page's DOM changes (~13 ms of every creator page opened from Home), at mount
  // inside the commit of the page's first render (~100 ms at 4× CPU, the cold start's longest
  // task). A visit that never scrolled keeps nothing, and a return to it starts at the top.
  useLayoutEffect(() => {
    const el = scroller();
    if (!el) return;
    let top: number | null = null;
    const follow = () => {
      top = el.scrollTop;
    };
    el.addEventListener('scroll', follow, { passive: true });
    return () => {
      el.removeEventListener('scroll', follow);
      if (top !== null) sessionStorage.setItem(`${key}.scroll`, String(top));
    };
  }, [key]);
}
