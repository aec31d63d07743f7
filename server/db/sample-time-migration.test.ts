/**
 * Migration 0036 on plans made before it: a creator counts as sent samples when they are at
 * "shipped", or further on (or out of the path) with a history row of their move to "shipped" in
 * that plan; a creator an imported sale moved to "selling" has no such row and costs no sample. The
 * backfilled rows get a new version, so devices that mirrored them before read the new value.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

const T0 = 1_700_000_000;

async function seed(db: Kysely<any>) {
  const ws = await db
    .insertInto('workspaces')
    .values({ kind: 'personal', version_seq: 7, amateur_threshold: 10000, created_at: T0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const own = { workspace_id: ws.id, version: 7, deleted_at: null };
  const plan = await db
    .insertInto('plans')
    .values({ ...own, name: 'Spring: cats', country: 'US', user_id: 1, add_time: T0, update_time: T0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stages = {
    c_ship: 'shipped',
    c_posted: 'posted',
    c_sold: 'selling',
    c_dropped: 'dropped',
    c_early: 'invited',
  };
  for (const [i, [handle, stage]] of Object.entries(stages).entries()) {
    const c = await db
      .insertInto('creators')
      .values({ ...own, country: 'US', unique_id: handle, add_time: T0, update_time: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('plan_creators')
      .values({
        ...own,
        plan_id: plan.id,
        creator_id: c.id,
        stage,
        stage_time: T0 + 100 + i,
        user_id: 1,
        add_time: T0,
        update_time: T0,
      })
      .execute();
    // Posted and dropped went through "shipped" (a user's move); the sold one was moved by a sale.
    if (handle === 'c_posted' || handle === 'c_dropped' || handle === 'c_early')
      await db
        .insertInto('creator_events')
        .values({
          ...own,
          creator_id: c.id,
          kind: 'stage',
          detail: handle === 'c_early' ? 'shipped:Another plan' : 'shipped:Spring: cats',
          user_id: 1,
          user_name: 'Old',
          add_time: T0 + 50,
        })
        .execute();
  }
}

describeEngines(
  'migration 0036 on plan creators made before it',
  (t) => {
    it('records samples as sent for creators who were moved to shipped, and only them', async () => {
      const db = t().database.db;
      const rows = await db
        .selectFrom('plan_creators as pc')
        .innerJoin('creators as c', 'c.id', 'pc.creator_id')
        .select(['c.unique_id', 'pc.sample_time', 'pc.stage_time', 'pc.version'])
        .orderBy('c.unique_id')
        .execute();
      const of = (h: string) => rows.find((r) => r.unique_id === h)!;
      expect(Number(of('c_ship').sample_time)).toBe(Number(of('c_ship').stage_time));
      expect(Number(of('c_posted').sample_time)).toBe(T0 + 50);
      expect(Number(of('c_dropped').sample_time)).toBe(T0 + 50);
      expect(Number(of('c_sold').sample_time)).toBe(0);
      // A "shipped" row of another plan says nothing about this one.
      expect(Number(of('c_early').sample_time)).toBe(0);
      // Changed rows carry the workspace's next version; the others keep theirs.
      expect(rows.map((r) => [r.unique_id, Number(r.version)])).toEqual([
        ['c_dropped', 8],
        ['c_early', 7],
        ['c_posted', 8],
        ['c_ship', 8],
        ['c_sold', 7],
      ]);
      const ws = await db.selectFrom('workspaces').select('version_seq').executeTakeFirstOrThrow();
      expect(Number(ws.version_seq)).toBe(8);
    });
  },
  { upTo: '0034_extension', seed },
);
