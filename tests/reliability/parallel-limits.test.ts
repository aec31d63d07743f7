/**
 * The limits hold across server processes: two real server processes on one PostgreSQL database
 * (and two on one SQLite file), bursts of parallel requests spread over both. Sign-in and sign-up:
 * the password hashes they caused read from each process's /ops/metrics
 * (creatordesk_password_scrypt_total); SMS sends and redeem codes: the answers. The attempt is
 * reserved in the database before the work it guards (server/services/rate-reservation.ts), so
 * the limits count the attempts of both processes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { createAccounts, openFor, type Account } from './accounts.ts';

const OPS_TOKEN = crypto.randomBytes(24).toString('hex');

/** Both processes' scrypt runs so far, by op. */
async function scryptRuns(servers: RunningServer[]): Promise<{ hash: number; verify: number }> {
  const sum = { hash: 0, verify: 0 };
  for (const s of servers) {
    const res = await fetch(`${s.url}/ops/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const text = await res.text();
    for (const op of ['hash', 'verify'] as const) {
      const m = new RegExp(`^creatordesk_password_scrypt_total\\{op="${op}"\\} (\\d+)$`, 'm').exec(text);
      if (!m) throw new Error(`no ${op} count in the metrics of ${s.url}`);
      sum[op] += Number(m[1]);
    }
  }
  return sum;
}

interface Answer {
  status: number;
  code: number;
}

async function getToken(s: RunningServer, addr: string, body: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${s.url}/api/v0.1/member/getToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': addr },
    body: new URLSearchParams({ sys_tag: 'tiktok-sys', language: 'en-us', ...body }).toString(),
  });
  return { status: res.status, code: ((await res.json()) as { code: number }).code };
}

/** A form POST to `call` from client address `addr`, with a session token when given. */
async function post(
  s: RunningServer,
  call: string,
  addr: string,
  body: Record<string, string>,
  token?: string,
): Promise<Answer> {
  const res = await fetch(`${s.url}/api/v0.1${call}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': addr,
      ...(token ? { token } : {}),
    },
    body: new URLSearchParams({ language: 'en-us', ...body }).toString(),
  });
  return { status: res.status, code: ((await res.json()) as { code: number }).code };
}

let phones = 0;
const newPhone = () =>
  `135${String(process.pid % 10000).padStart(4, '0')}${String(++phones).padStart(4, '0')}`;

function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[`${a.status}/${a.code}`] = (out[`${a.status}/${a.code}`] ?? 0) + 1;
  return out;
}

interface Setup {
  env: Record<string, string>;
  /** Writes `n` events of `key` a minute old (a limit partly used) through a connection of the test's own. */
  used(key: string, n: number): Promise<void>;
  drop(): Promise<void>;
}

async function postgresSetup(dataDir: string): Promise<Setup> {
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    await client.query(q);
    await client.end();
  };
  const name = `t_limits_${crypto.randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    used: async (key, n) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const t = Math.floor(Date.now() / 1000) - 60;
      for (let i = 0; i < n; i++)
        await client.query('insert into rate_events (key, created_at) values ($1, $2)', [key, t]);
      await client.end();
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

function sqliteSetup(dataDir: string): Setup {
  return {
    env: { DATA_DIR: dataDir },
    used: async (key, n) => {
      const database = await openFor(dataDir);
      const t = Math.floor(Date.now() / 1000) - 60;
      await database.db
        .insertInto('rate_events')
        .values(Array.from({ length: n }, () => ({ key, created_at: t })))
        .execute();
      await database.close();
    },
    drop: async () => undefined,
  };
}

for (const engine of ['postgres', 'sqlite'] as const) {
  describe(`limits across two server processes [${engine}]`, () => {
    let setup: Setup;
    let servers: RunningServer[] = [];
    let accounts: Account[] = [];
    let dataDir = '';
    /** The i-th request goes to one process, the next to the other. */
    const either = (i: number) => servers[i % 2]!;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-limits-'));
      setup = engine === 'postgres' ? await postgresSetup(dataDir) : sqliteSetup(dataDir);
      const database = await openFor(dataDir, setup.env.DATABASE_URL);
      accounts = await createAccounts(database, 51);
      await database.close();
      const env = { ...setup.env, SEED_DEMO: '0', TRUST_PROXY: '1', OPS_TOKEN };
      // One after the other: both would otherwise migrate the fresh SQLite file at once.
      servers = [await startServer(env), await startServer(env)];
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await setup?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('50 parallel wrong passwords for one account over both processes: 5 reach the hash', async () => {
      const before = await scryptRuns(servers);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          getToken(either(i), '10.50.0.1', {
            phone: accounts[50]!.phone,
            password: 'wrong',
            isPassword: '1',
          }),
        ),
      );
      const after = await scryptRuns(servers);
      expect(tally(answers)).toEqual({ '200/40001': 5, '429/40029': 45 });
      expect(after.verify - before.verify).toBe(5);
    });

    it('50 parallel sign-ins to 50 accounts from an address with 40 failures: 10 reach the hash', async () => {
      await setup.used('login_fail:ip:10.50.1.1', 40);
      const before = await scryptRuns(servers);
      const answers = await Promise.all(
        accounts
          .slice(0, 50)
          .map((a, i) =>
            getToken(either(i), '10.50.1.1', { phone: a.phone, password: 'wrong', isPassword: '1' }),
          ),
      );
      const after = await scryptRuns(servers);
      expect(tally(answers)).toEqual({ '200/40001': 10, '429/40029': 40 });
      expect(after.verify - before.verify).toBe(10);
    });

    it('20 parallel sign-ups with 12 of the hour used: 8 accounts and 8 hashes', async () => {
      await setup.used('register:ip:10.50.2.1', 12);
      const before = await scryptRuns(servers);
      const stamp = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          getToken(either(i), '10.50.2.1', {
            type: 'register',
            email: `two${stamp}-${i}@example.com`,
            password: 'Secret#2026',
          }),
        ),
      );
      const after = await scryptRuns(servers);
      expect(tally(answers)).toEqual({ '200/200': 8, '429/40029': 12 });
      expect(after.hash - before.hash).toBe(8);
    });

    it('sign-ups of a taken email count on both processes: 20 of 25 parallel probes answered', async () => {
      const email = `taken${Date.now()}@example.com`;
      const first = await getToken(servers[0]!, '10.50.3.1', {
        type: 'register',
        email,
        password: 'Secret#2026',
      });
      expect(first.code).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          getToken(either(i), '10.50.3.2', { type: 'register', email, password: 'Secret#2026' }),
        ),
      );
      expect(tally(answers)).toEqual({ '200/40009': 20, '429/40029': 5 });
    });

    it('40 parallel SMS sends from one address over both processes: 30 codes sent', async () => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          post(either(i), '/common/sms', '10.50.4.1', { phone: newPhone() }),
        ),
      );
      expect(tally(answers)).toEqual({ '200/200': 30, '200/40029': 10 });
    });

    it('20 parallel SMS sends to one phone over both processes: one code sent', async () => {
      const phone = newPhone();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(either(i), '/common/sms', `10.50.5.${i}`, { phone })),
      );
      expect(tally(answers)).toEqual({ '200/200': 1, '200/40029': 19 });
    });

    it('30 parallel wrong redeem codes of one account over both processes: 10 answered', async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          post(
            either(i),
            '/common/vip.open',
            `10.50.6.${i}`,
            { code: `WRONG${String(i).padStart(11, '0')}` },
            accounts[0]!.token,
          ),
        ),
      );
      expect(tally(answers)).toEqual({ '200/40004': 10, '200/40029': 20 });
    });
  });
}
