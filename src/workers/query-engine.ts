/**
 * The query worker's core: one country's creators in memory, answering filter + sort + page
 * with only the visible window and the total (the UI never receives the whole result).
 *
 * - Sorting uses permutations (Uint32Array of row indices in ascending order, ties by id)
 *   computed once per column and kept until rows change that column; descending walks it
 *   backwards. A sort change therefore costs a walk, not a sort.
 * - The last filter's match mask is cached, so paging and re-sorting reuse it.
 * - Name search runs `indexOf` over one lower-cased text of every row's unique_id, daren_name and
 *   nick_name (rows separated by a character no search holds), built once and rebuilt only
 *   when a name changes: one native scan instead of a call per row.
 * - The filter is a few tight passes over typed columns (flags, add time, up to two tag ids per
 *   row inline, more in a side table), each narrowing one match mask.
 */
import type { CreatorRow } from '../../contract/sync.ts';
import type {
  CreatorFilter,
  CreatorQuery,
  FitAnswer,
  FitSpec,
  LookalikeAnswer,
  QueryResult,
  SortField,
} from './query-types.ts';
import type * as RankCode from './rank/rank.ts';
import type { LookalikeIndex } from './rank/similar.ts';

/** The ranking code (rank/rank.ts), passed in by whoever loaded it. */
export type Rank = typeof RankCode;

/** The creator fields lookalikes read: a change to one of them rebuilds the features. */
const LOOK_FIELDS = [
  'follower_count',
  'video_view_t30',
  'gmv_t30',
  'units_sold_t30',
  'video_publish_t30',
  'video_engagement_t30',
  'categorys',
] as const;

const num = (v: unknown): number => (typeof v === 'number' && !Number.isNaN(v) ? v : -Infinity);
const IDX_BITS = 2 ** 21; // row positions < 2M fit below the rank in one float64 key

export class CreatorIndex {
  private rows: CreatorRow[] = [];
  /** Every row's search text, joined by HAY_SEP; `hayStart[i]` is where row i's starts. */
  private hay = '';
  private hayStart = new Uint32Array(0);
  /** Rows whose search text changed since `hay` was built; rebuilt before the next name search. */
  private hayDirty = false;
  /** A row's tag count (0, 1, 2; 3 for more), its first two tag ids, the rest in `tagMore`. */
  private tagN = new Uint8Array(0);
  private tagA = new Int32Array(0);
  private tagB = new Int32Array(0);
  private tagMore = new Map<number, number[]>();
  // Filter columns as typed arrays: the filter loop never touches row objects for these.
  private chat = new Uint8Array(0);
  private inv = new Uint8Array(0);
  private black = new Uint8Array(0);
  private added = new Float64Array(0);
  /** Row positions in ascending id order: the tie-break of every sort. */
  private idOrder: Uint32Array = new Uint32Array(0);
  private perms = new Map<SortField, Uint32Array>();
  private maskKey = '';
  private mask: Uint8Array | null = null;
  private matches = 0;
  private byId = new Map<number, number>();
  /** Lookalike features of the rows, built on the first request and kept until they change. */
  private look: LookalikeIndex | null = null;
  private allowed: Uint8Array | null = null;
  private fitScratch = new Int32Array(0);
  private allowedKey = '';

  constructor(rows: CreatorRow[] = []) {
    this.setRows(rows);
  }

  get size(): number {
    return this.rows.length;
  }

  setRows(rows: CreatorRow[]): void {
    const n = rows.length;
    if (n >= IDX_BITS) throw new Error('too many rows for one index');
    // Our own array: a caller replacing its entries must not change what patch() compares against.
    this.rows = rows.slice();
    this.tagN = new Uint8Array(n);
    this.tagA = new Int32Array(n);
    this.tagB = new Int32Array(n);
    this.tagMore = new Map();
    this.chat = new Uint8Array(n);
    this.inv = new Uint8Array(n);
    this.black = new Uint8Array(n);
    this.added = new Float64Array(n);
    this.byId = new Map();
    for (let i = 0; i < n; i++) this.fill(i, rows[i]!);
    this.buildHay();
    this.idOrder = sortedPositions(Float64Array.from(rows, (r) => r.id));
    this.perms.clear();
    this.maskKey = '';
    this.allowed = null;
    this.look = null;
  }

