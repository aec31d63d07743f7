/**
 * Integration-test helpers: a real app on a real database, SQLite (in memory) or PostgreSQL (a
 * fresh database in the test cluster). `describeEngines` runs a suite on both.
 *
 *   describeEngines('accounts', (t) => {
 *     it('logs in', async () => {
 *       const res = await t().call('POST', '/member/getToken', { phone, password, isPassword: 1 });
 *       expect(res.code).toBe(200);
 *     });
 *   });
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import type { AppDeps } from '../../server/http/route-context.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createAccount } from '../../server/db/account.repository.ts';
import { hashPassword } from '../../server/services/password.ts';
import { encodeForm, type Envelope } from '../../contract/wire.ts';
import type { Engine } from '../../server/db/dialect.ts';
import { newSession } from '../reliability/accounts.ts';
import { createMigratedPgDatabase } from './pg-template.ts';

export interface TestApp {
  engine: Engine;
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Calls /api/v0.1{path} the way the PWA does: GET query or form body, `token` header. */
  call<T = any>(
    method: string,
    path: string,
    body?: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<Envelope<T>>;
  /** Creates an account with a personal workspace and a live session; returns its token. */
  signUp(opts?: { phone?: string; email?: string; password?: string; name?: string }): Promise<SignedIn>;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  language?: 'zh-cn' | 'en-us';
}

export interface SignedIn {
  token: string;
  userId: number;
  workspaceId: number;
  phone: string | null;
  email: string | null;
  password: string;
}

/** Data made by an older schema: migrate to `upTo`, run `seed`, then the rest (migration tests). */
export interface OlderData {
  upTo: string;
  seed(db: Kysely<any>): Promise<void>;
}

let counter = 0;
const uniquePhone = (): string =>
  `139${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(5, '0')}`;

export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  older?: OlderData,
  deps: Pick<AppDeps, 'avatarFetcher' | 'ttsRuntime' | 'shopDataKinds'> = {},
): Promise<TestApp & { close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-test-'));
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (engine === 'postgres') {
    const admin = inject('pgAdminUrl');
    dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
    if (older) {
      // A migration test starts from an older schema: an empty database, migrated step by step below.
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`create database ${dbName}`);
      await client.end();
    } else {
      await createMigratedPgDatabase(admin, dbName);
    }
    databaseUrl = admin.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TEST_HOOKS: '1',
    // Tests stand in for clients behind a proxy, each with its own X-Forwarded-For address.
    TRUST_PROXY: '1',
    // A team install sets the secrets key (PostgreSQL has no key file): shop credentials can be stored.
    SECRETS_KEY: '7e'.repeat(32),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = openDatabase({ dataDir, databaseUrl, memory: engine === 'sqlite' });
  if (older) {
    await migrate(database.db, older.upTo);
    await older.seed(database.db);
  }
  await migrate(database.db);
  const app = await buildApp({ config, database, ...deps });
  await app.ready();

  const call: TestApp['call'] = async (method, p, body = {}, opts = {}) => {
    const language = opts.language ?? 'en-us';
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.token = opts.token;
    const url = `/api/v0.1${p}`;
    const res =
      method === 'GET'
        ? await app.inject({ method, url: `${url}?${encodeForm({ ...body, language })}`, headers })
        : await app.inject({
            method: method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: encodeForm({ ...body, language }),
          });
    return res.json();
  };

  const signUp: TestApp['signUp'] = async (o = {}) => {
    const password = o.password ?? 'Secret#123';
    const phone = o.email ? (o.phone ?? null) : (o.phone ?? uniquePhone());
    const user = await createAccount(database.db, {
      phone,
      email: o.email ?? null,
      member_name: o.name ?? 'Tester',
      password_hash: await hashPassword(password),
      region: o.email ? 'en-us' : 'zh-cn',
    });
    return {
      // A session made directly, so suites do not depend on the login endpoint (its own tests cover it).
      token: await newSession(database, user.id, user.workspace_id),
      userId: user.id,
      workspaceId: user.workspace_id,
      phone,
      email: o.email ?? null,
      password,
    };
  };

  const close = async () => {
    await app.close();
    await database.close();
    if (dbName) {
      const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await client.connect();
      // Let the closed pool's connections finish leaving first: forcing them out mid-goodbye makes
      // the pg client raise an unhandled 57P01 in the test process.
      for (let i = 0; i < 40; i++) {
        const left = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [dbName],
        );
        if (left.rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await client.query(`drop database if exists ${dbName} with (force)`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { engine, app, database, config, call, signUp, close };
}

/**
 * Runs the suite once on SQLite and once on PostgreSQL, each with a fresh database (holding
 * `older` data made before the latest migrations, when given).
 */
export function describeEngines(name: string, fn: (t: () => TestApp) => void, older?: OlderData): void {
  for (const engine of ['sqlite', 'postgres'] as const) {
    describe(`${name} [${engine}]`, () => {
      let current: (TestApp & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        current = await createTestApp(engine, {}, older);
      });
      afterAll(async () => {
        await current?.close();
      });
      fn(() => {
        if (!current) throw new Error('test app not ready');
        return current;
      });
    });
  }
}
