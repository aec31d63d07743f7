/**
 * Pure rules shared by the catalogue screens (tags, chat templates, products, topics): local
 * filtering, sorting and paging of the mirrored rows, and the checks made before a write. The lists
 * are small and mirrored (docs/decisions/local-first-engine.md), so all of this runs on local data.
 */
import { isPending } from '../../db/temp-id.ts';

export interface TimeRange {
  startTime: number;
  endTime: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
/** Any mirrored row: these rules read a column named at run time (a sort field, a unique key). */
type Row = { id: number };
const get = (row: Row, field: string): unknown => (row as Record<string, unknown>)[field];
const num = (v: unknown): number => (typeof v === 'number' && !Number.isNaN(v) ? v : -Infinity);

/** Case-insensitive substring match; an empty needle matches everything. */
export function contains(value: unknown, needle: string): boolean {
  const n = needle.trim().toLowerCase();
  return n === '' || text(value).toLowerCase().includes(n);
}

/** Rows whose `add_time` lies in the range (inclusive); no range keeps all rows. */
export function inRange(row: { add_time: number }, range: TimeRange | null): boolean {
  if (!range) return true;
  const t = num(row.add_time);
  return t >= range.startTime && t <= range.endTime;
}

export type SortDir = 'ascending' | 'descending';

/** A copy sorted by one column; rows without the value go last either way; ties by id desc. */
export function sortRows<R extends Row>(rows: readonly R[], field: string, dir: SortDir): R[] {
  const sign = dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = get(a, field);
    const y = get(b, field);
    const xMissing = x == null;
    const yMissing = y == null;
    if (xMissing !== yMissing) return xMissing ? 1 : -1;
    let c = 0;
    if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else if (!xMissing) c = text(x).localeCompare(text(y));
    return c !== 0 ? sign * c : b.id - a.id;
  });
}

export function pageOf<R>(rows: readonly R[], page: number, size: number): R[] {
  const start = (Math.max(1, page) - 1) * size;
  return rows.slice(start, start + size);
}

/**
 * Whether another row of the list already holds this value in `field` (the server's unique
 * rules: tag title, product id per country, exact match); checked locally so the user hears at
 * once, even offline, instead of later from the sync status.
 */
export function isDuplicate(
  rows: readonly Row[] | undefined,
  field: string,
  value: string,
  exceptId?: number,
): boolean {
  return (rows ?? []).some((r) => r.id !== exceptId && get(r, field) === value);
}

/**
 * Hides a temporary row once the server's copy has arrived: between the pull that brings the
 * saved row and the outbox settling, both would show for a moment. Only for fields the server
 * keeps unique per country (tag title, product id, topic), so no real row is ever hidden.
 */
export function withoutArrivedTwins<R extends Row>(rows: readonly R[], key: string): R[] {
  const saved = new Set(rows.filter((r) => !isPending(r)).map((r) => get(r, key)));
  return rows.filter((r) => !isPending(r) || !saved.has(get(r, key)));
}
