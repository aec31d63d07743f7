/**
 * `npm run backup` / `npm run restore` end to end on the embedded database: an online backup
 * folder taken from a running server (while it writes, and idle), restored into a fresh DATA_DIR,
 * compared table by table (row count and digest) and file by file, refusals (running server,
 * non-empty target without --force), a bare .sqlite file from before backup folders, and a server
 * started on the restored directory serving the same data.
 */
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../tests/helpers/server-process.ts';
import { callForm, createAccounts, openFor } from '../../tests/reliability/accounts.ts';
import { seedWorkspace } from '../../tests/isolation/fixtures.ts';
import { dbFileIn, digestTables } from './sqlite-file.ts';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

/** Runs `npm run <script> -- args` the way an operator does; answers exit status and output. */
function npmRun(script: string, args: string[], env: Record<string, string>, wait = true) {
  const argv = ['run', '--silent', script, '--', ...args];
  const full = { ...process.env, LOG_LEVEL: 'warn', ...env };
  if (!wait) return spawn('npm', argv, { env: full, stdio: 'pipe' });
  const r = spawnSync('npm', argv, { env: full, encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));

it(
  'backs up a running server online and restores into a fresh data directory',
  { timeout: 180_000 },
  async () => {
    const dataDir = tmp('cd-bk-src-');
    const database = await openFor(dataDir);
    const [a, b] = await createAccounts(database, 2);
    await seedWorkspace(database.db, a!.workspaceId, 'a', 'BackupA');
    await seedWorkspace(database.db, b!.workspaceId, 'b', 'BackupB');
    await database.close();
    const upload = path.join(dataDir, 'files', 'uploads', 'ab', 'pic.png');
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, Buffer.from('89504e470d0a1a0a', 'hex'));
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    servers.push(server);
    const add = (title: string) =>
      callForm(
        server.url,
        'POST',
        '/tags/add',
        { country: 'US', title, language: 'en-us' },
        { token: a!.token },
      );
    for (let i = 0; i < 40; i++) expect((await add(`before-${i}`)).code).toBe(200);

    // 1. While the server writes: the copy is consistent and holds a prefix of the writes.
    const during = path.join(tmp('cd-bk-out-'), 'during');
    const proc = npmRun('backup', [during], { DATA_DIR: dataDir }, false) as ReturnType<typeof spawn>;
    const exited = new Promise<number | null>((r) => proc.on('exit', r));
    let writes = 0;
    let running = true;
    void exited.then(() => (running = false));
    while (running) expect((await add(`during-${writes++}`)).code).toBe(200);
    expect(await exited).toBe(0);
    const duringDigest = digestTables(path.join(during, 'database.sqlite'));
    expect(duringDigest.tags!.rows).toBeGreaterThanOrEqual(2 * 2 + 40);
    expect(duringDigest.tags!.rows).toBeLessThanOrEqual(2 * 2 + 40 + writes);

    // 2. Idle, default location DATA_DIR/backups/<time>/: identical to the live database.
    const idle = npmRun('backup', [], { DATA_DIR: dataDir }) as { status: number; out: string };
    expect(idle.status, idle.out).toBe(0);
    const backupFile = /backup written: (\S+)/.exec(idle.out)![1]!;
    expect(path.dirname(backupFile)).toBe(path.join(dataDir, 'backups'));
    const live = digestTables(dbFileIn(dataDir));
    expect(digestTables(path.join(backupFile, 'database.sqlite'))).toEqual(live);
    expect(fs.readFileSync(path.join(backupFile, 'files', 'uploads', 'ab', 'pic.png'))).toEqual(
      fs.readFileSync(upload),
    );

    // 3. Refusals: the running server's own directory, even with --force.
    const busy = npmRun('restore', [backupFile, '--data-dir', dataDir, '--force'], {}) as {
      status: number;
      out: string;
    };
    expect(busy.status).not.toBe(0);
    expect(busy.out).toMatch(/the database is in use \(process \d+\)/);

    // 4. Into a fresh directory: every table has the same rows.
    const fresh = tmp('cd-bk-dst-');
    const ok = npmRun('restore', [backupFile], { DATA_DIR: fresh }) as { status: number; out: string };
    expect(ok.status, ok.out).toBe(0);
    const restored = digestTables(dbFileIn(fresh));
    expect(restored).toEqual(live);
    expect(fs.readFileSync(path.join(fresh, 'files', 'uploads', 'ab', 'pic.png'))).toEqual(
      fs.readFileSync(upload),
    );
    // A bare .sqlite file (how backups looked before folders) still restores the database.
    const legacy = tmp('cd-bk-legacy-');
    const old = npmRun('restore', [path.join(backupFile, 'database.sqlite')], { DATA_DIR: legacy }) as {
      status: number;
      out: string;
    };
    expect(old.status, old.out).toBe(0);
    expect(digestTables(dbFileIn(legacy))).toEqual(live);
    console.log(
      `backup/restore: ${Object.keys(live).length} tables, ${Object.values(live).reduce((s, d) => s + d.rows, 0)} rows; ` +
        `backup during ${writes} concurrent writes held ${duringDigest.tags!.rows} tags`,
    );

    // 5. The restored directory now holds data: refused without --force, replaced with it.
    const again = npmRun('restore', [during, '--data-dir', fresh], {}) as { status: number; out: string };
    expect(again.status).not.toBe(0);
    expect(again.out).toMatch(/holds data/);
    expect(digestTables(dbFileIn(fresh))).toEqual(live);
    const forced = npmRun('restore', [during, '--data-dir', fresh, '--force'], {}) as {
      status: number;
      out: string;
    };
    expect(forced.status, forced.out).toBe(0);
    expect(digestTables(dbFileIn(fresh))).toEqual(duringDigest);

    // 6. A server on the restored directory serves the same data to the same session.
    const back = npmRun('restore', [backupFile, '--data-dir', fresh, '--force'], {}) as {
      status: number;
      out: string;
    };
    expect(back.status, back.out).toBe(0);
    const second = await startServer({ DATA_DIR: fresh, SEED_DEMO: '0' });
    servers.push(second);
    const list = await callForm(
      second.url,
      'POST',
      '/tags/lists',
      { country: 'US', limit: 20, language: 'en-us' },
      { token: a!.token },
    );
    expect(list.code).toBe(200);
    expect(list.data.count).toBe(live.tags!.rows - 2); // B's two tags are not A's
  },
);
