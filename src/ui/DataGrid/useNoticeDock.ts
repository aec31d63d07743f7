/**
 * Where the grid's note (DataGridProps.notice) stands. It lives under the rows, so showing it never
 * moves a row; while the grid's header row is on screen above the bottom of the window, the note
 * docks to that bottom (sticky, over the lowest visible rows) so it is seen without scrolling. When
 * the header itself is down there (a narrow window, the filters above the grid), docking would lay
 * the note over the header and the toolbar: it stays in its place under the rows instead.
 */
import { useEffect, useState, type RefObject } from 'react';

/** The window's bottom band the note needs when docked: two lines, the mirror scrollbar, margins. */
export const DOCK_ZONE_PX = 96;

export function useNoticeDock(headEdge: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [docked, setDocked] = useState(false);
  useEffect(() => {
    const edge = headEdge.current;
    if (!enabled || !edge) return;
    // The edge (a 1 px marker at the header row's bottom) is watched against the window less the
    // dock's band: above that band (or scrolled away upwards), the rows fill the window's bottom.
    const watch = new IntersectionObserver(
      ([e]) => {
        if (e?.rootBounds) setDocked(e.boundingClientRect.bottom <= e.rootBounds.bottom);
      },
      { rootMargin: `0px 0px -${DOCK_ZONE_PX}px 0px`, threshold: [0, 1] },
    );
    watch.observe(edge);
    return () => watch.disconnect();
  }, [headEdge, enabled]);
  return enabled && docked;
}
