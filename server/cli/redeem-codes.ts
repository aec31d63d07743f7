/**
 * Operator command: `npm run redeem-codes -- --count 20 --days 90` (also `npm run codes`) creates
 * unused VIP redeem codes in the configured database and prints one per line
 * (docs/decisions/accounts.md has how a code is redeemed).
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { REDEEM_DEFAULT_DAYS } from '../../contract/constants.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { createRedeemCodes } from '../services/vip.service.ts';

const USAGE = 'usage: npm run redeem-codes -- --count N [--days D]   (N 1-10000, D 1-3650, default 30)';

export function parseRedeemCodesArgs(argv: string[]): { count: number; days: number } {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '1' },
      days: { type: 'string', default: String(REDEEM_DEFAULT_DAYS) },
    },
    strict: true,
  });
  const count = Number(values.count);
  const days = Number(values.days);
  if (!Number.isInteger(count) || count < 1 || count > 10_000) throw new Error(USAGE);
  if (!Number.isInteger(days) || days < 1 || days > 3650) throw new Error(USAGE);
  return { count, days };
}

/** Opens the database the server would open (same env), migrates it and inserts the codes. */
export async function runRedeemCodes(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (l) => console.log(l),
): Promise<string[]> {
  const { count, days } = parseRedeemCodesArgs(argv);
  const config = loadConfig(env);
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(database.db);
    const codes = await createRedeemCodes(database.db, count, days);
    for (const c of codes) print(c);
    return codes;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runRedeemCodes(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
