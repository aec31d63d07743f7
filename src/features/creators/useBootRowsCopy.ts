/**
 * Keeps the copy of Home a warm start paints before the app boots (src/app/boot-rows.ts) equal to what
 * a reopen of this URL would show: page 1 at the default size, scrolled to the top, once the first
 * sync is done (a copy during it would cost the main thread per synced page and show half a list).
 * Saved when the screen has been still for a moment and again when the member leaves the tab; a view
 * a reopen would not show (another page, scrolled) drops the copy when the tab is left.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { forgetBootRows, handOverBootRows, saveBootRows } from '../../app/boot-rows.ts';
import { getAppLocale } from '../../i18n/locale.ts';

/** How long the screen stays unchanged before it is copied. */
const STILL_MS = 1500;

const scrolledToTop = (): boolean =>
  [...document.querySelectorAll('#root .app-scroller, #root .home-panel .cd-grid__body')].every(
    (el) => el.scrollTop === 0,
  );

export function useBootRowsCopy(p: { loaded: boolean; firstPage: boolean; synced: boolean; rows: unknown }) {
  const { loaded, firstPage, synced, rows } = p;
  // Home's own first page is on screen: the worker's copy goes, in the frame the rows paint in.
  useLayoutEffect(() => {
    if (loaded) handOverBootRows();
  }, [loaded]);
  // Left before that (a menu entry pressed beneath the copy): the next screen is not covered.
  useLayoutEffect(() => () => handOverBootRows(), []);

  const copyable = loaded && firstPage && synced;
  const state = useRef({ copyable });
  state.current.copyable = copyable;

  useEffect(() => {
    if (!copyable) return;
    let idle = 0;
    const timer = window.setTimeout(() => {
      const save = () => {
        if (state.current.copyable && scrolledToTop()) void saveBootRows(getAppLocale()).catch(() => {});
      };
      idle = 'requestIdleCallback' in window ? window.requestIdleCallback(save, { timeout: 2000 }) : 0;
      if (!idle) save();
    }, STILL_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, [copyable, rows]);

  useEffect(() => {
    const leave = () => {
      if (document.visibilityState !== 'hidden') return;
      const keep = state.current.copyable && scrolledToTop();
      void (keep ? saveBootRows(getAppLocale()) : forgetBootRows()).catch(() => {});
    };
    document.addEventListener('visibilitychange', leave);
    return () => document.removeEventListener('visibilitychange', leave);
  }, []);
}
