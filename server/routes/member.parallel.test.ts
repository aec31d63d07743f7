/**
 * The sign-in and sign-up limits under parallel requests, in one process on each engine (two
 * processes on one PostgreSQL: tests/reliability/parallel-limits.test.ts). Each burst fires at
 * once; what counts is how many attempts reached the password hash (the scrypt runs the password
 * module counted), and that the limits' answers are exact.
 */
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { createAccounts } from '../../tests/reliability/accounts.ts';
import { passwordRuns } from '../services/password.ts';
import { countHits } from '../services/rate-limit.ts';

const SYS = { sys_tag: 'tiktok-sys' };

interface Answer {
  status: number;
  code: number;
  msg: string;
}

/** A getToken call from one client address, with the HTTP status (these limits answer 429). */
async function getToken(t: () => TestApp, addr: string, body: Record<string, string>): Promise<Answer> {
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/v0.1/member/getToken',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': addr },
    payload: new URLSearchParams({ ...SYS, language: 'en-us', ...body }).toString(),
  });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) };
}

/** How often each (HTTP status, code) pair came back, e.g. {'200/40001': 5, '429/40029': 45}. */
function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.status}/${a.code}`] = (out[`${a.status}/${a.code}`] ?? 0) + 1;
  return out;
}

/** Runs `burst` and answers its results with the scrypt runs it caused. */
async function measured<T>(burst: () => Promise<T>): Promise<{ result: T; verify: number; hash: number }> {
  const before = passwordRuns();
  const result = await burst();
  const after = passwordRuns();
  return { result, verify: after.verify - before.verify, hash: after.hash - before.hash };
}

/** `n` events of `key` a minute ago: limits already partly used. */
async function used(t: () => TestApp, key: string, n: number): Promise<void> {
  const created_at = Math.floor(Date.now() / 1000) - 60;
  await t()
    .database.db.insertInto('rate_events')
    .values(Array.from({ length: n }, () => ({ key, created_at })))
    .execute();
}

describeEngines('sign-in limits under parallel requests', (t) => {
  it('50 parallel wrong passwords for one account: 5 reach the hash, 45 get HTTP 429', async () => {
    const [acct] = await createAccounts(t().database, 1);
    const { result, verify } = await measured(() =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          getToken(t, '10.40.0.1', { phone: acct!.phone, password: 'wrong-guess', isPassword: '1' }),
        ),
      ),
    );
    expect(tally(result)).toEqual({ '200/40001': 5, '429/40029': 45 });
    expect(verify).toBe(5);
    // The five failures are what the backoff counts; the refused attempts cost nothing.
    expect(await countHits(t().database.db, `login_fail:acct_ip:user:${acct!.userId}:10.40.0.1`, 0)).toBe(5);
  });

  it('50 parallel sign-ins to 50 accounts from an address with 40 failures: 10 reach the hash', async () => {
    const accounts = await createAccounts(t().database, 50);
    await used(t, 'login_fail:ip:10.40.1.1', 40);
    const { result, verify } = await measured(() =>
      Promise.all(
        accounts.map((a) =>
          getToken(t, '10.40.1.1', { phone: a.phone, password: 'wrong-guess', isPassword: '1' }),
        ),
      ),
    );
    expect(tally(result)).toEqual({ '200/40001': 10, '429/40029': 40 });
    expect(verify).toBe(10);
    expect(await countHits(t().database.db, 'login_fail:ip:10.40.1.1', 0)).toBe(50);
    const refused = result.find((r) => r.status === 429)!;
    expect(refused.msg).toMatch(/^Too many failed sign-ins from this network/);
  });

  it('a right password gives its reservation back: the address ceiling counts failures only', async () => {
    const accounts = await createAccounts(t().database, 10);
    await used(t, 'login_fail:ip:10.40.2.1', 49);
    // Each sign-in takes the 50th place while it runs and gives it back when the password is right.
    for (const a of accounts) {
      const res = await getToken(t, '10.40.2.1', {
        phone: a.phone,
        password: a.password,
        isPassword: '1',
        force: '1',
      });
      expect(res).toMatchObject({ status: 200, code: 200 });
    }
    expect(await countHits(t().database.db, 'login_fail:ip:10.40.2.1', 0)).toBe(49);
    const wrong = await getToken(t, '10.40.2.1', {
      phone: accounts[0]!.phone,
      password: 'x',
      isPassword: '1',
    });
    expect(wrong.code).toBe(40001);
    const full = await getToken(t, '10.40.2.1', {
      phone: accounts[1]!.phone,
      password: accounts[1]!.password,
      isPassword: '1',
      force: '1',
    });
    expect(full).toMatchObject({ status: 429, code: 40029 });
  });
});

describeEngines('sign-up limits under parallel requests', (t) => {
  const signUp = (addr: string, email: string) =>
    getToken(t, addr, { type: 'register', email, password: 'Secret#2026', partner: 'creatordesk' });

  it('20 parallel sign-ups with 12 of the hour used: 8 accounts, 8 hashes, 12 × HTTP 429', async () => {
    await used(t, 'register:ip:10.41.0.1', 12);
    const stamp = Date.now();
    const { result, hash } = await measured(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => signUp('10.41.0.1', `burst${stamp}-${i}@example.com`)),
      ),
    );
    expect(tally(result)).toEqual({ '200/200': 8, '429/40029': 12 });
    expect(hash).toBe(8);
    const made = await t()
      .database.db.selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('email', 'like', `burst${stamp}-%`)
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(8);
  });

  it('counts sign-ups of an email that has an account (40009): probing stops at the limit', async () => {
    expect((await signUp('10.41.1.1', 'taken@example.com')).code).toBe(200);
    // 25 parallel probes of a taken email from another address with a fresh hour.
    const { result, hash } = await measured(() =>
      Promise.all(Array.from({ length: 25 }, () => signUp('10.41.1.2', 'taken@example.com'))),
    );
    expect(tally(result)).toEqual({ '200/40009': 20, '429/40029': 5 });
    expect(hash).toBe(0);
    // The address's sign-ups are spent by the probes: a real one waits too.
    const late = await signUp('10.41.1.2', `late${Date.now()}@example.com`);
    expect(late).toMatchObject({ status: 429, code: 40029 });
    expect(late.msg).toMatch(/^Too many sign-ups from this network/);
  });

  it('gives back a sign-up refused for other reasons (a wrong SMS code)', async () => {
    const phone = `1390${String(Date.now()).slice(-7)}`;
    for (let i = 0; i < 25; i++) {
      const res = await getToken(t, '10.41.2.1', {
        type: 'register',
        email: `sms${i}@example.com`,
        phone,
        phoneCode: '000000',
        password: 'Secret#2026',
      });
      expect(res.code).toBe(40001);
    }
    expect(await countHits(t().database.db, 'register:ip:10.41.2.1', 0)).toBe(0);
  });
});
