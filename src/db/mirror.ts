/**
 * Writes pulled pages into the mirror. One Dexie transaction per page: the rows,
 * the tombstones and the new cursor land together, so an interrupted first sync resumes from the
 * last page written. `reset` drops the whole mirror first (the server said the cursor is void).
 */
import Dexie, { RangeSet, type Transaction } from 'dexie';
import type { CreatorRow, PullResponse, SyncRows } from '../../contract/sync.ts';
import {
  META,
  SMALL_TABLES,
  blockOf,
  getMeta,
  setMeta,
  type CreatorBlock,
  type LocalDB,
  type SmallTable,
} from './db.ts';

export interface ApplyResult {
  creatorsChanged: number;
  /** Countries whose blocks changed, for the query worker. */
  countries: string[];
}

/**
 * `quiet`: a page with more to follow in the same pull. Its creator blocks and bookkeeping
 * (META.rev, the cursor) are not announced through Dexie's change broadcast, which every tab's
 * main thread receives and checks against each of its live queries (during a first sync, once
 * per page); the sync engine tells the query worker through the mirror channel instead
 * (mirror-channel.ts) and announces them once when the pull ends (`announceMirror`). Small tables
 * (tags, plans, …) are announced as usual: screens read them.
 */
export async function applyPage(db: LocalDB, page: PullResponse, quiet = false): Promise<ApplyResult> {
  const tables = [db.creatorBlocks, db.meta, ...SMALL_TABLES.map((t) => db.small(t))];
  return db.transaction('rw', tables, async (tx) => {
    if (page.reset) await clearMirror(db);
    for (const t of SMALL_TABLES) await applyTable(db, page, t);
    const rev = ((await getMeta<number>(db, META.rev)) ?? 0) + 1;
    const countries = await mergeCreators(db, page.changes.creators, page.deletes.creators, rev);
    await setMeta(db, META.rev, rev);
    await setMeta(db, META.cursor, page.cursor);
    widenChanges(tx, db.creatorBlocks.name);
    if (quiet) unannounce(tx, [db.creatorBlocks.name, db.meta.name]);
    return { creatorsChanged: page.changes.creators.length + page.deletes.creators.length, countries };
  });
}

async function applyTable<T extends SmallTable>(db: LocalDB, page: PullResponse, t: T): Promise<void> {
  const rows: SyncRows[T][] = page.changes[t];
  if (rows.length) await db.small(t).bulkPut(rows);
  if (page.deletes[t].length) await db.small(t).bulkDelete(page.deletes[t]);
}

/**
 * Says "anything in `table` may have changed" instead of listing each written key and index
 * value. Dexie sends a transaction's changed keys to every tab and worker, and each live query
 * there merges them into the keys it has seen change (an interval tree) before checking whether
 * it cares: during a first sync that merge, for ~90 block keys per page and every live query of
 * the screen, was the main thread's largest cost. Nothing on a screen reads creator blocks by key
 * range (the query worker follows META.rev), so the coarse note only re-runs the rare query that
 * reads one block (a creator's page), once per pulled page.
 */
function widenChanges(tx: Transaction, table: string): void {
  const parts = (tx.idbtrans as IDBTransaction & { mutatedParts?: Record<string, RangeSet> }).mutatedParts;
  if (!parts) return;
  const prefix = `idb://${tx.db.name}/${table}/`;
  for (const key of Object.keys(parts)) {
    if (key.startsWith(prefix)) parts[key] = new RangeSet(Dexie.minKey, Dexie.maxKey);
  }
}

type ChangedParts = Record<string, RangeSet>;
const partsOf = (tx: Transaction) => tx.idbtrans as IDBTransaction & { mutatedParts?: ChangedParts };

/** Leaves `tables` out of the transaction's change broadcast (nothing at all when nothing else changed). */
export function unannounce(tx: Transaction, tables: readonly string[]): void {
  const idb = partsOf(tx);
  const parts = idb.mutatedParts;
  if (!parts) return;
  const prefixes = tables.map((t) => `idb://${tx.db.name}/${t}/`);
  for (const key of Object.keys(parts)) {
    if (prefixes.some((p) => key.startsWith(p))) delete parts[key];
  }
  // Dexie broadcasts when the transaction holds the property at all, even empty.
  if (Object.keys(parts).length === 0) delete idb.mutatedParts;
}

