/**
 * The horizontal scrollbar pinned to the bottom of the viewport (spec: "a synced bottom
 * scrollbar"). It is `position: sticky; bottom: 0` under the grid, so it stays on screen while
 * any part of the grid is, and it mirrors the grid's scrollLeft both ways.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export function BottomScrollbar({ target }: { target: RefObject<HTMLDivElement | null> }) {
  const bar = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ client: 0, scroll: 0 });

  useEffect(() => {
    const el = target.current;
    const b = bar.current;
    if (!el || !b) return;
    const measure = () =>
      setSize((s) =>
        s.client === el.clientWidth && s.scroll === el.scrollWidth
          ? s
          : { client: el.clientWidth, scroll: el.scrollWidth },
      );
    // Scroll events arrive a frame late: without remembering our own writes, the bar's echo of
    // an older position would drag the grid back while it is still moving (drag-scroll, wheel).
    let echoBar = -1;
    let echoGrid = -1;
    const fromGrid = () => {
      measure(); // content width changes as columns are toggled or zoomed
      if (el.scrollLeft === echoGrid) {
        echoGrid = -1;
        return;
      }
      if (b.scrollLeft !== el.scrollLeft) {
        echoBar = el.scrollLeft;
        b.scrollLeft = el.scrollLeft;
      }
    };
    const fromBar = () => {
      if (b.scrollLeft === echoBar) {
        echoBar = -1;
        return;
      }
      if (el.scrollLeft !== b.scrollLeft) {
        echoGrid = b.scrollLeft;
        el.scrollLeft = b.scrollLeft;
      }
    };
    // No measure here: the observer's first report measures after the browser's own layout, where
    // reading the widths costs nothing; here it would force that layout inside React's commit.
    el.addEventListener('scroll', fromGrid, { passive: true });
    b.addEventListener('scroll', fromBar, { passive: true });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', fromGrid);
      b.removeEventListener('scroll', fromBar);
      ro.disconnect();
    };
  }, [target]);

  const overflow = size.scroll > size.client + 1;
  return (
    // A mirror of the grid's own horizontal scroll, which keyboard users reach through the cells.
    <div
      ref={bar}
      className="cd-grid__hbar"
      style={{ width: size.client || undefined, visibility: overflow ? 'visible' : 'hidden' }}
      aria-hidden="true"
      tabIndex={-1}
    >
      <div style={{ width: size.scroll, height: 1 }} />
    </div>
  );
}
