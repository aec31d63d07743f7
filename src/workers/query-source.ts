/**
 * Feeds the query engine from IndexedDB: the current country's creator blocks plus the
 * signed-in user's live outbox effects. It follows changes through Dexie live queries on the
 * block revision counter (reloading only blocks with a newer `rev`) and on the outbox
 * (re-applying effects to the rows they touch), so lists update without a reload.
 * `onChange` listeners hear about every change of the index once it is applied, so a screen asks
 * again exactly when the answer may differ (no timers, no stale re-reads).
 *
 * Reopening: reading and indexing 100k rows takes about a second, so the first pages of the
 * unfiltered orders the screen asked for are kept in `meta` (FIRST_PAGES) with a signature of the
 * data they came from (session, block count and newest block rev, outbox effects). On the next
 * start a query for one of them is answered from there while the blocks still load, but only
 * when the stored data has the same signature, i.e. the answer is the one the full index gives.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { CreatorRow } from '../../contract/sync.ts';
import { META, getMeta, setMeta, type LocalDB, type LocalSession } from '../db/db.ts';
import type { Effect, OutboxEntry } from '../db/outbox-types.ts';
import { applyCreatorEffect, liveEffects } from '../db/overlay.ts';
import { onPageApplied } from '../db/mirror-channel.ts';
import { CreatorIndex, normalise } from './query-engine.ts';
import { SORT_FIELDS, type CreatorQuery, type QueryResult } from './query-types.ts';

const WARM_AFTER_MS = 400;
/** meta key of the cached first pages (see the header). */
export const FIRST_PAGES = 'query_first_pages';
const FIRST_PAGES_MAX = 6;
const FIRST_PAGES_WRITE_MS = 300;

/** The outbox read in one transaction, numbered in the order the reads were opened (see `snapshot`). */
interface OutboxSnapshot {
  at: number;
  entries: OutboxEntry[];
}

interface FirstPages {
  country: string;
  sig: string;
  answers: Record<string, QueryResult>;
}

/** The cache key of a first page of an unfiltered query, or null when `q` is not one. */
export function firstPageKey(q: CreatorQuery): string | null {
  if (q.offset !== 0 || JSON.stringify(normalise(q)) !== '{}') return null;
  return JSON.stringify([q.field ?? null, q.sort ?? null, q.limit]);
}

