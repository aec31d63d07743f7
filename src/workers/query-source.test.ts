import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { editCreators } from '../db/actions.ts';
import { BLOCK_SIZE, getMeta } from '../db/db.ts';
import { applyPage } from '../db/mirror.ts';
import { markFailed } from '../db/outbox.ts';
import { creator, freshDb, page } from '../db/test-db.ts';
import { CreatorSource, FIRST_PAGES, firstPageKey } from './query-source.ts';

async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('query source', () => {
  it("loads one country's blocks and follows pulled changes and tombstones", async () => {
    const db = await freshDb();
    await applyPage(
      db,
      page({ changes: { creators: [creator(1), creator(2), creator(3, { country: 'GB' })] } }),
    );
    const src = new CreatorSource(db);
    await src.setCountry('US');
    expect(src.index.size).toBe(2);

    await applyPage(
      db,
      page({
        changes: { creators: [creator(BLOCK_SIZE + 1), creator(2, { daren_name: 'Renamed' })] },
        deletes: { creators: [1] },
      }),
    );
    await until(() => src.index.size === 2 && src.index.row(BLOCK_SIZE + 1) !== undefined);
    expect(src.index.row(1)).toBeUndefined();
    expect(src.index.row(2)?.daren_name).toBe('Renamed');
    expect(src.index.query({ name: 'renamed', offset: 0, limit: 10 }).total).toBe(1);
    src.close();
  });

  it('drops the rows of a block emptied by tombstones', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1), creator(BLOCK_SIZE * 5)] } }));
    const src = new CreatorSource(db);
    await src.setCountry('US');
    await applyPage(db, page({ deletes: { creators: [BLOCK_SIZE * 5] } }));
    await until(() => src.index.size === 1);
    src.close();
  });

  it('shows local edits at once and drops them when the server rejects them', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1), creator(2)] } }));
    const src = new CreatorSource(db);
    await src.setCountry('US');
    const seq = await editCreators(db, 'US', [{ id: 2, unique_id: 'u2' }], { is_chat: 1 });
    await until(() => src.index.row(2)?.is_chat === 1);
    expect(src.index.query({ isChat: 1, offset: 0, limit: 10 }).rows.map((r) => r.id)).toEqual([2]);
    // A pull of the old server row keeps the pending edit on top.
    await applyPage(db, page({ changes: { creators: [creator(2, { version: 3 })] } }));
    await new Promise((r) => setTimeout(r, 50));
    expect(src.index.row(2)?.is_chat).toBe(1);
    await markFailed(db, seq, { code: 40001, msg: 'no' });
    await until(() => src.index.row(2)?.is_chat === 0);
    src.close();
  });

  it('applyOutbox puts an edit written just now in every later answer, and tells listeners once', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1), creator(2)] } }));
    const src = new CreatorSource(db);
    await src.setCountry('US');
    let told = 0;
    src.onChange(() => told++);
    await editCreators(db, 'US', [{ id: 1, unique_id: 'u1' }], { is_chat: 1 });
    await src.applyOutbox();
    // no waiting for the outbox's live query: the answer has the edit now
    expect(src.query({ isChat: 1, offset: 0, limit: 10 }).rows.map((r) => r.id)).toEqual([1]);
    expect(told).toBe(1);
    // the live query's own reports (of this outbox, or of one read before the edit) change nothing
    await new Promise((r) => setTimeout(r, 100));
    expect(told).toBe(1);
    expect(src.index.row(1)?.is_chat).toBe(1);
    src.close();
  });

  it('never goes back to an outbox read before the one applied', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1)] } }));
    const src = new CreatorSource(db);
    await src.setCountry('US');
    // the live query's report of a read opened before the edit, delivered after applyOutbox
    const internals = src as unknown as {
      snapshot(): Promise<unknown>;
      refreshEffects(snap: unknown): Promise<void>;
    };
    const before = await internals.snapshot();
    await editCreators(db, 'US', [{ id: 1, unique_id: 'u1' }], { is_chat: 1 });
    await src.applyOutbox();
    let told = 0;
    src.onChange(() => told++);
    await internals.refreshEffects(before);
    expect(src.index.row(1)?.is_chat).toBe(1);
    expect(told).toBe(0);
    src.close();
  });

  it('tells listeners after each change is in the index, and stops when unsubscribed', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1), creator(2)] } }));
    const src = new CreatorSource(db);
    // what a listener sees when it runs: the query answer at that moment
    const seen: string[] = [];
    const off = src.onChange((country) =>
      seen.push(`${country}:${src.index.query({ isChat: 1, offset: 0, limit: 10 }).total}`),
    );
    await src.setCountry('US');
    expect(seen).toEqual(['US:0']);
    await editCreators(db, 'US', [{ id: 2, unique_id: 'u2' }], { is_chat: 1 });
    await until(() => seen.length === 2);
    expect(seen[1]).toBe('US:1');
    await applyPage(db, page({ changes: { creators: [creator(3, { is_chat: 1 })] } }));
    await until(() => seen.length === 3);
    expect(seen[2]).toBe('US:2');
    off();
    await applyPage(db, page({ changes: { creators: [creator(4, { is_chat: 1 })] } }));
    await until(() => src.index.size === 4);
    expect(seen).toHaveLength(3);
    src.close();
  });

  it('answers a stored first page on the next start only while the data is the same', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [1, 2, 3, BLOCK_SIZE + 1].map((id) => creator(id)) } }));
    await editCreators(db, 'US', [{ id: 2, unique_id: 'u2' }], { is_chat: 1 });
    const first = { offset: 0, limit: 2 };
    const byFollowers = { field: 'follower_count' as const, sort: 'asc' as const, offset: 0, limit: 3 };
    expect(firstPageKey({ ...first, name: ' ' })).toBe(firstPageKey(first));
    expect(firstPageKey({ ...first, name: 'x' })).toBeNull();
    expect(firstPageKey({ ...first, offset: 2 })).toBeNull();

    const a = new CreatorSource(db);
    await a.setCountry('US');
    const want = [a.query(first), a.query(byFollowers)];
    await until(() => false, 800).catch(() => undefined); // the store waits 0.3 s after the last query
    a.close();
    expect(await getMeta(db, FIRST_PAGES)).toBeDefined();

    // next start: the stored answers, equal to the loaded index's, and nothing for other queries
    const b = new CreatorSource(db);
    const loading = b.setCountry('US');
    expect(await b.quickAnswer('US', first)).toEqual(want[0]);
    expect(await b.quickAnswer('US', byFollowers)).toEqual(want[1]);
    expect(await b.quickAnswer('US', { ...first, limit: 5 })).toBeNull();
    expect(await b.quickAnswer('US', { ...first, isChat: 1 })).toBeNull();
    await loading;
    expect(b.query(first)).toEqual(want[0]);
    expect(await b.quickAnswer('US', first)).toBeNull(); // loaded: the index answers
    b.close();

    // a pulled change or another outbox entry since: not used
    await applyPage(db, page({ changes: { creators: [creator(4)] } }));
    const c = new CreatorSource(db);
    const cLoading = c.setCountry('US');
    expect(await c.quickAnswer('US', first)).toBeNull();
    await cLoading;
    c.close();
    await editCreators(db, 'US', [{ id: 1, unique_id: 'u1' }], { is_chat: 1 });
    const d = new CreatorSource(db);
    const dLoading = d.setCountry('US');
    expect(await d.quickAnswer('US', first)).toBeNull();
    await dLoading;
    d.close();
  });
});
