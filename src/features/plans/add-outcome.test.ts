/**
 * "Add to plan" says what the server did, once it has accepted the change: never "Added" for a
 * selection half of which was in the plan already, and nothing done before the answer.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { META, setMeta } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { markAcked, markFailed } from '../../db/outbox.ts';
import { toastQueue } from '../../ui/toast-queue.ts';
import { addToPlan } from './plan-actions.ts';

const plan = { id: 7, version: 1, name: 'Spring cats', country: 'US' } as RowOf<'plans'>;
const said = () => toastQueue.visibleToasts.map((t) => `${t.content.tone}: ${t.content.message}`);

describe('adding creators to a plan', () => {
  beforeEach(async () => {
    await localDb.outbox.clear();
    await setMeta(localDb, META.session, { userId: 1, workspaceId: 10 });
    for (const t of toastQueue.visibleToasts) toastQueue.close(t.key);
  });

  it('says "2 added, 2 already there" from the server\'s answer, and nothing before it', async () => {
    expect(await addToPlan(plan, [1, 2, 3, 4])).toBe(true);
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({
      path: '/plan/creator.add',
      body: { plan_id: 7, creator_ids: [1, 2, 3, 4] },
    });
    // Not accepted yet: no success of any kind.
    await new Promise((r) => setTimeout(r, 50));
    expect(said().filter((s) => s.startsWith('success'))).toEqual([]);
    await markAcked(localDb, entry!.seq!, Date.now(), {
      code: 200,
      msg: 'Added successfully',
      data: { plan_id: 7, changed: 2, skipped: 2, already: 2 },
    });
    await vi.waitFor(() =>
      expect(said()).toContain('success: 2 creators added to the plan · 2 were already in it'),
    );
  });

  it('counts only the parts the server accepted', async () => {
    const ids = Array.from({ length: 1500 }, (_, i) => i + 1);
    expect(await addToPlan(plan, ids)).toBe(true);
    const [first, second] = await localDb.outbox.orderBy('seq').toArray();
    expect([first!.body.creator_ids, second!.body.creator_ids].map((x) => (x as number[]).length)).toEqual([
      1000, 500,
    ]);
    await markAcked(localDb, first!.seq!, Date.now(), {
      code: 200,
      msg: 'Added successfully',
      data: { plan_id: 7, changed: 999, skipped: 1, already: 1 },
    });
    await new Promise((r) => setTimeout(r, 50));
    // One part still on its way: nothing said yet.
    expect(said().filter((s) => s.startsWith('success'))).toEqual([]);
    await markFailed(localDb, second!.seq!, { code: 40009, msg: 'The plan is full' });
    await vi.waitFor(() =>
      expect(said()).toContain('success: 999 creators added to the plan · 1 was already in it'),
    );
  });
});
