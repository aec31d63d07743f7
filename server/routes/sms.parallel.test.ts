/**
 * The SMS limits under parallel requests, in one process on each engine (two processes on one
 * database: tests/reliability/parallel-limits.test.ts): sends per address and per phone, and the
 * 5 wrong guesses a code survives, on each path that takes a code. Each burst fires at once.
 */
import crypto from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { SMS_CODE_LENGTH } from '../../contract/constants.ts';
import { burst, callFrom, tally, type Answer, type BurstCall } from '../../tests/helpers/burst.ts';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { countHits, LIMITS } from '../services/rate-limit.ts';

let n = 0;
const phone = () => `136${String(process.pid % 10000).padStart(4, '0')}${String(++n).padStart(4, '0')}`;
/** A code other than `code`, the i-th of them. */
const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

async function sendCode(app: TestApp, p: string): Promise<{ code: string; id: number }> {
  const sent = await callFrom(app, {
    method: 'POST',
    path: '/common/sms',
    body: { phone: p },
    addr: '10.72.9.9',
  });
  expect(sent.code).toBe(200);
  const row = await app.database.db
    .selectFrom('sms_codes')
    .select(['id', 'code'])
    .where('phone', '=', p)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { code: row.code, id: Number(row.id) };
}

describeEngines('SMS sends under parallel requests', (t) => {
  it('40 parallel sends from one address to 40 phones: 30 codes sent, 10 refused', async () => {
    const addr = '10.72.0.1';
    const answers = await burst(
      t(),
      Array.from({ length: 40 }, () => ({
        method: 'POST',
        path: '/common/sms',
        body: { phone: phone() },
        addr,
      })),
    );
    expect(tally(answers)).toEqual({ '200/200': 30, '200/40029': 10 });
    expect(answers.find((a) => a.code === 40029)!.msg).toMatch(/^Too many code requests from this network/);
    const stored = await t()
      .database.db.selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ip', '=', addr)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(30);
    expect(await countHits(t().database.db, LIMITS.smsIp(addr).key, 0)).toBe(30);
  });

  it('20 parallel sends to one phone from 20 addresses: one code, 19 told to wait and not counted', async () => {
    const p = phone();
    const answers = await burst(
      t(),
      Array.from({ length: 20 }, (_, i) => ({
        method: 'POST',
        path: '/common/sms',
        body: { phone: p },
        addr: `10.72.1.${i}`,
      })),
    );
    expect(tally(answers)).toEqual({ '200/200': 1, '200/40029': 19 });
    for (const a of answers.filter((x) => x.code === 40029))
      expect(a.msg).toMatch(/^Please wait 1[12]\d seconds/);
    // A send refused for the phone does not count against its address: one event over the 20.
    const counted = await t()
      .database.db.selectFrom('rate_events')
      .select('key')
      .where('key', 'like', 'sms:ip:10.72.1.%')
      .execute();
    expect(counted).toHaveLength(1);
    const sender = answers.findIndex((a) => a.code === 200);
    expect(counted[0]!.key).toBe(LIMITS.smsIp(`10.72.1.${sender}`).key);
  });
});

describeEngines('the 5 guesses of an SMS code under parallel requests', (t) => {
  /**
   * 30 wrong guesses of one code fire at once, each from its own address (so only the code's own
   * limit applies). The SMS-code comparisons are counted as they happen (a spy that passes every
   * call through): exactly 5 may reach the code, and then the code is dead, the right one included.
   */
  async function guessBurst(call: (guess: string, i: number) => BurstCall, p: string) {
    const { code, id } = await sendCode(t(), p);
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    let answers: Answer[];
    let compared: number;
    try {
      answers = await burst(
        t(),
        Array.from({ length: 30 }, (_, i) => call(wrong(code, i), i)),
      );
      compared = compare.mock.calls.filter(([a]) => a.byteLength === SMS_CODE_LENGTH).length;
    } finally {
      compare.mockRestore();
    }
    expect(tally(answers)).toEqual({ '200/40001': 30 });
    expect(answers[0]!.msg).toBe('The SMS code is wrong or has expired');
    expect(compared).toBe(5);
    // Each compared wrong guess is counted; the refused ones never reached the code.
    expect(await countHits(t().database.db, LIMITS.smsFail(id).key, 0)).toBe(5);
    expect((await callFrom(t(), call(code, 99))).code).toBe(40001);
  }

  it('signing in by code: 5 of 30 parallel wrong codes reach the code, then even the right one fails', async () => {
    const u = await t().signUp();
    const signIn = (guess: string, i: number): BurstCall => ({
      method: 'POST',
      path: '/member/getToken',
      body: { phone: u.phone, phoneCode: guess, isPassword: 2, force: 1 },
      addr: `10.73.0.${i}`,
    });
    await guessBurst(signIn, u.phone!);
  });

  it('registering with a code: 5 of 30 parallel wrong codes reach the code, and no account is made', async () => {
    const p = phone();
    const stamp = Date.now();
    const register = (guess: string, i: number): BurstCall => ({
      method: 'POST',
      path: '/member/getToken',
      body: {
        type: 'register',
        email: `g${stamp}-${i}@example.com`,
        phone: p,
        phoneCode: guess,
        password: 'Secret#2026',
      },
      addr: `10.74.0.${i}`,
    });
    await guessBurst(register, p);
    const made = await t().database.db.selectFrom('users').select('id').where('phone', '=', p).execute();
    expect(made).toEqual([]);
  });

  it('changing the password with a code: 5 of 30 parallel wrong codes reach the code, the password stays', async () => {
    const u = await t().signUp();
    const change = (guess: string, i: number): BurstCall => ({
      method: 'PUT',
      path: '/member/change.pw',
      body: { password: 'Changed#2026', repassword: 'Changed#2026', phoneCode: guess },
      token: u.token,
      addr: `10.75.0.${i}`,
    });
    await guessBurst(change, u.phone!);
    const signIn = await callFrom(t(), {
      method: 'POST',
      path: '/member/getToken',
      body: { phone: u.phone, password: u.password, isPassword: 1, force: 1 },
      addr: '10.75.9.9',
    });
    expect(signIn.code).toBe(200);
  });
});
