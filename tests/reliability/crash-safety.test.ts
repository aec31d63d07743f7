/**
 * Crash safety on the embedded engine: a burst of concurrent writes against a real
 * server process, SIGKILL mid-burst, restart on the same DATA_DIR: every write the server
 * acknowledged (code 200) must be there. This relies on SQLite WAL mode: a commit is appended
 * to the -wal file with write() before the server answers; a killed process leaves those pages
 * in the OS page cache, and the next open replays the WAL. synchronous=NORMAL only skips the
 * fsync at commit, which matters for power loss or an OS crash, not for a process kill.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '../../server/db/sqlite-native.ts';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { callForm, createAccounts, openFor, removeTracked, track } from './accounts.ts';

const WRITES = 600;
const CONCURRENCY = 24;
const KILL_AFTER_ACKS = 150;
const servers: RunningServer[] = [];
afterAll(async () => {
  // A killed process has a signalCode, not an exitCode; stop() would wait for an exit already seen.
  for (const s of servers)
    if (s.proc.exitCode === null && s.proc.signalCode === null) await s.stop('SIGKILL');
  removeTracked();
});

it('every acknowledged write survives a SIGKILL mid-burst (SQLite, WAL)', { timeout: 180_000 }, async () => {
  const dataDir = track(fs.mkdtempSync(path.join(os.tmpdir(), 'cd-crash-')));
  const database = await openFor(dataDir);
  const [acct] = await createAccounts(database, 1);
  await database.close();
  const env = { DATA_DIR: dataDir, SEED_DEMO: '0' };
  const first = await startServer(env);
  servers.push(first);

  const acked: string[] = [];
  let failed = 0;
  let killed = false;
  let next = 0;
  const worker = async () => {
    while (next < WRITES) {
      const title = `crash-${next++}`;
      try {
        const res = await callForm(
          first.url,
          'POST',
          '/tags/add',
          { country: 'US', title, language: 'en-us' },
          { token: acct!.token },
        );
        if (res.code === 200) acked.push(title);
        else failed++;
      } catch {
        failed++; // connection reset by the kill: not acknowledged
      }
      if (!killed && acked.length >= KILL_AFTER_ACKS) {
        killed = true;
        first.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(killed).toBe(true);
  expect(failed, 'the kill landed while requests were in flight').toBeGreaterThan(0);

  const second = await startServer(env);
  servers.push(second);
  const file = path.join(dataDir, 'creatordesk.sqlite');
  const reader = new SQLite(file, { readonly: true });
  const titles = new Set(
    (
      reader.prepare('select title from tags where workspace_id = ?').all(acct!.workspaceId) as {
        title: string;
      }[]
    ).map((r) => r.title),
  );
  const settings = {
    journal: reader.pragma('journal_mode', { simple: true }),
    sync: reader.pragma('synchronous', { simple: true }),
  };
  reader.close();
  const lost = acked.filter((t) => !titles.has(t));
  console.log(
    `crash safety: ${acked.length} acknowledged, ${failed} failed/in flight at SIGKILL, ${titles.size} rows after restart, ` +
      `${lost.length} acknowledged writes lost; journal_mode=${String(settings.journal)}`,
  );
  expect(lost).toEqual([]);
  // The restarted server answers for the same data.
  const list = await callForm(
    second.url,
    'POST',
    '/tags/lists',
    { country: 'US', limit: 100, language: 'en-us' },
    { token: acct!.token },
  );
  expect(list.code).toBe(200);
  expect(list.data.count).toBe(titles.size);
  await second.stop();
});
