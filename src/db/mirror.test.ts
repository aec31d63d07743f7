import 'fake-indexeddb/auto';
import Dexie, { liveQuery, type ObservabilitySet } from 'dexie';
import { describe, expect, it } from 'vitest';
import { BLOCK_SIZE, META, getMeta } from './db.ts';
import { applyPage, loadCountry } from './mirror.ts';
import { creator, freshDb, page } from './test-db.ts';

describe('merging pulled pages into the mirror', () => {
  it('stores creators in blocks by country and id and reads them back', async () => {
    const db = await freshDb();
    const rows = [1, 2, BLOCK_SIZE + 5, 3 * BLOCK_SIZE].map((id) => creator(id));
    rows.push(creator(7, { country: 'GB' }));
    await applyPage(db, page({ changes: { creators: rows }, cursor: 'k1' }));
    expect(await db.creatorBlocks.count()).toBe(4);
    expect((await loadCountry(db, 'US')).map((r) => r.id)).toEqual([1, 2, BLOCK_SIZE + 5, 3 * BLOCK_SIZE]);
    expect((await loadCountry(db, 'GB')).map((r) => r.id)).toEqual([7]);
    expect(await getMeta(db, META.cursor)).toBe('k1');
  });

  it('replaces a changed row, keeps its neighbours, and applies tombstones across countries', async () => {
    const db = await freshDb();
    await applyPage(
      db,
      page({ changes: { creators: [creator(1), creator(2), creator(3, { country: 'GB' })] } }),
    );
    await applyPage(
      db,
      page({
        changes: { creators: [creator(2, { is_chat: 1, version: 2 })] },
        deletes: { creators: [1, 3] },
      }),
    );
    const us = await loadCountry(db, 'US');
    expect(us).toHaveLength(1);
    expect(us[0]).toMatchObject({ id: 2, is_chat: 1, version: 2 });
    expect(await loadCountry(db, 'GB')).toEqual([]);
    // The emptied GB block is removed, not left as an empty record.
    expect(await db.creatorBlocks.count()).toBe(1);
  });

  it('bumps the revision of written blocks only', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1), creator(BLOCK_SIZE * 2)] } }));
    await applyPage(db, page({ changes: { creators: [creator(2)] } }));
    const blocks = await db.creatorBlocks.orderBy('[country+block]').toArray();
    expect(blocks.map((b) => [b.block, b.rev])).toEqual([
      [0, 2],
      [2, 1],
    ]);
  });

  it('announces a page as one change of the whole creator table; a live read of one block still follows it', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1)] } }));
    const block0: unknown[] = [];
    const sub = liveQuery(() => db.creatorBlocks.get(['US', 0])).subscribe((b) =>
      block0.push(b?.rows.find((r) => r.id === 1)?.follower_count),
    );
    const announced: ObservabilitySet[] = [];
    const listen = (parts: ObservabilitySet) => void announced.push(parts);
    Dexie.on('storagemutated', listen);
    try {
      await expect.poll(() => block0.length).toBe(1);
      // 40 blocks written: without widening, ~40 keys for the table and for each of its indexes.
      const rows = Array.from({ length: 40 }, (_, i) => creator(1 + i * BLOCK_SIZE, { follower_count: 777 }));
      await applyPage(db, page({ changes: { creators: rows } }));
      await expect.poll(() => block0.at(-1)).toBe(777);
      const prefix = `idb://${db.name}/creatorBlocks/`;
      const mine = announced.flatMap((p) => Object.entries(p)).filter(([k]) => k.startsWith(prefix));
      expect(mine.length).toBeGreaterThan(0);
      for (const [, set] of mine) {
        const node = set as { from?: unknown; to?: unknown; l?: unknown; r?: unknown };
        expect({ from: node.from, to: node.to, l: node.l, r: node.r }).toEqual({
          from: Dexie.minKey,
          to: Dexie.maxKey,
          l: undefined,
          r: undefined,
        });
      }
    } finally {
      Dexie.on('storagemutated').unsubscribe(listen);
      sub.unsubscribe();
    }
  });

  it('upserts and deletes small tables', async () => {
    const db = await freshDb();
    const tag = (id: number, title: string) => ({ id, version: 1, country: 'US', title });
    await applyPage(db, page({ changes: { tags: [tag(1, 'a'), tag(2, 'b')] } }));
    await applyPage(db, page({ changes: { tags: [tag(2, 'B')] }, deletes: { tags: [1] } }));
    expect(await db.tags.toArray()).toEqual([tag(2, 'B')]);
  });

  it('drops the whole mirror on reset before applying the page', async () => {
    const db = await freshDb();
    await applyPage(
      db,
      page({ changes: { creators: [creator(1), creator(2)], tags: [{ id: 1, version: 1, country: 'US' }] } }),
    );
    await applyPage(db, page({ reset: true, changes: { creators: [creator(5)] }, cursor: 'fresh' }));
    expect((await loadCountry(db, 'US')).map((r) => r.id)).toEqual([5]);
    expect(await db.tags.count()).toBe(0);
    expect(await getMeta(db, META.cursor)).toBe('fresh');
  });

  it('applies several pages of one first sync as if they were one', async () => {
    const db = await freshDb();
    const all = Array.from({ length: 2500 }, (_, i) => creator(i + 1));
    for (let i = 0; i < all.length; i += 700) {
      await applyPage(db, page({ changes: { creators: all.slice(i, i + 700) }, cursor: `p${i}` }));
    }
    const back = await loadCountry(db, 'US');
    expect(back.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(await getMeta(db, META.cursor)).toBe('p2100');
  });
});