  private buildHay(): void {
    const n = this.rows.length;
    const parts = new Array<string>(n);
    const start = new Uint32Array(n + 1);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const h = hayOf(this.rows[i]!);
      parts[i] = h;
      start[i] = at;
      at += h.length + 1;
    }
    start[n] = at;
    this.hay = parts.join(HAY_SEP) + HAY_SEP;
    this.hayStart = start;
    this.hayDirty = false;
  }

  private fill(i: number, r: CreatorRow): void {
    const tags = r.tags;
    this.tagN[i] = Math.min(tags.length, 3);
    this.tagA[i] = tags.length > 0 ? tags[0]!.tag_id : 0;
    this.tagB[i] = tags.length > 1 ? tags[1]!.tag_id : 0;
    if (tags.length > 2)
      this.tagMore.set(
        i,
        tags.slice(2).map((t) => t.tag_id),
      );
    else this.tagMore.delete(i);
    this.chat[i] = r.is_chat;
    this.inv[i] = r.is_invitation;
    this.black[i] = r.is_black;
    this.added[i] = r.add_time;
    this.byId.set(r.id, i);
  }

  /**
   * Replaces or adds rows and removes ids. Replacing rows in place keeps every sort order whose
   * column did not change (status and tag edits cost no re-sort); adding or removing rebuilds.
   */
  patch(upserts: readonly CreatorRow[], removeIds: readonly number[] = []): void {
    const added = upserts.filter((r) => !this.byId.has(r.id));
    if (removeIds.length || added.length) {
      const gone = new Set(removeIds);
      const next = new Map(upserts.map((r) => [r.id, r]));
      const rows = this.rows.filter((r) => !gone.has(r.id)).map((r) => next.get(r.id) ?? r);
      this.setRows(rows.concat(added.filter((r) => !gone.has(r.id))));
      return;
    }
    for (const r of upserts) {
      const i = this.byId.get(r.id)!;
      const old = this.rows[i]!;
      for (const f of this.perms.keys()) if (old[f] !== r[f]) this.perms.delete(f);
      if (LOOK_FIELDS.some((f) => old[f] !== r[f])) this.look = null;
      if (!this.hayDirty && hayOf(old) !== hayOf(r)) this.hayDirty = true;
      this.rows[i] = r;
      this.fill(i, r);
    }
    if (upserts.length) {
      this.maskKey = '';
      this.allowed = null;
    }
  }

  row(id: number): CreatorRow | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.rows[i];
  }

  /**
   * The ascending order of a column (ties by id), built with native float64 sorts instead of a
   * comparator: values become dense ranks, rank and id position pack into one number.
   */
  permutation(field: SortField): Uint32Array {
    let p = this.perms.get(field);
    if (p) return p;
    const n = this.rows.length;
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = num(this.rows[i]![field]);
    const uniq = dedupe(Float64Array.from(keys).sort());
    const packed = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const i = this.idOrder[k]!;
      packed[k] = rankOf(uniq, keys[i]!) * IDX_BITS + k;
    }
    packed.sort();
    p = new Uint32Array(n);
    for (let k = 0; k < n; k++) p[k] = this.idOrder[packed[k]! % IDX_BITS]!;
    this.perms.set(field, p);
    return p;
  }

  query(q: CreatorQuery): QueryResult {
    const mask = this.filter(q);
    const perm = q.field && q.field !== 'id' ? this.permutation(q.field) : this.idOrder;
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

  /**
   * The `k` creators most like the seeds among those the filter keeps, leaving out the
   * seeds, blacklisted creators and, when asked, creators already chatted with or invited; each with
   * its score and its three strongest reasons.
   */
  lookalikes(
    rank: Rank,
    seedIds: readonly number[],
    q: CreatorFilter,
    k: number,
    skipContacted: boolean,
    /** Keep only the first this many seeds found among the rows (best sellers of any country). */
    seedLimit = Infinity,
  ): LookalikeAnswer {
    const seeds = seedIds
      .map((id) => this.byId.get(id))
      .filter((i): i is number => i !== undefined)
      .slice(0, seedLimit);
    if (seeds.length === 0) return { seeds: 0, results: [] };
    this.look ??= rank.buildIndex(this.rows);
    const look = this.look;
    const seed = rank.seedOf(look, seeds);
    const allowed = this.allowedFor(q, skipContacted);
    const top = rank.topLookalikes(look, seed, k, { allowed });
    return {
      seeds: seeds.length,
      results: top.map((t) => ({
        row: this.rows[t.pos]!,
        score: t.score,
        reasons: rank.topReasons(look, seed, t.pos),
      })),
    };
  }

  /**
   * The `k` creators that fit a plan best, every part of each score named; `excludeIds`
   * (the plan's own creators), blacklisted creators and, when asked, contacted ones are left out.
   */
  fit(
    rank: Rank,
    spec: FitSpec,
    q: CreatorFilter,
    k: number,
    skipContacted: boolean,
    excludeIds: readonly number[],
  ): FitAnswer {
    this.look ??= rank.buildIndex(this.rows);
    const look = this.look;
    if (this.fitScratch.length !== look.n) this.fitScratch = new Int32Array(look.n);
    const ctx = rank.fitContext(look, spec, (id) => this.byId.get(id), this.fitScratch);
    const allowed = this.allowedFor(q, skipContacted);
    const excluded = new Set<number>();
    for (const id of excludeIds) {
      const pos = this.byId.get(id);
      if (pos !== undefined && allowed[pos]) excluded.add(pos);
    }
    let ranked = -excluded.size;
    for (let i = 0; i < allowed.length; i++) ranked += allowed[i]!;
    const top = rank.topFits(look, ctx, k, allowed, excluded);
    return {
      ranked,
      results: top.map((t) => ({
        row: this.rows[t.pos]!,
        score: t.score,
        parts: rank.fitParts(look, ctx, t.pos),
      })),
    };
  }

  /** Who may be a lookalike: the filter's matches, not blacklisted, not contacted when asked (kept per filter). */
  private allowedFor(q: CreatorFilter, skipContacted: boolean): Uint8Array {
    const mask = this.filter(q);
    const key = `${this.maskKey}|${String(skipContacted)}`;
    if (this.allowed && this.allowedKey === key) return this.allowed;
    const { black, chat, inv } = this;
    const n = this.rows.length;
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++)
      out[i] =
        (!mask || mask[i]) && black[i] !== 1 && !(skipContacted && (chat[i] === 1 || inv[i] === 1)) ? 1 : 0;
    this.allowed = out;
    this.allowedKey = key;
    return out;
  }

  /** The match mask for the filter part of `q` (null: everything matches). */
  private filter(q: CreatorFilter): Uint8Array | null {
    const f = normalise(q);
    const key = JSON.stringify(f);
    if (key === '{}') return null;
    if (key === this.maskKey && this.mask) return this.mask;
    const n = this.rows.length;
    const mask = new Uint8Array(n).fill(1);
    keepFlag(mask, this.chat, f.isChat);
    keepFlag(mask, this.inv, f.isInvitation);
    keepFlag(mask, this.black, f.isBlack);
    if (f.startTime !== undefined || f.endTime !== undefined) {
      const lo = f.startTime ?? -Infinity;
      const hi = f.endTime ?? Infinity;
      const added = this.added;
      for (let i = 0; i < n; i++) {
        const t = added[i]!;
        if (t < lo || t > hi) mask[i] = 0;
      }
    }
    if (f.tagIds) this.keepTags(mask, f.tagIds);
    if (f.name !== undefined) this.keepName(mask, f.name);
    if (f.uniqueIds) {
      const uniq = new Set(f.uniqueIds);
      for (let i = 0; i < n; i++) if (mask[i] && !uniq.has(this.rows[i]!.unique_id)) mask[i] = 0;
    }
    if (f.ids) {
      const only = new Set(f.ids);
      for (let i = 0; i < n; i++) if (mask[i] && !only.has(this.rows[i]!.id)) mask[i] = 0;
    }
    let count = 0;
    for (let i = 0; i < n; i++) count += mask[i]!;
    this.mask = mask;
    this.maskKey = key;
    this.matches = count;
    return mask;
  }

  /** Clears rows having none of `ids` among their tags. */
  private keepTags(mask: Uint8Array, ids: number[]): void {
    const { tagN, tagA, tagB } = this;
    const n = mask.length;
    const has = new Uint8Array(n);
    for (const t of ids)
      for (let i = 0; i < n; i++) {
        const k = tagN[i]!;
        if ((k > 0 && tagA[i] === t) || (k > 1 && tagB[i] === t)) has[i] = 1;
      }
    const wanted = new Set(ids);
    for (const [i, more] of this.tagMore) if (more.some((t) => wanted.has(t))) has[i] = 1;
    for (let i = 0; i < n; i++) if (!has[i]) mask[i] = 0;
  }

  /** Clears rows whose search text lacks `needle` (one indexOf scan over all rows' text). */
  private keepName(mask: Uint8Array, needle: string): void {
    if (this.hayDirty) this.buildHay();
    const { hay, hayStart } = this;
    const n = mask.length;
    const has = new Uint8Array(n);
    let row = 0;
    let at = hay.indexOf(needle);
    while (at !== -1) {
      while (hayStart[row + 1]! <= at) row++;
      has[row] = 1;
      at = hay.indexOf(needle, hayStart[row + 1]!);
    }
    for (let i = 0; i < n; i++) if (!has[i]) mask[i] = 0;
  }
}

