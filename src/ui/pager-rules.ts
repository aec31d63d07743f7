/**
 * Pager arithmetic: page sizes, the 10000 cap outside all-mode,
 * digits-only jumps that land on the last page when they overshoot.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, PAGER_TOTAL_CAP } from '../../contract/constants.ts';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

/** The total the pager works with: capped at 10000 unless all-mode. */
export const pagerTotal = (total: number, allMode: boolean): number => {
  const t = Math.max(0, Math.floor(total || 0));
  return allMode ? t : Math.min(t, PAGER_TOTAL_CAP);
};

export const pageCount = (total: number, size: number): number =>
  Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));

export const clampPage = (page: number, count: number): number =>
  Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, count));

/** What the jump box keeps of typed text: digits only. */
export const digitsOnly = (text: string): string => text.replace(/\D+/g, '');

/** The page a jump lands on, or null when the box is empty. */
export function jumpTarget(text: string, count: number): number | null {
  const digits = digitsOnly(text);
  if (!digits) return null;
  return clampPage(Number(digits.slice(0, 12)), count);
}

export const isPageSize = (n: number): boolean => (PAGE_SIZES as readonly number[]).includes(n);

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Page buttons: first, last, and a window around the current page, with ellipses between. */
export function pageItems(current: number, count: number, around = 2): PageItem[] {
  if (count <= 2 * around + 5) return Array.from({ length: count }, (_, i) => i + 1);
  const lo = Math.max(2, Math.min(current - around, count - 2 * around - 1));
  const hi = Math.min(count - 1, Math.max(current + around, 2 * around + 2));
  const items: PageItem[] = [1];
  if (lo > 2) items.push('start-ellipsis');
  for (let p = lo; p <= hi; p++) items.push(p);
  if (hi < count - 1) items.push('end-ellipsis');
  items.push(count);
  return items;
}

/** After a page-size change keep the first visible row on screen. */
export const pageAfterSizeChange = (page: number, oldSize: number, newSize: number): number =>
  Math.floor(((page - 1) * oldSize) / newSize) + 1;