/**
 * Announces "anything in the creator blocks and meta may have changed" to every live query (this
 * context's and every other tab's and worker's): once at the end of a pull whose pages were written
 * quietly. A real transaction (META.rev written again, unchanged) with its change set widened to
 * both whole tables, so Dexie's own cache of live-query answers in this context drops them too.
 */
export async function announceMirror(db: LocalDB): Promise<void> {
  await db.transaction('rw', [db.creatorBlocks, db.meta], async (tx) => {
    await setMeta(db, META.rev, (await getMeta<number>(db, META.rev)) ?? 0);
    const idb = partsOf(tx);
    const parts: ChangedParts = idb.mutatedParts ?? {};
    for (const table of [db.creatorBlocks, db.meta]) {
      const { primKey, indexes } = table.schema;
      for (const index of ['', ':dels', primKey.name, ...indexes.map((i) => i.name)])
        parts[`idb://${db.name}/${table.name}/${index}`] = new RangeSet(Dexie.minKey, Dexie.maxKey);
    }
    idb.mutatedParts = parts;
  });
}

export async function clearMirror(db: LocalDB): Promise<void> {
  await db.creatorBlocks.clear();
  for (const t of SMALL_TABLES) await db.small(t).clear();
  await db.meta.delete(META.cursor);
}

const keyOf = (country: string, block: number): string => `${country}\u0000${block}`;

async function mergeCreators(
  db: LocalDB,
  changes: CreatorRow[],
  deletes: number[],
  rev: number,
): Promise<string[]> {
  if (changes.length === 0 && deletes.length === 0) return [];
  const touched = new Map<string, CreatorBlock>();

  // Blocks the tombstones may live in: every country's block with that number.
  const deleteBlocks = [...new Set(deletes.map(blockOf))];
  const gone = new Set(deletes);
  for (const b of await db.creatorBlocks.where('block').anyOf(deleteBlocks).toArray()) {
    touched.set(keyOf(b.country, b.block), b);
  }

  const wanted = new Map<string, [string, number]>();
  for (const c of changes) {
    const k = keyOf(c.country, blockOf(c.id));
    if (!touched.has(k)) wanted.set(k, [c.country, blockOf(c.id)]);
  }
  const keys = [...wanted.values()];
  const found = await db.creatorBlocks.bulkGet(keys);
  keys.forEach(([country, block], i) => {
    touched.set(keyOf(country, block), found[i] ?? { country, block, rev, rows: [] });
  });

  // Rows by id within each touched block; a changed row replaces the old copy.
  const maps = new Map<string, Map<number, CreatorRow>>();
  for (const [k, b] of touched) maps.set(k, new Map(b.rows.map((r) => [r.id, r])));
  for (const c of changes) maps.get(keyOf(c.country, blockOf(c.id)))!.set(c.id, c);
  const out: CreatorBlock[] = [];
  const emptied: [string, number][] = [];
  for (const [k, b] of touched) {
    const rows = [...maps.get(k)!.values()].filter((r) => !gone.has(r.id));
    if (rows.length === 0) emptied.push([b.country, b.block]);
    else out.push({ country: b.country, block: b.block, rev, rows });
  }
  if (out.length) await db.creatorBlocks.bulkPut(out);
  if (emptied.length) await db.creatorBlocks.bulkDelete(emptied);
  return [...new Set([...touched.values()].map((b) => b.country))];
}

/** All creators of a country from the mirror (no overlays), block by block. */
export async function loadCountry(db: LocalDB, country: string): Promise<CreatorRow[]> {
  const blocks = await db.creatorBlocks
    .where('[country+rev]')
    .between([country, -Infinity], [country, Infinity])
    .toArray();
  blocks.sort((a, b) => a.block - b.block);
  return blocks.flatMap((b) => b.rows);
}
