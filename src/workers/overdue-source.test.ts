/**
 * The query worker's "Samples without content" read from IndexedDB: nothing before a first sync,
 * the overdue sample once a page lands, gone when a later page moves it on or deletes its plan, and
 * left out as soon as the user's unsent stage change is in the outbox.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { shopDayStart } from '../../contract/shop-time.ts';
import { applyPage } from '../db/mirror.ts';
import { creator, freshDb, page } from '../db/test-db.ts';
import type { OutboxEntry } from '../db/outbox-types.ts';
import { readOverdueMirror, watchOverdue, type OverdueUpdate } from './overdue-source.ts';
import { overdueFromMirror } from './overdue-samples.ts';

const SHIPPED = shopDayStart('2026-01-30', 'US') + 3600;
const plan = {
  id: 7,
  version: 1,
  name: 'Spring',
  country: 'US',
  product_ids: '3',
  sample_cost: 12.5,
  shipping_cost: 4,
  post_within_days: 3,
  chat_template_id: 0,
};
const sample = {
  id: 70,
  version: 1,
  plan_id: 7,
  creator_id: 5,
  stage: 'shipped' as const,
  sample_time: SHIPPED,
};

it('reads the overdue sample from the mirror and follows pages and the outbox', async () => {
  const db = await freshDb();
  const updates: OverdueUpdate[] = [];
  const stop = watchOverdue(db, (u) => updates.push(u));
  await expect.poll(() => updates.length).toBeGreaterThan(0);
  expect(updates.at(-1)).toMatchObject({ synced: false, total: 0 });

  await applyPage(
    db,
    page({
      changes: {
        creators: [creator(5, { unique_id: 'sam' })],
        plans: [plan],
        plan_creators: [sample],
        products: [{ id: 3, version: 1, product_id: '1729000000000000003', product_title: 'Lamp' }],
      },
    }),
  );
  await expect.poll(() => updates.at(-1)?.total).toBe(1);
  expect(updates.at(-1)!.synced).toBe(true);
  expect(updates.at(-1)!.rows[0]).toMatchObject({
    handle: 'sam',
    sample_cost: 16.5,
    post_by: '2026-02-02',
    products: [{ product_id: '1729000000000000003', title: 'Lamp' }],
  });
  // At a fixed moment: the first day after the post-by day counts one day overdue.
  const { mirror } = await readOverdueMirror(db);
  expect(overdueFromMirror(mirror, shopDayStart('2026-02-03', 'US') + 60).rows[0]!.days_overdue).toBe(1);
  expect(overdueFromMirror(mirror, shopDayStart('2026-02-03', 'US') - 60).total).toBe(0);

  // An unsent move to "content posted" takes the sample off at once.
  const entry = {
    method: 'PUT',
    path: '/plan/creator.stage',
    body: {},
    idempotencyKey: 'k1',
    createdAt: SHIPPED,
    attempts: 0,
    userId: 1,
    workspaceId: 10,
    state: 'pending',
    effect: {
      table: 'plan_creators',
      kind: 'members',
      op: 'stage',
      plan_id: 7,
      creator_ids: [5],
      stage: 'posted',
      time: SHIPPED,
    },
  } as unknown as OutboxEntry;
  const seq = await db.outbox.add(entry);
  await expect.poll(() => updates.at(-1)?.total).toBe(0);
  await db.outbox.delete(seq);
  await expect.poll(() => updates.at(-1)?.total).toBe(1);

  // A later page deletes the plan: the sample leaves the list.
  await applyPage(db, page({ deletes: { plans: [7] }, cursor: 'c2' }));
  await expect.poll(() => updates.at(-1)?.total).toBe(0);
  stop();
  db.close();
});
