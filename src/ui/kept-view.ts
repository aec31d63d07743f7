/**
 * A list's view kept for the tab's session (issue 22): opening a creator page and coming back
 * finds the same filters, sort, page and scroll position. sessionStorage, so it is per tab and
 * gone when the tab closes; a value that no longer parses starts fresh.
 */
import { useEffect, useLayoutEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'cd.view.';

function read<T>(key: string, initial: T): T {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? initial : { ...initial, ...(JSON.parse(raw) as T) };
  } catch {
    return initial;
  }
}

/** useState for an object that survives leaving the page and coming back in this tab. */
export function useKeptState<T extends object>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => read(key, initial));
  useEffect(() => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the view is simply not kept.
    }
  }, [key, value]);
  return [value, setValue];
}

/** The app's scrolling area (MainLayout's `.app-scroller`). */
const scroller = (): HTMLElement | null => document.querySelector<HTMLElement>('.app-scroller');

/**
 * Keeps the scroll position of the page: saved when the page unmounts, restored once `ready`
 * (the list has its rows, so the page is tall enough again).
 */
export function useKeptScroll(key: string, ready: boolean): void {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const top = Number(sessionStorage.getItem(`${PREFIX}${key}.scroll`) ?? 0);
    const el = scroller();
    if (el && top > 0) el.scrollTop = top;
  }, [key, ready]);
  useLayoutEffect(() => {
    const el = scroller();
    return () => {
      if (el) sessionStorage.setItem(`${PREFIX}${key}.scroll`, String(el.scrollTop));
    };
  }, [key]);
}
