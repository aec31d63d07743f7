import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { createAccount } from '../db/account.repository.ts';

const TSX = path.resolve('node_modules/.bin/tsx');

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(TSX, ['server/cli/seed.ts', ...args], { env: { ...base, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout + stderr });
    });
  });
}

const countCreators = async (database: Database, ws: number) =>
  (await database.db.selectFrom('creators').select('id').where('workspace_id', '=', ws).execute()).length;

describeEngines('npm run seed', (t) => {
  it('seeds an account’s workspace, refuses to seed it twice, and appends on request', async () => {
    // SQLite: the test app's database lives in memory, so the CLI gets a file database of its own.
    const sqliteDir = t().engine === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'cd-seed-cli-')) : null;
    const env: Record<string, string> = sqliteDir
      ? { DATA_DIR: sqliteDir }
      : { DATA_DIR: t().config.dataDir, DATABASE_URL: t().config.databaseUrl! };
    const open = async () => {
      if (!sqliteDir) return t().database;
      const database = openDatabase({ dataDir: sqliteDir });
      await migrate(database.db);
      return database;
    };
    const release = async (database: Database) => {
      if (sqliteDir) await database.close();
    };
    try {
      let database = await open();
      const user = await createAccount(database.db, {
        email: 'cli@seed.test',
        member_name: 'CLI',
        password_hash: 'x',
        region: 'en-us',
      });
      await release(database);

      const first = await runCli(['--email', 'cli@seed.test', '--creators', '300'], env);
      expect(first.out).toMatch(
        /Done: 300 creators, [\d,]+ rows in [\d.]+ s \([\d,]+ creators\/s, [\d,]+ rows\/s/,
      );
      expect(first.code).toBe(0);

      const again = await runCli(['--email', 'cli@seed.test', '--creators', '300'], env);
      expect(again.code).toBe(1);
      expect(again.out).toContain('already has 300 creators');

      const more = await runCli(
        ['--workspace', String(user.workspace_id), '--creators', '200', '--append'],
        env,
      );
      expect(more.code).toBe(0);

      database = await open();
      expect(await countCreators(database, user.workspace_id)).toBe(500);
      await release(database);
    } finally {
      if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
    }
  }, 120_000);
});
