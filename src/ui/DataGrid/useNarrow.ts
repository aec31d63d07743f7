/**
 * Whether an element is narrower than `below` px, from its own width (a ResizeObserver), not the
 * window's or the user agent's: a grid in a narrow pane turns to cards as it would on a phone.
 * Known before the first paint, so a phone never sees the columns flash first.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

export function useNarrow(ref: RefObject<HTMLElement | null>, below: number | undefined): boolean {
  // A window narrower than `below` holds a narrower grid: cards from the first render on a phone.
  const [narrow, setNarrow] = useState(
    () => below !== undefined && typeof window !== 'undefined' && window.innerWidth < below,
  );
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || below === undefined) {
      setNarrow(false);
      return;
    }
    // The observer's first report comes after the browser's own layout and before its paint, and
    // flushSync renders the answer before that paint. Reading the width here instead would force
    // the page's first layout inside React's commit, the cold start's longest task.
    // clientWidth of an element hidden (display: none) is 0: keep the last answer then
    const check = () => {
      if (el.clientWidth > 0) flushSync(() => setNarrow(el.clientWidth < below));
    };
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, below]);
  return narrow;
}
