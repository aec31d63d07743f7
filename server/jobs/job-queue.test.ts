import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { claim, enqueue, fail, finish, heartbeat, LEASE_SECONDS, MAX_ATTEMPTS } from './job-queue.ts';

describeEngines('job queue', (t) => {
  it('hands every job to exactly one of several concurrent runners', async () => {
    const { db, engine } = t().database;
    const ids = new Set<number>();
    for (let i = 0; i < 30; i++)
      ids.add(await enqueue(db, { kind: 'race', workspaceId: 1, userId: null, payload: { i } }));
    const taken: number[] = [];
    const runner = async (name: string) => {
      for (;;) {
        const job = await claim(db, engine, ['race'], name);
        if (!job) return;
        taken.push(Number(job.id));
        await finish(db, job, { result: name }, name);
      }
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(runner));
    expect(taken.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
  });

  it('lets another runner take over a crashed job, and the crashed one cannot finish it', async () => {
    const { db, engine } = t().database;
    const id = await enqueue(db, { kind: 'crash', workspaceId: 1, userId: null, payload: {} });
    const first = await claim(db, engine, ['crash'], 'dead');
    expect(Number(first?.id)).toBe(id);
    expect(await claim(db, engine, ['crash'], 'alive')).toBeUndefined();
    await db
      .updateTable('jobs')
      .set({ heartbeat_at: Math.floor(Date.now() / 1000) - LEASE_SECONDS - 1 })
      .where('id', '=', id)
      .execute();
    const second = await claim(db, engine, ['crash'], 'alive');
    expect(Number(second?.id)).toBe(id);
    expect(await heartbeat(db, first!, 1, 1, 'dead')).toBe(false);
    expect(await finish(db, first!, {}, 'dead')).toBe(false);
    expect(await finish(db, second!, { result: 'ok' }, 'alive')).toBe(true);
  });

  it('gives up on a job after the last attempt', async () => {
    const { db, engine } = t().database;
    const id = await enqueue(db, { kind: 'flaky', workspaceId: 1, userId: null, payload: {} });
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const job = await claim(db, engine, ['flaky'], 'r');
      expect(Number(job?.id)).toBe(id);
      await fail(db, job!, `boom ${i}`, 'r');
    }
    expect(await claim(db, engine, ['flaky'], 'r')).toBeUndefined();
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.error).toBe(`boom ${MAX_ATTEMPTS}`);
  });
});
