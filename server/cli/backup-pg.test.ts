/**
 * `npm run backup` / `npm run restore` on PostgreSQL: a backup folder (pg_dump custom
 * format + the files folder) taken while a server runs; restore refuses while that server is
 * connected; then the database is wiped (dropped and created empty, as on a new host) and the
 * files folder deleted, and the restore brings back the same rows in every table, the same
 * sequence positions and the same files; a second restore refuses without --force; a server on
 * the restored database serves the same session and data.
 */
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { pgQuery } from '../../tests/helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../../tests/helpers/server-process.ts';
import { callForm, createAccounts, openFor } from '../../tests/reliability/accounts.ts';
import { seedWorkspace } from '../../tests/isolation/fixtures.ts';

const dbName = `t_bkpg_${crypto.randomBytes(5).toString('hex')}`;
const servers: RunningServer[] = [];
const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

const sqlAt = <T extends pg.QueryResultRow>(url: string, q: string) => pgQuery<T>(url, q);
const admin = (q: string) => sqlAt(inject('pgAdminUrl'), q);

afterAll(async () => {
  for (const s of servers) await s.stop();
  await admin(`drop database if exists ${dbName} with (force)`);
});

/** Every table's row count and an md5 of its rows in a fixed order, and every sequence's position. */
async function digest(url: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await sqlAt<{ name: string }>(
    url,
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  for (const { name } of tables) {
    const [row] = await sqlAt<{ n: number; h: string }>(
      url,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h from "${name}" t`,
    );
    out[name] = `${row!.n} ${row!.h}`;
  }
  const seqs = await sqlAt<{ name: string; v: string }>(
    url,
    "select sequencename as name, coalesce(last_value, 0)::text as v from pg_sequences where schemaname = 'public'",
  );
  for (const s of seqs) out[`seq ${s.name}`] = s.v;
  return out;
}

function npmRun(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync('npm', ['run', '--silent', script, '--', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

it(
  'backs up PostgreSQL and the files folder, and a wiped install restores the same rows',
  { timeout: 240_000 },
  async () => {
    await admin(`create database ${dbName}`);
    const url = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${dbName}`);
    const dataDir = tmp('cd-bkpg-');
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    const database = await openFor(dataDir, url);
    const [a, b] = await createAccounts(database, 2);
    await seedWorkspace(database.db, a!.workspaceId, 'a', 'PgBackupA');
    await seedWorkspace(database.db, b!.workspaceId, 'b', 'PgBackupB');
    await database.close();
    const upload = path.join(dataDir, 'files', 'uploads', 'c3', 'avatar.png');
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, crypto.randomBytes(4096));
    const server = await startServer({ ...env, SEED_DEMO: '0' });
    servers.push(server);

    const made = npmRun('backup', [], env);
    expect(made.status, made.out).toBe(0);
    const folder = /backup written: (\S+)/.exec(made.out)![1]!;
    expect(path.dirname(folder)).toBe(path.join(dataDir, 'backups'));
    expect(fs.statSync(folder).mode & 0o077, 'only the owner reads a backup').toBe(0);
    expect(fs.readFileSync(path.join(folder, 'database.pgdump')).subarray(0, 5).toString()).toBe('PGDMP');
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 1, engine: 'postgres', files: { count: 1, bytes: 4096 } });
    const before = await digest(url);
    expect(Number(before.users!.split(' ')[0])).toBe(2);

    // A running server holds the database: refused, even with --force, and nothing changes.
    const busy = npmRun('restore', [folder, '--force'], env);
    expect(busy.status).not.toBe(0);
    // One entry per connection the server's pool holds open (one or more).
    expect(busy.out).toMatch(/in use \(server backend \d+(, server backend \d+)*\)/);
    expect(await digest(url)).toEqual(before);

    // Wipe: the servers stop, the database is dropped and made again empty, the files are gone.
    await server.stop();
    await admin(`drop database ${dbName} with (force)`);
    await admin(`create database ${dbName}`);
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });
    expect(await digest(url)).toEqual({});

    const restored = npmRun('restore', [folder], env);
    expect(restored.status, restored.out).toBe(0);
    expect(await digest(url)).toEqual(before);
    expect(fs.readFileSync(upload)).toEqual(
      fs.readFileSync(path.join(folder, 'files', 'uploads', 'c3', 'avatar.png')),
    );
    console.log(
      `pg backup/restore: ${Object.keys(before).length} tables and sequences, same digest after wipe`,
    );

    const again = npmRun('restore', [folder], env);
    expect(again.status).not.toBe(0);
    expect(again.out).toMatch(/the database holds data and .* holds files \(use --force/);

    // The restored install serves A's session and A's data (B's rows stay B's).
    const back = await startServer({ ...env, SEED_DEMO: '0' });
    servers.push(back);
    const tags = await callForm(
      back.url,
      'POST',
      '/tags/lists',
      { country: 'US', limit: 50, language: 'en-us' },
      { token: a!.token },
    );
    expect(tags.code).toBe(200);
    expect(JSON.stringify(tags.data)).toContain('PgBackupA');
    expect(JSON.stringify(tags.data)).not.toContain('PgBackupB');
  },
);
