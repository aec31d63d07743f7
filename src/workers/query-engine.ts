/**
 * The query worker's core: one country's creators in memory, answering filter + sort + page
 * with only the visible window and the total (the UI never receives the whole result).
 *
 * - Sorting uses permutations (Uint32Array of row indices in ascending order, ties by id)
 *   computed once per column and kept until rows change that column; descending walks it
 *   backwards. A sort change therefore costs a walk, not a sort.
 * - The last filter's match mask is cached, so paging and re-sorting reuse it.
 * - Name search is a substring test on one lower-cased string per row
 *   (unique_id, daren_name, nick_name), built once.
 */
import type { CreatorRow } from '../../contract/sync.ts';

export const SORT_FIELDS = [
  'id',
  'follower_count',
  'product_count',
  'gmv_t30',
  'video_count',
  'units_sold_t30',
  'video_publish_t30',
  'video_view_t30',
  'video_engagement_t30',
  'digg_count',
  'following_count',
  'heart',
  'heart_count',
  'video_last_time',
  'check_time',
  'nick_update_time',
  'add_time',
  'update_time',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface CreatorFilter {
  name?: string;
  /** Creators of a challenge, resolved by the caller (topic authors' unique_ids, D9). */
  uniqueIds?: string[];
  /** Rows having any of these tags. */
  tagIds?: number[];
  isChat?: 0 | 1;
  isInvitation?: 0 | 1;
  isBlack?: 0 | 1;
  /** add_time bounds in unix seconds, inclusive. */
  startTime?: number;
  endTime?: number;
}

export interface CreatorQuery extends CreatorFilter {
  field?: SortField;
  sort?: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface QueryResult {
  rows: CreatorRow[];
  total: number;
}

const num = (v: unknown): number => (typeof v === 'number' && !Number.isNaN(v) ? v : -Infinity);

export class CreatorIndex {
  private rows: CreatorRow[] = [];
  private hay: string[] = [];
  private perms = new Map<SortField, Uint32Array>();
  private maskKey = '';
  private mask: Uint8Array | null = null;
  private matches = 0;
  private byId = new Map<number, number>();

  constructor(rows: CreatorRow[] = []) {
    this.setRows(rows);
  }

  get size(): number {
    return this.rows.length;
  }

  setRows(rows: CreatorRow[]): void {
    this.rows = rows;
    this.hay = rows.map(hayOf);
    this.byId = new Map(rows.map((r, i) => [r.id, i]));
    this.perms.clear();
    this.maskKey = '';
  }

  /** Replaces or adds rows and removes ids; sort orders are recomputed lazily. */
  patch(upserts: readonly CreatorRow[], removeIds: readonly number[] = []): void {
    if (removeIds.length) {
      const gone = new Set(removeIds);
      this.setRows(this.rows.filter((r) => !gone.has(r.id)).map((r) => r));
    }
    for (const r of upserts) {
      const i = this.byId.get(r.id);
      if (i === undefined) {
        this.byId.set(r.id, this.rows.length);
        this.rows.push(r);
        this.hay.push(hayOf(r));
      } else {
        this.rows[i] = r;
        this.hay[i] = hayOf(r);
      }
    }
    if (upserts.length) {
      this.perms.clear();
      this.maskKey = '';
    }
  }

  row(id: number): CreatorRow | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.rows[i];
  }

  /** Builds the permutation of a column now (the worker warms common ones after loading). */
  permutation(field: SortField): Uint32Array {
    let p = this.perms.get(field);
    if (p) return p;
    const n = this.rows.length;
    const key = new Float64Array(n);
    const ids = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const r = this.rows[i] as CreatorRow;
      key[i] = num(r[field]);
      ids[i] = r.id;
    }
    p = new Uint32Array(n);
    for (let i = 0; i < n; i++) p[i] = i;
    p.sort((a, b) => key[a]! - key[b]! || ids[a]! - ids[b]!);
    this.perms.set(field, p);
    return p;
  }

  query(q: CreatorQuery): QueryResult {
    const mask = this.filter(q);
    const perm = this.permutation(q.field ?? 'id');
    const desc = (q.sort ?? 'desc') === 'desc';
    const n = perm.length;
    const out: CreatorRow[] = [];
    const end = q.offset + q.limit;
    let seen = 0;
    for (let k = 0; k < n && seen < end; k++) {
      const i = perm[desc ? n - 1 - k : k]!;
      if (mask && !mask[i]) continue;
      if (seen >= q.offset) out.push(this.rows[i]!);
      seen++;
    }
    return { rows: out, total: mask ? this.matches : n };
  }

  /** The match mask for the filter part of `q` (null: everything matches). */
  private filter(q: CreatorFilter): Uint8Array | null {
    const f = normalise(q);
    const key = JSON.stringify(f);
    if (key === '{}') return null;
    if (key === this.maskKey && this.mask) return this.mask;
    const n = this.rows.length;
    const mask = new Uint8Array(n);
    const tags = f.tagIds ? new Set(f.tagIds) : null;
    const uniq = f.uniqueIds ? new Set(f.uniqueIds) : null;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const r = this.rows[i]!;
      if (f.isChat !== undefined && r.is_chat !== f.isChat) continue;
      if (f.isInvitation !== undefined && r.is_invitation !== f.isInvitation) continue;
      if (f.isBlack !== undefined && r.is_black !== f.isBlack) continue;
      if (f.startTime !== undefined && r.add_time < f.startTime) continue;
      if (f.endTime !== undefined && r.add_time > f.endTime) continue;
      if (f.name !== undefined && !this.hay[i]!.includes(f.name)) continue;
      if (uniq && !uniq.has(r.unique_id)) continue;
      if (tags && !r.tags.some((t) => tags.has(t.tag_id))) continue;
      mask[i] = 1;
      count++;
    }
    this.mask = mask;
    this.maskKey = key;
    this.matches = count;
    return mask;
  }
}

function hayOf(r: CreatorRow): string {
  return `${r.unique_id}\u0001${r.daren_name}\u0001${r.nick_name}`.toLowerCase();
}

/** Drops empty parts so equal filters share one cached mask. */
function normalise(q: CreatorFilter): CreatorFilter {
  const f: CreatorFilter = {};
  const name = q.name?.trim().toLowerCase();
  if (name) f.name = name;
  if (q.uniqueIds) f.uniqueIds = q.uniqueIds;
  if (q.tagIds?.length) f.tagIds = q.tagIds;
  if (q.isChat !== undefined) f.isChat = q.isChat;
  if (q.isInvitation !== undefined) f.isInvitation = q.isInvitation;
  if (q.isBlack !== undefined) f.isBlack = q.isBlack;
  if (q.startTime !== undefined) f.startTime = q.startTime;
  if (q.endTime !== undefined) f.endTime = q.endTime;
  return f;
}
