/**
 * The grid's virtualizers learn the size of their scroll box from a ResizeObserver's reports only.
 * @tanstack/virtual-core's own observeElementRect also reads clientWidth/clientHeight when it starts,
 * inside React's commit, and that read forces the page's first layout there: on a cold start the
 * longest main-thread task (docs/benchmarks.md, "First sync on /home at 4× CPU"). Until the first
 * report the virtualizers assume the window's size (`windowRect`, no layout needed), which is at
 * least the box's, so the first paint has every row and column in view; the report, after the
 * browser's own layout, only trims what lies beyond the box.
 */
import { elementScroll, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/** The window's inner size: an upper bound of the grid's box before it is laid out. */
export const windowRect = (): Rect =>
  typeof window === 'undefined'
    ? { width: 0, height: 0 }
    : { width: window.innerWidth, height: window.innerHeight };

export function observeRectAfterLayout<T extends Element>(
  instance: Virtualizer<T, Element>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const el = instance.scrollElement;
  if (!el) return undefined;
  const report = () => cb({ width: el.clientWidth, height: el.clientHeight });
  if (typeof ResizeObserver === 'undefined') {
    report();
    return undefined;
  }
  const ro = new ResizeObserver(report);
  ro.observe(el, { box: 'content-box' });
  return () => ro.disconnect();
}

const placed = new WeakMap<object, Element>();

/**
 * @tanstack/virtual-core scrolls a new scroll box to its initial offset when it first sees it, and
 * scrolling forces the same first layout inside the commit. A new box is at 0 already: that first
 * scroll to 0 is skipped; every later one (a page change, a key, a restored position) runs.
 */
export function scrollUnlessNew<T extends Element>(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<T, Element>,
): void {
  const el = instance.scrollElement;
  if (el && placed.get(instance) !== el) {
    placed.set(instance, el);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
