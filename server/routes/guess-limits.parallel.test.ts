/**
 * The limits on guessing secrets under parallel requests, in one process on each engine (two
 * processes on one database: tests/reliability/parallel-limits.test.ts): invite codes, redeem
 * codes, extension pairing codes, and the pairing codes a member makes. Each burst fires at once;
 * the answers say how many calls got past the limit.
 */
import { expect, it } from 'vitest';
import { burst, callFrom, tally, used, type BurstCall } from '../../tests/helpers/burst.ts';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { countHits, LIMITS } from '../services/rate-limit.ts';
import { createRedeemCodes } from '../services/vip.service.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** A well-formed invite code that opens no team. */
const wrongInvite = (i: number) => `${'W'.repeat(20)}${String(i).padStart(4, '0')}`;
const wrongRedeem = (i: number) => `WRONG${String(i).padStart(11, '0')}`;

describeEngines('invite and redeem codes under parallel requests', (t) => {
  const invite = (u: SignedIn, i: number, addr: string): BurstCall =>
    i % 2
      ? { method: 'POST', path: '/team/user.add', body: { teamId: wrongInvite(i) }, token: u.token, addr }
      : { method: 'GET', path: '/team/invite.info', body: { teamId: wrongInvite(i) }, token: u.token, addr };
  const redeem = (u: SignedIn, code: string, addr: string): BurstCall => ({
    method: 'POST',
    path: '/common/vip.open',
    body: { code },
    token: u.token,
    addr,
  });

  it('40 parallel wrong invite codes from one user: 30 answered, 10 refused', async () => {
    const u = await t().signUp();
    const answers = await burst(
      t(),
      range(40).map((i) => invite(u, i, `10.80.0.${i}`)),
    );
    expect(tally(answers)).toEqual({ '200/40004': 30, '200/40029': 10 });
    expect(answers.find((a) => a.code === 40029)!.msg).toBe(
      'Too many invalid invite links. Try again in 60 minutes',
    );
    expect(await countHits(t().database.db, LIMITS.inviteFailUser(u.userId).key, 0)).toBe(30);
  });

  it('30 parallel wrong invite codes from an address with 90 used: 10 answered', async () => {
    const users = await Promise.all(range(3).map(() => t().signUp()));
    await used(t(), LIMITS.inviteFailIp('10.80.1.1').key, 90);
    const answers = await burst(
      t(),
      range(30).map((i) => invite(users[i % 3]!, i, '10.80.1.1')),
    );
    expect(tally(answers)).toEqual({ '200/40004': 10, '200/40029': 20 });
  });

  it('30 parallel wrong redeem codes from one user: 10 answered, 20 refused, then a real code too', async () => {
    const u = await t().signUp();
    const answers = await burst(
      t(),
      range(30).map((i) => redeem(u, wrongRedeem(i), `10.81.0.${i}`)),
    );
    expect(tally(answers)).toEqual({ '200/40004': 10, '200/40029': 20 });
    expect(answers.find((a) => a.code === 40029)!.msg).toBe(
      'Too many wrong redeem codes. Try again in 60 minutes',
    );
    expect(await countHits(t().database.db, LIMITS.vipFailUser(u.userId).key, 0)).toBe(10);
    const [real] = await createRedeemCodes(t().database.db, 1, 30);
    const late = await callFrom(t(), redeem(u, real!, '10.81.0.99'));
    expect(late.code).toBe(40029);
    const spent = await t()
      .database.db.selectFrom('redeem_codes')
      .select('used_by')
      .where('code', '=', real!)
      .executeTakeFirstOrThrow();
    expect(spent.used_by).toBeNull();
  });

  it('20 parallel wrong redeem codes from an address with 25 used: 5 answered', async () => {
    const users = await Promise.all(range(2).map(() => t().signUp()));
    await used(t(), LIMITS.vipFailIp('10.81.1.1').key, 25);
    const answers = await burst(
      t(),
      range(20).map((i) => redeem(users[i % 2]!, wrongRedeem(i), '10.81.1.1')),
    );
    expect(tally(answers)).toEqual({ '200/40004': 5, '200/40029': 15 });
  });
});

describeEngines('extension pairing under parallel requests', (t) => {
  it('40 parallel wrong pairing codes from one address: 30 answered, 10 refused with HTTP 429', async () => {
    const answers = await burst(
      t(),
      range(40).map((i) => ({
        method: 'POST',
        path: '/ext/pair',
        body: { code: `ZZZZZ-${String(i).padStart(5, '0')}` },
        addr: '10.82.0.1',
      })),
    );
    expect(tally(answers)).toEqual({ '200/40001': 30, '429/40029': 10 });
    expect(await countHits(t().database.db, LIMITS.extPairFailIp('10.82.0.1').key, 0)).toBe(30);
  });

  it('a pairing code asked again with its Idempotency-Key is its answer, not another code, even at the limit', async () => {
    const u = await t().signUp();
    const ask = (key: string) =>
      t().call('POST', '/ext/pair.code', {}, { token: u.token, headers: { 'idempotency-key': key } });
    const counted = () => countHits(t().database.db, LIMITS.extPairCodeUser(u.userId).key, 0);
    const first = await ask('pair-1');
    expect(first.code).toBe(200);
    expect(await counted()).toBe(1);
    // The answer was lost; the retry replays it and is not counted again.
    expect(await ask('pair-1')).toEqual(first);
    expect(await counted()).toBe(1);
    for (let i = 2; i <= 20; i++) expect((await ask(`pair-${i}`)).code).toBe(200);
    expect((await ask('pair-21')).code).toBe(40029);
    // At the limit, the last code's retry still gets its code.
    const last = await ask('pair-20');
    expect(last.code).toBe(200);
    expect(await counted()).toBe(20);
  });

  it('30 parallel pairing codes asked by one member: 20 made, 10 refused, one of them live', async () => {
    const u = await t().signUp();
    const answers = await burst(
      t(),
      range(30).map((i) => ({
        method: 'POST',
        path: '/ext/pair.code',
        token: u.token,
        addr: `10.82.1.${i}`,
      })),
    );
    expect(tally(answers)).toEqual({ '200/200': 20, '200/40029': 10 });
    expect(answers.find((a) => a.code === 40029)!.msg).toBe(
      'Too many pairing codes were made; try again later',
    );
    const live = await t()
      .database.db.selectFrom('pair_codes')
      .select('id')
      .where('user_id', '=', u.userId)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });
});