/** Clears rows whose flag is not `want` (nothing when `want` is undefined). */
function keepFlag(mask: Uint8Array, flags: Uint8Array, want: 0 | 1 | undefined): void {
  if (want === undefined) return;
  for (let i = 0; i < mask.length; i++) if (flags[i] !== want) mask[i] = 0;
}

/** Positions 0..n-1 ordered by `keys` ascending (ties by position). */
function sortedPositions(keys: Float64Array): Uint32Array {
  const n = keys.length;
  const uniq = dedupe(Float64Array.from(keys).sort());
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = rankOf(uniq, keys[i]!) * IDX_BITS + i;
  packed.sort();
  const out = new Uint32Array(n);
  for (let k = 0; k < n; k++) out[k] = packed[k]! % IDX_BITS;
  return out;
}

function dedupe(sorted: Float64Array): Float64Array {
  let w = 0;
  for (let r = 0; r < sorted.length; r++)
    if (r === 0 || sorted[r] !== sorted[w - 1]) sorted[w++] = sorted[r]!;
  return sorted.subarray(0, w);
}

function rankOf(uniq: Float64Array, v: number): number {
  let lo = 0;
  let hi = uniq.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (uniq[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Separates rows in the search text; searches never hold it (normalise drops control characters). */
const HAY_SEP = '\u0002';

function hayOf(r: CreatorRow): string {
  return `${r.unique_id}\u0001${r.daren_name}\u0001${r.nick_name}`.toLowerCase();
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f]/g;

/** Drops empty parts so equal filters share one cached mask. */
export function normalise(q: CreatorFilter): CreatorFilter {
  const f: CreatorFilter = {};
  // Control characters never appear in a name; dropping them keeps a search inside one row's text.
  const name = q.name?.replace(CONTROL_CHARS, '').trim().toLowerCase();
  if (name) f.name = name;
  if (q.uniqueIds) f.uniqueIds = q.uniqueIds;
  if (q.tagIds?.length) f.tagIds = q.tagIds;
  if (q.isChat !== undefined) f.isChat = q.isChat;
  if (q.isInvitation !== undefined) f.isInvitation = q.isInvitation;
  if (q.isBlack !== undefined) f.isBlack = q.isBlack;
  if (q.startTime !== undefined) f.startTime = q.startTime;
  if (q.endTime !== undefined) f.endTime = q.endTime;
  if (q.ids) f.ids = q.ids;
  return f;
}
