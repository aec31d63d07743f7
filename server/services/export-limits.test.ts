/**
 * A member's export jobs are limited: at most EXPORTS_RUNNING_MAX queued or running at once and
 * EXPORTS_PER_HOUR started an hour, counted in the database so the limits hold under parallel
 * requests and across server processes. A refusal is 40029 with what to do next, in both
 * languages. Both engines; the two-process case on PostgreSQL (two connection pools, as two
 * server processes have), SQLite running one writer at a time in its one process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { EXPORTS_PER_HOUR, EXPORTS_RUNNING_MAX } from '../../contract/constants.ts';
import { createAccount } from '../db/account.repository.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { now } from '../db/versioning.ts';
import { authenticate } from './session.service.ts';
import { AppError } from '../domain/errors.ts';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { createPgDatabase } from '../../tests/helpers/pg-database.ts';
import { newSession } from '../../tests/reliability/accounts.ts';
import { createExport, EXPORT_KIND } from './export.service.ts';
import { LEASE_SECONDS, MAX_ATTEMPTS, RUNNER_ID } from '../jobs/job-queue.ts';

describeEngines('export limits', (t) => {
  const start = (who: SignedIn, language: 'en-us' | 'zh-cn' = 'en-us') =>
    t().call('POST', '/blogger/download', { type: 'blogger', country: 'US' }, { token: who.token, language });

  /** Jobs of `who` as another runner left them (the runner of this app never takes a live one). */
  async function seed(
    who: SignedIn,
    n: number,
    job: { status: 'running' | 'done'; ago?: number; beat?: number },
  ) {
    const t0 = now();
    await t()
      .database.db.insertInto('jobs')
      .values(
        Array.from({ length: n }, () => ({
          kind: EXPORT_KIND,
          workspace_id: who.workspaceId,
          user_id: who.userId,
          payload: JSON.stringify({ type: 'blogger', country: 'US', language: 'en-us', cap: 500 }),
          status: job.status,
          attempts: 1,
          claimed_by: 'another-process',
          heartbeat_at: t0 - (job.beat ?? 0),
          progress: 0,
          total: 0,
          created_at: t0 - (job.ago ?? 0),
          updated_at: t0,
        })),
      )
      .execute();
  }
  const jobsOf = async (who: SignedIn) =>
    (
      await t()
        .database.db.selectFrom('jobs')
        .select('id')
        .where('user_id', '=', who.userId)
        .where('kind', '=', EXPORT_KIND)
        .execute()
    ).length;

  it('refuses a start while 3 exports are running, saying what to do, in both languages', async () => {
    const seller = await t().signUp();
    await seed(seller, EXPORTS_RUNNING_MAX, { status: 'running' });
    // Finished ones and one stalled on its last attempt (never run again) hold no place.
    await seed(seller, 2, { status: 'done', ago: 7200 });
    await seed(seller, 1, { status: 'running', ago: 7200, beat: LEASE_SECONDS + 5 });
    await t()
      .database.db.updateTable('jobs')
      .set({ attempts: MAX_ATTEMPTS })
      .where('user_id', '=', seller.userId)
      .where('heartbeat_at', '<', now() - LEASE_SECONDS)
      .execute();
    expect(await start(seller)).toEqual({
      code: 40029,
      msg: 'You already have 3 exports in progress. Wait for one of them to finish, then start this one.',
      data: null,
    });
    expect((await start(seller, 'zh-cn')).msg).toBe(
      '您已有 3 个导出正在进行。请等其中一个完成后再开始这次导出。',
    );
    expect(await jobsOf(seller)).toBe(EXPORTS_RUNNING_MAX + 3);
    // Another member is not held back by this one's exports.
    const other = await t().signUp();
    expect((await start(other)).code).toBe(200);
    // One finishes: the next start is accepted.
    await t()
      .database.db.updateTable('jobs')
      .set({ status: 'done' })
      .where(
        'id',
        '=',
        (
          await t()
            .database.db.selectFrom('jobs')
            .select('id')
            .where('user_id', '=', seller.userId)
            .where('status', '=', 'running')
            .where('claimed_by', '=', 'another-process')
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect((await start(seller)).code).toBe(200);
  });

  it('caps starts at 30 an hour under parallel requests, with the wait in the message', async () => {
    const seller = await t().signUp();
    await seed(seller, EXPORTS_PER_HOUR - 3, { status: 'done', ago: 600 });
    // Finished jobs count toward the hour whatever this app's runner does meanwhile: exactly 3 fit.
    const answers = await Promise.all(Array.from({ length: 12 }, () => start(seller)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 40029)).toHaveLength(9);
    expect(await jobsOf(seller)).toBe(EXPORTS_PER_HOUR);
    // Once nothing runs, the hour is the limit that answers; the oldest start leaves it in 50 min.
    await t()
      .database.db.updateTable('jobs')
      .set({ status: 'done', claimed_by: RUNNER_ID })
      .where('user_id', '=', seller.userId)
      .execute();
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/blogger/download',
      headers: { token: seller.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'type=blogger&country=US&language=en-us',
    });
    expect(res.json()).toMatchObject({
      code: 40029,
      msg: 'You have started 30 exports in the last hour. Start the next one in 50 min.',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(2990);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3000);
    expect((await start(seller, 'zh-cn')).msg).toBe(
      '过去一小时内您已开始 30 个导出。请 50 分钟后再开始下一个。',
    );
  });

  /**
   * No server here (so no runner finishes a job meanwhile): 16 starts at once for one member, over
   * two connection pools on PostgreSQL as two server processes would send them. Exactly 3 queue.
   */
  it('holds 3 at once when parallel starts come through two processes', async () => {
    const engine = t().engine;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-export-limit-'));
    const pg = engine === 'postgres' ? await createPgDatabase('t_export_limit') : undefined;
    const open = () => openDatabase({ dataDir: dir, databaseUrl: pg?.url });
    const first = open();
    const dbs: Database[] = [first];
    try {
      await migrate(first.db);
      if (pg) dbs.push(open());
      const user = await createAccount(first.db, {
        phone: '13700000001',
        member_name: 'Parallel',
        password_hash: 'x',
        region: 'en-us',
      });
      const token = await newSession(first, user.id, user.workspace_id);
      const auth = await authenticate(first.db, token);
      // Every pool's connections open before the burst, so the starts overlap instead of queueing
      // behind connection set-up.
      await Promise.all(dbs.flatMap((d) => Array.from({ length: 8 }, () => sql`select 1`.execute(d.db))));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) =>
          dbs[i % dbs.length]!.db.transaction().execute((trx) =>
            createExport(trx, auth, { type: 'blogger', country: 'US', language: 'en-us' }),
          ),
        ),
      );
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(EXPORTS_RUNNING_MAX);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          code: 40029,
          msgKey: 'download_running_limit',
        });
      expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof AppError)).toBe(true);
      const queued = await first.db.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute();
      expect(queued).toHaveLength(EXPORTS_RUNNING_MAX);
    } finally {
      for (const d of dbs) await d.close();
      await pg?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