export class CreatorSource {
  readonly index = new CreatorIndex();
  country = '';
  private base = new Map<number, CreatorRow>();
  private blockIds = new Map<number, number[]>();
  private lastRev = 0;
  private effects: Effect[] = [];
  /** The applied effects as JSON: an outbox report that changes none of them is skipped. */
  private effectsKey = '[]';
  /** Outbox snapshots taken, and the number of the one the effects come from. */
  private snapshots = 0;
  private effectsAt = 0;
  private subs: Subscription[] = [];
  /** Refreshes queued one after another (see `serial`), and the load they belong to. */
  private queue: Promise<void> = Promise.resolve();
  private generation = 0;
  private loading: Promise<void> = Promise.resolve();
  private listeners = new Set<(country: string) => void>();
  private warmTimer: ReturnType<typeof setTimeout> | undefined;
  private loaded = false;
  private early: Promise<FirstPages | null> = Promise.resolve(null);
  /** First-page queries asked since the load, newest last (what FIRST_PAGES keeps). */
  private asked: { key: string; q: CreatorQuery }[] = [];
  private writeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: LocalDB) {}

  /** Loads a country (if not loaded) and starts following changes. */
  async setCountry(country: string): Promise<void> {
    if (country === this.country) return this.loading;
    this.country = country;
    this.loaded = false;
    this.asked = [];
    // the small check first, so a cached first page is not queued behind the whole read
    this.early = this.readFirstPages(country).catch(() => null);
    this.loading = this.early.then(() => this.load(country));
    await this.loading;
  }

  /**
   * The answer to `q` while the country is still loading, when it is a first page stored by the
   * previous session over the same data (see the header); null otherwise.
   */
  async quickAnswer(country: string, q: CreatorQuery): Promise<QueryResult | null> {
    const key = firstPageKey(q);
    if (key === null || country !== this.country || this.loaded) return null;
    const fp = await this.early;
    return country === this.country && !this.loaded && fp ? (fp.answers[key] ?? null) : null;
  }

  /** Answers `q` from the loaded index and remembers first pages for the next start. */
  query(q: CreatorQuery): QueryResult {
    const res = this.index.query(q);
    const key = firstPageKey(q);
    if (key !== null && this.loaded) {
      this.asked = [...this.asked.filter((a) => a.key !== key), { key, q }].slice(-FIRST_PAGES_MAX);
      this.writeFirstPagesSoon();
    }
    return res;
  }

  /** What the stored rows of `country` look like, as far as the first pages depend on them. */
  private async signature(country: string, effectsJson: () => Promise<string>): Promise<string> {
    const range = this.db.creatorBlocks
      .where('[country+rev]')
      .between([country, -Infinity], [country, Infinity]);
    const [session, count, newest, effects] = await Promise.all([
      getMeta<LocalSession>(this.db, META.session),
      range.count(),
      range.clone().reverse().limit(1).keys(),
      effectsJson(),
    ]);
    return JSON.stringify([session?.userId, session?.workspaceId, count, newest[0] ?? null, effects]);
  }

  /** One read transaction (a consistent snapshot), its reads in parallel: it runs before the rows load. */
  private readFirstPages(country: string): Promise<FirstPages | null> {
    const { db } = this;
    return db.transaction('r', [db.meta, db.outbox, db.creatorBlocks], async () => {
      const [fp, sig] = await Promise.all([
        getMeta<FirstPages>(db, FIRST_PAGES),
        this.signature(country, async () => JSON.stringify(liveEffects(await this.entries(), 'creators'))),
      ]);
      return fp && fp.country === country && fp.sig === sig ? fp : null;
    });
  }

  /**
   * Stores the asked first pages, answered by the index now, under the signature of the data the
   * index holds (its block count and newest rev, its effects): a start over other data ignores them.
   */
  private writeFirstPagesSoon(): void {
    clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => {
      if (!this.loaded || !this.asked.length) return;
      const country = this.country;
      const answers: Record<string, QueryResult> = {};
      for (const a of this.asked) answers[a.key] = this.index.query(a.q);
      const held = JSON.stringify([this.blockIds.size, [country, this.lastRev]]);
      const effects = this.effectsKey;
      void this.signature(country, () => Promise.resolve(effects))
        .then((sig) => {
          // the stored blocks must be exactly the ones the index holds
          const [, , count, newest] = JSON.parse(sig) as [unknown, unknown, number, unknown];
          if (JSON.stringify([count, newest]) !== held || country !== this.country) return;
          return setMeta(this.db, FIRST_PAGES, { country, sig, answers } satisfies FirstPages);
        })
        .catch(() => undefined);
    }, FIRST_PAGES_WRITE_MS);
  }

  ready(): Promise<void> {
    return this.loading;
  }

  /** Calls `fn(country)` after each change of the index's rows; returns the unsubscribe. */
  onChange(fn: (country: string) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private patched(upserts: CreatorRow[], removed: number[]): void {
    if (!upserts.length && !removed.length) return;
    this.index.patch(upserts, removed);
    for (const fn of this.listeners) fn(this.country);
    this.warmSoon();
    this.writeFirstPagesSoon();
  }

  /**
   * Once the rows have been quiet for a moment, builds the sort orders a rebuild dropped, one
   * column per task, so that a header click only walks an order (queries slip in between).
   */
  private warmSoon(): void {
    clearTimeout(this.warmTimer);
    const todo = SORT_FIELDS.filter((f) => f !== 'id'); // id order is always built
    const step = () => {
      const field = todo.shift();
      if (!field) return;
      this.index.permutation(field);
      this.warmTimer = setTimeout(step, 0);
    };
    this.warmTimer = setTimeout(step, WARM_AFTER_MS);
  }

  private async load(country: string): Promise<void> {
    this.close();
    // The outbox is followed from the start: an edit queued while the rows load (the page is
    // usable early thanks to the stored first pages) is applied right after them, before the
    // page's next query can be answered without it.
    let ready = false;
    let early: OutboxSnapshot | null = null;
    this.subs.push(
      liveQuery(() => this.snapshot()).subscribe((snap) => {
        if (ready) void this.serial(() => this.refreshEffects(snap));
        else early = snap;
      }),
    );
    const blocks = await this.db.creatorBlocks
      .where('[country+rev]')
      .between([country, -Infinity], [country, Infinity])
      .toArray();
    blocks.sort((a, b) => a.block - b.block);
    this.base = new Map();
    this.blockIds = new Map();
    this.lastRev = 0;
    for (const b of blocks) {
      this.lastRev = Math.max(this.lastRev, b.rev);
      this.blockIds.set(
        b.block,
        b.rows.map((r) => r.id),
      );
      for (const r of b.rows) this.base.set(r.id, r);
    }
    const used = early ?? (await this.snapshot());
    this.effects = liveEffects(used.entries, 'creators');
    this.effectsKey = JSON.stringify(this.effects);
    this.effectsAt = used.at;
    const rows: CreatorRow[] = [];
    for (const r of this.base.values()) {
      const e = this.effective(r);
      if (e) rows.push(e);
    }
    this.index.setRows(rows);
    this.loaded = true;
    ready = true;
    // a newer outbox state that arrived while `used` was read
    const latest = early as OutboxSnapshot | null;
    if (latest && latest !== used) void this.serial(() => this.refreshEffects(latest));
    for (const fn of this.listeners) fn(country);
    this.warmSoon();
    this.subs.push(
      liveQuery(() => getMeta<number>(this.db, META.rev)).subscribe(
        () => void this.serial(() => this.refreshBlocks()),
      ),
    );
    // A pull's pages come without Dexie's broadcast (mirror.ts, quiet): the sync worker says so
    // here, once per page. A page that lands while a refresh waits is read by that refresh.
    let waiting = false;
    const unsubscribe = onPageApplied(this.db.name, (msg) => {
      if (waiting || !msg.countries.includes(this.country)) return;
      waiting = true;
      void this.serial(() => {
        waiting = false;
        return this.refreshBlocks();
      });
    });
    this.subs.push({ unsubscribe, closed: false } as Subscription);
  }

  close(): void {
    this.generation++;
    clearTimeout(this.warmTimer);
    clearTimeout(this.writeTimer);
    this.subs.forEach((s) => s.unsubscribe());
    this.subs = [];
  }

  /**
   * The outbox in one read transaction, numbered when it opens. IndexedDB runs transactions in the
   * order they were opened (a write opened in between waits for the earlier read and goes before
   * the later one), so a higher number never holds older data than a lower one.
   */
  private snapshot(): Promise<OutboxSnapshot> {
    const { db } = this;
    return db.transaction('r', [db.meta, db.outbox], async () => {
      const at = ++this.snapshots;
      return { at, entries: await this.entries() };
    });
  }

  private async entries(): Promise<OutboxEntry[]> {
    const s = await getMeta<LocalSession>(this.db, META.session);
    if (!s) return [];
    return this.db.outbox.where('[userId+workspaceId]').equals([s.userId, s.workspaceId]).sortBy('seq');
  }

  private effective(row: CreatorRow): CreatorRow | undefined {
    let r: CreatorRow | undefined = row;
    for (const fx of this.effects) {
      if (!r) break;
      if ('ids' in fx && fx.ids.includes(row.id)) r = applyCreatorEffect(r, fx);
    }
    return r;
  }

  private async refreshBlocks(): Promise<void> {
    const country = this.country;
    const blocks = await this.db.creatorBlocks
      .where('[country+rev]')
      .between([country, this.lastRev + 1], [country, Infinity])
      .toArray();
    if (country !== this.country) return;
    const upserts: CreatorRow[] = [];
    const removed: number[] = [];
    for (const b of blocks) {
      this.lastRev = Math.max(this.lastRev, b.rev);
      const now = new Set(b.rows.map((r) => r.id));
      for (const id of this.blockIds.get(b.block) ?? []) {
        if (!now.has(id)) {
          removed.push(id);
          this.base.delete(id);
        }
      }
      this.blockIds.set(b.block, [...now]);
      for (const r of b.rows) {
        this.base.set(r.id, r);
        const e = this.effective(r);
        if (e) upserts.push(e);
        else removed.push(r.id);
      }
    }
    // Blocks emptied entirely are deleted, not rewritten: drop ids of blocks that vanished.
    const alive = new Set(blocks.map((b) => b.block));
    const stored = await this.db.creatorBlocks
      .where('[country+rev]')
      .between([country, -Infinity], [country, Infinity])
      .primaryKeys();
    const present = new Set(stored.map((k) => k[1]));
    for (const [block, ids] of this.blockIds) {
      if (alive.has(block) || present.has(block)) continue;
      removed.push(...ids);
      ids.forEach((id) => this.base.delete(id));
      this.blockIds.delete(block);
    }
    this.patched(upserts, removed);
  }

  /**
   * Block and outbox refreshes run one at a time, in order. Sync writes the pulled rows before it
   * drops the outbox entries they settle, but the two live queries may report in either order: an
   * outbox refresh therefore reads newer blocks first, or a dropped entry would briefly show the
   * old row (a bulk edit flashing back to its previous value).
   */
  private serial(step: () => Promise<void>): Promise<void> {
    const gen = this.generation;
    // a step queued for a country that has since been closed does nothing
    const guarded = () => (gen === this.generation ? step() : Promise.resolve());
    const run = this.queue.then(guarded, guarded);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies the outbox as it is now, without waiting for its live query to report: once this
   * resolves, every later answer includes the entries written before the call (an action's edit
   * never shows on a page and then vanishes while the report is on its way).
   */
  async applyOutbox(): Promise<void> {
    await this.loading;
    await this.serial(async () => this.refreshEffects(await this.snapshot()));
  }

  private async refreshEffects(snap: OutboxSnapshot): Promise<void> {
    await this.refreshBlocks();
    // The live query's report of a read opened before the one applied (applyOutbox's) would put
    // an older outbox back: an edit would vanish and return.
    if (snap.at < this.effectsAt) return;
    this.effectsAt = snap.at;
    const next = liveEffects(snap.entries, 'creators');
    const key = JSON.stringify(next);
    if (key === this.effectsKey) return; // e.g. applyOutbox, then the live query's report of it
    this.effectsKey = key;
    const touched = new Set<number>();
    for (const fx of [...this.effects, ...next]) if ('ids' in fx) fx.ids.forEach((id) => touched.add(id));
    this.effects = next;
    const upserts: CreatorRow[] = [];
    const removed: number[] = [];
    for (const id of touched) {
      const b = this.base.get(id);
      if (!b) continue;
      const e = this.effective(b);
      if (e) upserts.push(e);
      else removed.push(id);
    }
    this.patched(upserts, removed);
  }
}
