/**
 * Seeds a running server's SQLite file (WAL, so the server keeps serving) with one account and
 * `n` creators in one workspace, in a few big transactions (one version per 10,000 rows, the way
 * an import stamps them), plus tags on about two thirds of them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../server/db/sqlite-native.ts';
import { openDatabase } from '../server/db/connection.ts';
import { signInDirect } from '../tests/helpers/sync-fixtures.ts';
import { creatorFields, rng } from './gen.ts';

export interface Seeded {
  token: string;
  userId: number;
  workspaceId: number;
}

export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

/** POSTs to the server's API as the seeded member, form-encoded as the PWA sends it (en-us). */
export function apiPoster(serverUrl: string, token: string) {
  return async <T = any>(p: string, body: Record<string, string | number>): Promise<Answer<T>> => {
    const res = await fetch(`${serverUrl}/api/v0.1${p}`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        language: 'en-us',
        ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
      }),
    });
    return (await res.json()) as Answer<T>;
  };
}

export async function seedCreators(dataDir: string, n: number): Promise<Seeded> {
  const database = openDatabase({ dataDir });
  const who = await signInDirect(database.db);
  await database.close();

  const db = new SQLite(path.join(dataDir, 'creatordesk.sqlite'));
  db.pragma('busy_timeout = 10000');
  const r = rng(11);
  const sample = creatorFields(0, r);
  const cols = ['workspace_id', 'version', ...Object.keys(sample)];
  const insert = db.prepare(
    `insert into creators (${cols.join(',')}) values (${cols.map(() => '?').join(',')})`,
  );
  const bump = db.prepare(
    'update workspaces set version_seq = version_seq + 1 where id = ? returning version_seq',
  );
  const tag = db.prepare(
    "insert into tags (workspace_id, version, country, title, add_time, update_time) values (?, ?, 'US', ?, 0, 0) returning id",
  );
  const link = db.prepare('insert into creator_tags (workspace_id, creator_id, tag_id) values (?, ?, ?)');
  const tagIds = db.transaction(() => {
    const v = (bump.get(who.workspaceId) as { version_seq: number }).version_seq;
    return Array.from(
      { length: 20 },
      (_, i) => (tag.get(who.workspaceId, v, `tag${i}`) as { id: number }).id,
    );
  })();
  for (let start = 0; start < n; start += 10_000) {
    db.transaction(() => {
      const v = (bump.get(who.workspaceId) as { version_seq: number }).version_seq;
      for (let i = start; i < Math.min(n, start + 10_000); i++) {
        const f = creatorFields(i, r);
        const info = insert.run(who.workspaceId, v, ...Object.values(f));
        if (r(3) !== 0) link.run(who.workspaceId, info.lastInsertRowid, tagIds[r(20)]);
      }
    })();
  }
  db.close();
  return who;
}

/** Builds the PWA into `webDir` unless `skip` and a build is already there (the browser benches). */
export function ensureWebBuild(webDir: string, skip: boolean): void {
  if (skip && fs.existsSync(`${webDir}/index.html`)) return;
  console.log(`building the PWA into ${webDir}…`);
  const r = spawnSync('npx', ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** A Chrome trace's categories: the timeline, with the script stack of each forced style or layout. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
];
