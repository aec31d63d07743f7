import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../contract/sync.ts';
import { LocalDB, SCHEMA_VERSION } from './db.ts';

/** A device's database as an older app left it: versions 1-3 only, with rows in it. */
async function oldDevice(name: string): Promise<void> {
  const old = new Dexie(name);
  old.version(1).stores({
    creatorBlocks: '[country+block], block, [country+rev]',
    tags: 'id, country',
    chat_templates: 'id, country',
    products: 'id, country',
    topics: 'id, country',
    invitations: 'id, country, unique_id',
    blacklist: 'id, country, unique_id',
    outbox: '++seq, state, [userId+workspaceId]',
    meta: 'key',
  });
  old.version(2).stores({ notices: '++id, [userId+workspaceId], seq' });
  old.version(3).stores({
    creator_notes: 'id, creator_id',
    creator_followups: 'id, creator_id, due_date',
    creator_events: 'id, creator_id',
  });
  await old.open();
  await old.table('tags').put({ id: 1, version: 1, country: 'US', title: 'kept' });
  await old.table('creator_events').put({ id: 5, creator_id: 9, add_time: 1_700_000_000 });
  await old.table('meta').put({ key: 'cursor', value: 'c1' });
  old.close();
}

describe('the local database schema', () => {
  it('upgrades a device on an older version: rows kept, new tables and indexes there', async () => {
    const name = `upgrade-${Math.random().toString(36).slice(2)}`;
    await oldDevice(name);
    const db = new LocalDB(name);
    await db.open();
    expect(db.verno).toBe(SCHEMA_VERSION);
    expect(await db.tags.get(1)).toMatchObject({ title: 'kept' });
    expect(await db.meta.get('cursor')).toEqual({ key: 'cursor', value: 'c1' });
    // creator_events gained an add_time index in version 7; the tables of versions 4-8 exist.
    expect((await db.creator_events.where('add_time').above(0).toArray()).map((r) => r.id)).toEqual([5]);
    await db.creator_sales.put({ id: 1, version: 1, creator_id: 9 } as RowOf<'creator_sales'>);
    await db.plan_creators.put({ id: 2, version: 1, plan_id: 3 } as RowOf<'plan_creators'>);
    expect(await db.plan_creators.where('plan_id').equals(3).count()).toBe(1);
    expect(await db.creator_sales.where('creator_id').equals(9).count()).toBe(1);
    // Content records joined in version 10: a device of any older version gains the table.
    await db.contents.put({
      id: 4,
      version: 1,
      creator_id: 9,
      plan_id: 3,
      country: 'US',
      handle: 'anna',
    } as RowOf<'contents'>);
    expect(await db.contents.where('plan_id').equals(3).count()).toBe(1);
    // … and its [country+handle] index of version 11 (a creator's videos on their page).
    expect(await db.contents.where('[country+handle]').equals(['US', 'anna']).count()).toBe(1);
    // A plan's cost lines joined in version 12, read per plan.
    await db.plan_costs.put({ id: 4, version: 1, plan_id: 3 } as RowOf<'plan_costs'>);
    expect(await db.plan_costs.where('plan_id').equals(3).count()).toBe(1);
    db.close();
  });

  it('opens a fresh device with every table and index', async () => {
    const db = new LocalDB(`fresh-${Math.random().toString(36).slice(2)}`);
    await db.open();
    const tables = Object.fromEntries(
      db.tables.map((t) => [t.name, t.schema.indexes.map((i) => i.name).sort()]),
    );
    expect(tables).toMatchObject({
      creatorBlocks: ['[country+rev]', 'block'],
      creator_events: ['add_time', 'creator_id'],
      notices: ['[userId+workspaceId]', 'seq'],
      plan_creators: ['plan_id'],
      creator_sales: ['creator_id'],
      order_imports: [],
      contents: ['[country+handle]', 'creator_id', 'plan_id'],
      plan_costs: ['plan_id'],
    });
    expect(Object.keys(tables)).toHaveLength(22);
    db.close();
  });
});
