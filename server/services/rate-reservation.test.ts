/**
 * Reservations (rate-reservation.ts) in one process on each engine; across server processes:
 * tests/reliability/parallel-limits.test.ts.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { countHits, loginBackoff } from './rate-limit.ts';
import { AppError } from '../domain/errors.ts';
import { now } from '../db/versioning.ts';
import {
  backoffGuard,
  limitGuard,
  release,
  reserve,
  withReservation,
  type Guard,
} from './rate-reservation.ts';

const limit = (key: string, max: number) => ({ key, max, windowSeconds: 3600 });

describeEngines('reservations of guarded attempts', (t) => {
  it('holds a limit exactly under 200 parallel reservations', async () => {
    const db = t().database.db;
    const guards = [limitGuard(limit('res:a', 7), 'too_many_requests')];
    const settled = await Promise.allSettled(Array.from({ length: 200 }, () => reserve(db, guards)));
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(7);
    const refused = settled.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: 40029, msgKey: 'too_many_requests' });
    expect(await countHits(db, 'res:a', 0)).toBe(7);
  });

  it('counts under every key or none: a reached limit leaves the others untouched', async () => {
    const db = t().database.db;
    const open = limitGuard(limit('res:open', 100), 'too_many_requests');
    const full = limitGuard(limit('res:full', 1), 'too_many_requests');
    await reserve(db, [full]);
    await expect(reserve(db, [open, full])).rejects.toMatchObject({ code: 40029 });
    expect(await countHits(db, 'res:open', 0)).toBe(0);
  });

  it('release gives back exactly the events of its own reservation', async () => {
    const db = t().database.db;
    const guards = [limitGuard(limit('res:rel', 3), 'too_many_requests')];
    const first = await reserve(db, guards);
    const second = await reserve(db, guards);
    await release(db, first);
    expect(await countHits(db, 'res:rel', 0)).toBe(1);
    await release(db, second);
    expect(await countHits(db, 'res:rel', 0)).toBe(0);
  });

  it('keeps the attempt only when its outcome counts; a backoff allows its free failures in parallel', async () => {
    const db = t().database.db;
    const b = loginBackoff('user:7', '10.60.0.1');
    const guards = [backoffGuard(b, 'account_login_locked')];
    const wrong = new Error('wrong');
    const counts = (err: unknown) => err === wrong;
    await withReservation(db, guards, counts, async () => 'right');
    expect(await countHits(db, b.key, 0)).toBe(0);
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        withReservation(db, guards, counts, async () => {
          await new Promise((r) => setTimeout(r, 20)); // the slow check the reservation guards
          throw wrong;
        }),
      ),
    );
    const reasons = settled.map((s) => (s.status === 'rejected' ? s.reason : s.value));
    expect(reasons.filter((r) => r === wrong)).toHaveLength(b.free);
    expect(reasons.filter((r) => (r as { httpStatus?: number }).httpStatus === 429)).toHaveLength(
      20 - b.free,
    );
    expect(await countHits(db, b.key, 0)).toBe(b.free);
  });

  it('runs a step under the same lock: 30 parallel check-then-insert steps store one row', async () => {
    const db = t().database.db;
    const guards = [limitGuard(limit('res:step', 100), 'too_many_requests')];
    const phone = '13900000001';
    // "At most one code per phone", checked and written by the step the way an SMS send does.
    const step = {
      keys: [`res:phone:${phone}`],
      run: async (conn: typeof db) => {
        const had = await conn
          .selectFrom('sms_codes')
          .select('id')
          .where('phone', '=', phone)
          .executeTakeFirst();
        if (had) throw new AppError(40029, 'account_sms_wait', { seconds: 1 });
        const t0 = now();
        await conn
          .insertInto('sms_codes')
          .values({ phone, code: '123456', created_at: t0, expires_at: t0 + 300, used_at: null, ip: null })
          .execute();
        return 'stored';
      },
    };
    const settled = await Promise.allSettled(Array.from({ length: 30 }, () => reserve(db, guards, step)));
    const stored = settled.filter((s) => s.status === 'fulfilled');
    expect(stored).toHaveLength(1);
    expect((stored[0] as PromiseFulfilledResult<{ value: string }>).value.value).toBe('stored');
    const rows = await db.selectFrom('sms_codes').select('id').where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
    // A refused step counts nothing under the guards.
    expect(await countHits(db, 'res:step', 0)).toBe(1);
  });

  it("answers a guard's own refusal, and prunes the expired events of the keys it reserves", async () => {
    const db = t().database.db;
    const dead = new AppError(40001, 'account_sms_code_invalid', { field: 'phoneCode' });
    const base = limitGuard(limit('res:own', 1), 'too_many_requests');
    const own: Guard = { ...base, refuse: () => dead };
    await reserve(db, [own]);
    await expect(reserve(db, [own])).rejects.toBe(dead);
    const old = now() - 3 * 24 * 3600;
    await db.insertInto('rate_events').values({ key: 'res:prune', created_at: old }).execute();
    await reserve(db, [limitGuard(limit('res:prune', 5), 'too_many_requests')]);
    expect(await countHits(db, 'res:prune', 0)).toBe(1);
  });
});
