/**
 * Two API server processes on one PostgreSQL database, sharing DATA_DIR
 * as a shared volume would: a session made on one works (and ends) on the other, the SMS
 * limits count across both, an Idempotency-Key replayed on the other process answers the stored
 * response without a second write, export jobs raced by both job runners run once each, and both
 * shut down cleanly (a hung close would ride the 10 s grace exit of server/main.ts instead).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { callForm, createAccounts, openFor, type Account } from './accounts.ts';

let dbName = '';
let one: RunningServer;
let two: RunningServer;
let acct: Account;
let other: Account;
/** Exports too: a member may run EXPORTS_RUNNING_MAX at once, so the race uses two members. */
let exporter: Account;
let dataDir = '';

async function admin(q: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  await client.query(q);
  await client.end();
}

beforeAll(async () => {
  dbName = `t_two_${crypto.randomBytes(5).toString('hex')}`;
  await admin(`create database ${dbName}`);
  const url = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${dbName}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-two-'));
  const database = await openFor(dataDir, url);
  [acct, other, exporter] = (await createAccounts(database, 3)) as [Account, Account, Account];
  await database.close();
  const env = { DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: '0' };
  [one, two] = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([one?.stop(), two?.stop()]);
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = async (s: RunningServer, p: string, token: string) =>
  (await (await fetch(`${s.url}/api/v0.1${p}?language=en-us`, { headers: { token } })).json()) as {
    code: number;
    data: any;
  };

it('a session made on one process works, and ends, on the other', async () => {
  const login = await callForm(one.url, 'POST', '/member/getToken', {
    phone: other.phone,
    password: other.password,
    isPassword: 1,
    force: 1, // the account already holds a session (10020 otherwise)
    language: 'en-us',
  });
  expect(login.code).toBe(200);
  const token = login.data.token as string;
  expect((await get(two, '/member/info', token)).code).toBe(200);
  expect((await get(two, '/member/logout', token)).code).toBe(200);
  expect((await get(one, '/member/info', token)).code).toBe(10003);
});

it('the SMS limits count across processes', async () => {
  const phone = `135${String(Date.now()).slice(-8)}`;
  const first = await callForm(one.url, 'POST', '/common/sms', { phone, language: 'en-us' });
  expect(first.code).toBe(200);
  const second = await callForm(two.url, 'POST', '/common/sms', { phone, language: 'en-us' });
  expect(second.code).toBe(40029);
});

it('an Idempotency-Key replayed on the other process answers the stored response, written once', async () => {
  const key = crypto.randomUUID();
  const headers = { token: acct.token, 'idempotency-key': key };
  const body = { country: 'US', title: `idem-${key.slice(0, 8)}`, language: 'en-us' };
  const first = await callForm(one.url, 'POST', '/tags/add', body, headers);
  expect(first.code).toBe(200);
  const replay = await callForm(two.url, 'POST', '/tags/add', body, headers);
  expect(replay).toEqual(first);
  const list = await callForm(
    two.url,
    'POST',
    '/tags/lists',
    { country: 'US', limit: 100, language: 'en-us' },
    { token: acct.token },
  );
  expect(list.data.list.filter((t: { title: string }) => t.title === body.title)).toHaveLength(1);
});

it(
  'export jobs raced by both job runners each run once and write one file',
  { timeout: 90_000 },
  async () => {
    const ids: number[] = [];
    // download.info answers a job's owner only.
    const ownerToken = new Map<number, string>();
    for (let i = 0; i < 6; i++) {
      const s = i % 2 ? two : one;
      const token = (i < 3 ? acct : exporter).token;
      const res = await callForm(
        s.url,
        'POST',
        '/blogger/download',
        { type: 'blogger', country: 'US', language: 'en-us' },
        { token },
      );
      expect(res.code, JSON.stringify(res)).toBe(200);
      ids.push(res.data.id);
      ownerToken.set(res.data.id, token);
    }
    const started = Date.now();
    const infos = new Map<number, any>();
    while (infos.size < ids.length && Date.now() - started < 60_000) {
      for (const id of ids) {
        if (infos.has(id)) continue;
        const s = id % 2 ? one : two;
        const res = await callForm(
          s.url,
          'POST',
          '/blogger/download.info',
          { id, language: 'en-us' },
          { token: ownerToken.get(id)! },
        );
        if (res.data?.status === 'done' || res.data?.status === 'failed') infos.set(id, res.data);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    expect([...infos.values()].map((i) => i.status)).toEqual(ids.map(() => 'done'));
    const client = new pg.Client({
      connectionString: inject('pgAdminUrl').replace(/\/[^/]*$/, `/${dbName}`),
    });
    await client.connect();
    const jobs = await client.query(
      'select id, attempts, claimed_by from jobs where id = any($1) order by id',
      [ids],
    );
    await client.end();
    expect(jobs.rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    const runners = new Set(jobs.rows.map((r) => r.claimed_by));
    console.log(`two processes: ${ids.length} export jobs, runners that took them: ${runners.size}`);
    const files = fs.readdirSync(path.join(dataDir, 'exports'));
    expect(files.filter((f) => f.endsWith('.xlsx'))).toHaveLength(ids.length);
    // Either process serves a file the other wrote.
    const file = [...infos.values()][0].file_path as string;
    for (const s of [one, two]) {
      const res = await fetch(`${s.url}${file}`);
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK'); // an XLSX (zip)
    }
  },
);

it('both processes shut down cleanly on SIGTERM, well inside the 10 s grace', async () => {
  const started = Date.now();
  await Promise.all([one.stop(), two.stop()]);
  const took = Date.now() - started;
  for (const s of [one, two]) expect(s.proc.exitCode, s.output().slice(-2000)).toBe(0);
  expect(took).toBeLessThan(5_000);
});
