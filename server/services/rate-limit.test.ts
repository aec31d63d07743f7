import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { now } from '../db/versioning.ts';
import { backoffWait, clearHits, countHits, loginBackoff, retryAfter } from './rate-limit.ts';
import { limitGuard, reserve } from './rate-reservation.ts';

describeEngines('rate limits in the database', (t) => {
  it('allows max events in the window, then answers 40029 with the wait', async () => {
    const db = t().database.db;
    const limit = { key: 'test:a', max: 3, windowSeconds: 60 };
    const guards = [limitGuard(limit, 'too_many_requests')];
    for (let i = 0; i < 3; i++) await reserve(db, guards);
    expect(await countHits(db, limit.key, now() - 60)).toBe(3);
    const err = await reserve(db, guards).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 40029, msgKey: 'too_many_requests' });
    expect((err as { params: { seconds: number } }).params.seconds).toBeGreaterThan(55);
    await clearHits(db, limit.key);
    expect(await retryAfter(db, limit)).toBe(0);
  });

  it('forgets events older than the window, and waits only until the max-th newest leaves it', async () => {
    const db = t().database.db;
    const t0 = now();
    const key = 'test:b';
    await db
      .insertInto('rate_events')
      .values([
        { key, created_at: t0 - 500 },
        { key, created_at: t0 - 50 },
        { key, created_at: t0 - 10 },
      ])
      .execute();
    const limit = { key, max: 2, windowSeconds: 100 };
    // Two events in the window: the older of them (t0-50) leaves it in 50 s, counted from the
    // clock second the call reads (it may have ticked since t0 on a busy machine: then 49).
    const wait = await retryAfter(db, limit);
    const ticked = now() - t0;
    expect(wait).toBeLessThanOrEqual(50);
    expect(wait).toBeGreaterThanOrEqual(50 - ticked);
    expect(await retryAfter(db, { ...limit, max: 3 })).toBe(0);
  });

  it('backs off after 5 failures: 30 s doubling per failure up to 15 min, counted from the latest', async () => {
    const db = t().database.db;
    const b = loginBackoff('user:42', '10.1.1.1');
    expect(b.key).toBe('login_fail:acct_ip:user:42:10.1.1.1');
    const t0 = now();
    /** n failures, the latest `lastAgo` s before t0: the wait must be `expected` s counted from t0. */
    const expectWait = async (n: number, expected: number, lastAgo = 0) => {
      await clearHits(db, b.key);
      await db
        .insertInto('rate_events')
        .values(Array.from({ length: n }, (_, i) => ({ key: b.key, created_at: t0 - lastAgo - (n - 1 - i) })))
        .execute();
      // backoffWait reads the clock once, between `before` and `after`; the clock may tick
      // between t0 and then, so the wait it answers is shorter by exactly those seconds.
      const before = now();
      const w = await backoffWait(db, b);
      const after = now();
      if (expected === 0) return expect(w, `${n} failures`).toBe(0);
      expect(w + (before - t0), `${n} failures`).toBeLessThanOrEqual(expected);
      expect(w + (after - t0), `${n} failures`).toBeGreaterThanOrEqual(expected);
    };
    await expectWait(4, 0);
    await expectWait(5, 30);
    await expectWait(6, 60);
    await expectWait(8, 240);
    await expectWait(20, 900);
    await expectWait(6, 10, 50); // 60 s after a failure 50 s ago
    await expectWait(6, 0, 3600); // the window forgot them
    // Another address of the same account is a different key: no wait there.
    expect(await backoffWait(db, loginBackoff('user:42', '10.1.1.2'))).toBe(0);
  });

  it('holds across two server processes sharing one database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-rl-'));
    const url = t().config.databaseUrl;
    const open = () => openDatabase({ dataDir: dir, databaseUrl: url });
    const [a, b] = [open(), open()];
    try {
      await migrate(a.db);
      const config = { ...t().config, dataDir: dir, filesDir: path.join(dir, 'files') };
      const [appA, appB] = [await buildApp({ config, database: a }), await buildApp({ config, database: b })];
      const send = (app: typeof appA) =>
        app.inject({
          method: 'POST',
          url: '/api/v0.1/common/sms',
          payload: 'phone=13811112222',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      expect((await send(appA)).json().code).toBe(200);
      expect((await send(appB)).json().code).toBe(40029);
      await appA.close();
      await appB.close();
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
