/**
 * Mouse drag on the grid body scrolls it horizontally (`dragScroll`, the blacklist screen).
 * A press only becomes a drag after 5 px, and the click that ends a drag is swallowed so it
 * does not tick a checkbox or follow a link. Controls, links and touch input are left alone.
 */
import { useEffect, type RefObject } from 'react';

const THRESHOLD_PX = 5;
const INTERACTIVE = 'a, button, input, label, select, textarea, [role="button"]';

export function useDragScroll(ref: RefObject<HTMLDivElement | null>, enabled: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let startX = 0;
    let startLeft = 0;
    let dragging = false;

    const move = (e: PointerEvent) => {
      const dx = e.clientX - startX;
      if (!dragging && Math.abs(dx) < THRESHOLD_PX) return;
      if (!dragging) {
        dragging = true;
        el.classList.add('cd-grid__scroll--dragging');
      }
      el.scrollLeft = startLeft - dx;
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      el.classList.remove('cd-grid__scroll--dragging');
      if (dragging) {
        const swallow = (ev: MouseEvent) => {
          ev.stopPropagation();
          ev.preventDefault();
        };
        window.addEventListener('click', swallow, { capture: true, once: true });
        // a drag ending outside the grid produces no click: drop the listener on the next tick
        setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      }
      dragging = false;
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || e.pointerType !== 'mouse') return;
      const t = e.target as Element;
      if (t.closest(INTERACTIVE) || t.closest('.cd-grid__header')) return;
      startX = e.clientX;
      startLeft = el.scrollLeft;
      dragging = false;
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    };
    el.addEventListener('pointerdown', down);
    return () => {
      el.removeEventListener('pointerdown', down);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [ref, enabled]);
}
