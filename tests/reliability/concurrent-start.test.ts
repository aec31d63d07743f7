/**
 * Several server processes started together on one empty PostgreSQL database (a team install's
 * first start, or every process of a rolling upgrade that brings a migration): the migrations run
 * exactly once, under the migrator's advisory lock, and every process comes up and serves. The
 * start is a production one (SEED_DEMO=0): no demo data, no demo logins printed, and the banner
 * says how to create the first account.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/db/migrate.ts';
import { pgQuery } from '../helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';

const PROCESSES = 3;
const servers: RunningServer[] = [];
const dbName = `t_start_${crypto.randomBytes(5).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-start-'));

const admin = <T extends pg.QueryResultRow>(q: string, url = inject('pgAdminUrl')) => pgQuery<T>(url, q);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it(
  `${PROCESSES} processes starting together on an empty database migrate it once and all serve`,
  { timeout: 240_000 },
  async () => {
    await admin(`create database ${dbName}`);
    const url = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${dbName}`);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };
    const started = await Promise.allSettled(Array.from({ length: PROCESSES }, () => startServer(env)));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value); // stopped in afterAll
    for (const r of started) if (r.status === 'rejected') throw r.reason;

    // Each process says how many migrations it ran itself; together: every one, once.
    const applied = servers.map((s) =>
      Number(/(\d+) migrations applied by this process/.exec(s.output())?.[1] ?? 0),
    );
    expect(applied.reduce((a, b) => a + b, 0)).toBe(MIGRATION_NAMES.length);
    expect(applied.filter((n) => n > 0)).toHaveLength(1);
    const rows = await admin<{ name: string }>('select name from kysely_migration order by name', url);
    expect(rows.map((r) => r.name)).toEqual([...MIGRATION_NAMES].sort());

    for (const s of servers) {
      const health = await fetch(`${s.url}/api/v0.1/health`);
      expect(health.status).toBe(200);
      expect(s.output()).not.toMatch(/Demo login|demo data seeded/);
      expect(s.output()).toContain('No accounts yet. Create the first one: npm run account -- create');
    }
    expect(await admin('select id from users', url)).toEqual([]);
    console.log(
      `concurrent start: ${PROCESSES} processes, migrations applied per process: ${applied.join(', ')}`,
    );
  },
);
