/**
 * Pure rules shared by the catalogue screens (tags, chat templates, products, topics): local
 * filtering, sorting and paging of the mirrored rows, the stable tag colour, and the chat
 * template variables. The lists are small and mirrored (D13), so all of this runs on local data.
 */
import type { SyncRow } from '../../../contract/sync.ts';

export interface TimeRange {
  startTime: number;
  endTime: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
const num = (v: unknown): number => (typeof v === 'number' && !Number.isNaN(v) ? v : -Infinity);

/** Case-insensitive substring match; an empty needle matches everything. */
export function contains(value: unknown, needle: string): boolean {
  const n = needle.trim().toLowerCase();
  return n === '' || text(value).toLowerCase().includes(n);
}

/** Rows whose `add_time` lies in the range (inclusive); no range keeps all rows. */
export function inRange(row: SyncRow, range: TimeRange | null): boolean {
  if (!range) return true;
  const t = num(row.add_time);
  return t >= range.startTime && t <= range.endTime;
}

export type SortDir = 'ascending' | 'descending';

/** A copy sorted by one column; rows without the value go last either way; ties by id desc. */
export function sortRows<R extends SyncRow>(rows: readonly R[], field: string, dir: SortDir): R[] {
  const sign = dir === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[field];
    const y = b[field];
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

/** A row added offline carries a negative temporary id until the server's copy arrives. */
export const isPending = (row: SyncRow): boolean => row.id < 0;

/** The variables a chat template may hold. */
export const TEMPLATE_VARS = ['creator_name', 'product_id', 'seller_name'] as const;
export type TemplateVar = (typeof TEMPLATE_VARS)[number];
export type TemplateValues = Partial<Record<TemplateVar, string>>;

/**
 * Fills {creator_name}, {product_id} and {seller_name}. A variable without a value stays as
 * written, so the preview shows what is still missing; other braces are left alone.
 */
export function fillTemplate(content: string, values: TemplateValues): string {
  return content.replace(/\{(creator_name|product_id|seller_name)\}/g, (whole, name: TemplateVar) => {
    const v = values[name];
    return v ? v : whole;
  });
}

/** The variables a template uses, in order of first use. */
export function usedVars(content: string): TemplateVar[] {
  const out: TemplateVar[] = [];
  for (const match of content.matchAll(/\{(creator_name|product_id|seller_name)\}/g)) {
    const v = match[1] as TemplateVar;
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/**
 * Whether another row of the list already holds this value in `field` (the server's unique
 * rules: tag title, product id per country, exact match); checked locally so the user hears at
 * once, even offline, instead of later from the sync status.
 */
export function isDuplicate(
  rows: readonly SyncRow[] | undefined,
  field: string,
  value: string,
  exceptId?: number,
): boolean {
  return (rows ?? []).some((r) => r.id !== exceptId && r[field] === value);
}

/**
 * Hides a temporary row once the server's copy has arrived: between the pull that brings the
 * saved row and the outbox settling, both would show for a moment. Only for fields the server
 * keeps unique per country (tag title, product id, topic), so no real row is ever hidden.
 */
export function withoutArrivedTwins<R extends SyncRow>(rows: readonly R[], key: string): R[] {
  const saved = new Set(rows.filter((r) => !isPending(r)).map((r) => r[key]));
  return rows.filter((r) => !isPending(r) || !saved.has(r[key]));
}
