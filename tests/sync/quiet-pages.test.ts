/**
 * A pull's pages and the page's main thread: the pages with more to follow are written without
 * Dexie's change broadcast for the creator blocks and the sync bookkeeping, the query worker hears
 * of each through the mirror channel, and the live queries of a screen wake once, when the pull ends
 * (or stops early). Real server over HTTP, IndexedDB from fake-indexeddb; the engine and the live
 * queries share this process, as Dexie's broadcast reaches every context alike.
 */
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addCreators, signInDirect } from '../helpers/sync-fixtures.ts';
import { LocalDB, META, getMeta } from '../../src/db/db.ts';
import { loadCountry } from '../../src/db/mirror.ts';
import { onPageApplied } from '../../src/db/mirror-channel.ts';
import { SyncEngine } from '../../src/workers/sync-engine.ts';

let t: TestApp & { close(): Promise<void> };
let apiBase = '';

beforeAll(async () => {
  t = await createTestApp('sqlite');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiBase = `${address}/api/v0.1`;
});
afterAll(async () => t?.close());

/** How often each live query answered, and what it answered last. */
function watch(db: LocalDB) {
  const seen = { firstSync: 0, blocks: 0, rows: 0, complete: false };
  const subs = [
    liveQuery(() => getMeta<{ complete: boolean }>(db, META.firstSync)).subscribe((v) => {
      seen.firstSync++;
      seen.complete = Boolean(v?.complete);
    }),
    liveQuery(() => db.creatorBlocks.toArray()).subscribe((blocks) => {
      seen.blocks++;
      seen.rows = blocks.reduce((n, b) => n + b.rows.length, 0);
    }),
  ];
  return { seen, stop: () => subs.forEach((s) => s.unsubscribe()) };
}

function engineFor(db: LocalDB, failPull?: () => boolean) {
  let pulls = 0;
  const engine = new SyncEngine({
    db,
    fetch: async (input, init) => {
      if (String(input).endsWith('/sync/pull')) {
        pulls++;
        if (failPull?.()) throw new TypeError('Failed to fetch');
      }
      return fetch(input, init);
    },
    apiBase,
    pageLimit: 10,
    firstPageLimit: 10,
    periodMs: 3_600_000,
  });
  return { engine, pulls: () => pulls };
}

describe('first sync pages and live queries', () => {
  it('wakes a screen’s live queries on the blocks and the first-sync mark once, not per page; the channel hears every page', async () => {
    const a = await signInDirect(t.database.db);
    for (let i = 0; i < 6; i++) await addCreators(t.database.db, a.workspaceId, 10);
    const db = new LocalDB(`quiet-${Math.random()}`);
    const w = watch(db);
    const heard: string[][] = [];
    const off = onPageApplied(db.name, (msg) => heard.push(msg.countries));
    await expect.poll(() => w.seen.firstSync > 0 && w.seen.blocks > 0).toBe(true);
    const before = { ...w.seen };
    const { engine, pulls } = engineFor(db);
    await engine.start({ ...a, language: 'en-us' });
    expect(pulls()).toBeGreaterThanOrEqual(6);
    // Each live query answers on its own turn: the rows may arrive before the first-sync mark.
    await expect.poll(() => w.seen.rows).toBe(60);
    await expect.poll(() => w.seen.complete).toBe(true);
    // One answer for the whole pull (Dexie may split one change into two reports), not one per page.
    expect(w.seen.firstSync - before.firstSync).toBeLessThanOrEqual(2);
    expect(w.seen.blocks - before.blocks).toBeLessThanOrEqual(2);
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(6);
    expect(heard.every((c) => c.includes('US'))).toBe(true);
    engine.stop();
    off();
    w.stop();
  });

  it('announces the pages written so far when a pull stops early', async () => {
    const a = await signInDirect(t.database.db);
    for (let i = 0; i < 4; i++) await addCreators(t.database.db, a.workspaceId, 10);
    const db = new LocalDB(`quiet-${Math.random()}`);
    const w = watch(db);
    let n = 0;
    // From the third pull on the network is down: two pages are in, both written quietly.
    const { engine } = engineFor(db, () => ++n >= 3);
    await engine.start({ ...a, language: 'en-us' });
    expect(await loadCountry(db, 'US')).toHaveLength(20);
    await expect.poll(() => w.seen.rows).toBe(20);
    expect(w.seen.complete).toBe(false);
    engine.stop();
    w.stop();
  });
});
