import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { openDatabase } from '../db/connection.ts';
import { parseRedeemCodesArgs, runRedeemCodes } from './redeem-codes.ts';

describeEngines('npm run redeem-codes', (t) => {
  it('creates N unused codes worth D days in the configured database and prints them', async () => {
    // The CLI opens the database from the environment, like the server: the suite's PostgreSQL
    // database, or a SQLite file in a fresh DATA_DIR.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-codes-'));
    const env = {
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      ...(t().config.databaseUrl ? { DATABASE_URL: t().config.databaseUrl } : {}),
    };
    const printed: string[] = [];
    try {
      const codes = await runRedeemCodes(['--count', '5', '--days', '90'], env, (l) => printed.push(l));
      expect(printed).toEqual(codes);
      expect(new Set(codes).size).toBe(5);
      for (const c of codes) expect(c).toMatch(/^[A-Z0-9]{16}$/);
      const database = openDatabase({ dataDir: dir, databaseUrl: t().config.databaseUrl });
      try {
        const rows = await database.db
          .selectFrom('redeem_codes')
          .selectAll()
          .where('code', 'in', codes)
          .execute();
        expect(rows).toHaveLength(5);
        for (const r of rows) expect([Number(r.days), r.used_by, r.used_at]).toEqual([90, null, null]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('redeem codes CLI arguments', () => {
  it('reads --count and --days, defaulting days to 30', () => {
    expect(parseRedeemCodesArgs(['--count', '20', '--days', '90'])).toEqual({ count: 20, days: 90 });
    expect(parseRedeemCodesArgs(['--count', '3'])).toEqual({ count: 3, days: 30 });
  });

  it('refuses bad numbers and unknown options with the usage line', () => {
    for (const argv of [
      ['--count', '0'],
      ['--count', 'x'],
      ['--count', '2', '--days', '-1'],
      ['--count', '10001'],
      ['--nope'],
    ]) {
      expect(() => parseRedeemCodesArgs(argv), argv.join(' ')).toThrow();
    }
    expect(() => parseRedeemCodesArgs(['--count', '0'])).toThrow(/usage: npm run redeem-codes/);
  });
});
