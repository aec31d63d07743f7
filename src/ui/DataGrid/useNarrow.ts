/**
 * Whether an element is narrower than `below` px, from its own width (a ResizeObserver), not the
 * window's or the user agent's: a grid in a narrow pane turns to cards as it would on a phone.
 * Measured before the first paint, so a phone never sees the columns flash first.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useNarrow(ref: RefObject<HTMLElement | null>, below: number | undefined): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || below === undefined) {
      setNarrow(false);
      return;
    }
    // clientWidth of an element hidden (display: none) is 0: keep the last answer then
    const check = () => {
      if (el.clientWidth > 0) setNarrow(el.clientWidth < below);
    };
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, below]);
  return narrow;
}
