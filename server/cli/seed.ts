/**
 * npm run seed -- [--creators N] [--workspace ID | --email E | --phone P] [--append] [--seed S]
 *
 * Adds generated creators (and, for a workspace without one, the demo catalog) to a workspace,
 * by default the en-us demo account's (the demo accounts are created if missing). It never
 * deletes: a workspace that already has creators is refused unless --append is given.
 * DATABASE_URL selects PostgreSQL, as for the server.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { findUserByLogin } from '../db/account.repository.ts';
import { seedWorkspace, type SeedProgress } from '../seed/workspace-seed.ts';
import {
  DEFAULT_SEED_CREATORS,
  DEMO_SEEDS,
  ensureDemoAccounts,
  seedAnchor,
  seedDemoWorkspace,
} from '../services/seed.service.ts';

const USAGE = `usage: npm run seed -- [--creators N] [--workspace ID | --email E | --phone P] [--append] [--seed S]`;

function fail(message: string): never {
  console.error(`seed: ${message}\n${USAGE}`);
  process.exit(1);
}

function parse() {
  try {
    return parseArgs({
      options: {
        creators: { type: 'string' },
        workspace: { type: 'string' },
        email: { type: 'string' },
        phone: { type: 'string' },
        seed: { type: 'string' },
        append: { type: 'boolean', default: false },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (err) {
    return fail((err as Error).message);
  }
}
const { values } = parse();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.reset)
  fail('--reset is not supported: seeding never deletes. Use --append, or a fresh workspace.');
const creators = Number(values.creators ?? DEFAULT_SEED_CREATORS);
if (!Number.isSafeInteger(creators) || creators < 0) fail('--creators must be a whole number ≥ 0');
const seed = values.seed === undefined ? DEMO_SEEDS.en : Number(values.seed);
if (!Number.isSafeInteger(seed)) fail('--seed must be an integer');
if ([values.workspace, values.email, values.phone].filter(Boolean).length > 1) {
  fail('give at most one of --workspace, --email, --phone');
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
function progress(label: string) {
  let last = 0;
  return (p: SeedProgress) => {
    // About one line a second, plus the last one.
    if (p.creators < p.total && p.elapsedMs - last < 1000) return;
    last = p.elapsedMs;
    const rate = p.rows / Math.max(p.elapsedMs / 1000, 0.001);
    console.log(
      `  ${label}: ${fmt(p.creators)} / ${fmt(p.total)} creators, ${fmt(p.rows)} rows, ${fmt(rate)} rows/s`,
    );
  };
}

async function targetWorkspace(database: Database): Promise<{ id: number; label: string }> {
  const { db } = database;
  if (values.workspace) {
    const id = Number(values.workspace);
    const ws = Number.isSafeInteger(id)
      ? await db.selectFrom('workspaces').select('id').where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!ws) fail(`workspace ${values.workspace} not found`);
    return { id, label: `workspace ${id}` };
  }
  if (values.email || values.phone) {
    const user = await findUserByLogin(db, { email: values.email, phone: values.phone });
    if (!user) fail(`no account with ${values.email ? `email ${values.email}` : `phone ${values.phone}`}`);
    return { id: user.workspace_id, label: `${user.email ?? user.phone}'s workspace ${user.workspace_id}` };
  }
  const demo = await ensureDemoAccounts(database);
  // A demo account created just now gets its usual demo data, as a first start would give it.
  if (demo.zh.created) {
    console.log('  created the zh-cn demo account; seeding its workspace with the default data');
    const report = progress('zh-cn demo');
    await seedDemoWorkspace(database, 'zh', demo.zh.user, { onProgress: (_, p) => report(p) });
  }
  if (demo.en.created) console.log('  created the en-us demo account');
  return { id: demo.en.user.workspace_id, label: `en-us demo workspace ${demo.en.user.workspace_id}` };
}

const config = loadConfig();
const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrate(database.db);
  const target = await targetWorkspace(database);
  const existing = await database.db
    .selectFrom('creators')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', target.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 && !values.append) {
    fail(`${target.label} already has ${fmt(Number(existing.n))} creators; add --append to add more`);
  }
  if (database.engine === 'sqlite') {
    // A bigger page cache keeps the creator indexes in memory while millions of rows go in.
    await sql`pragma cache_size = -262144`.execute(database.db);
  }
  const cpuBefore = process.cpuUsage();
  console.log(`Seeding ${fmt(creators)} creators into ${target.label} (${database.engine})`);
  const result = await seedWorkspace(database, target.id, {
    creators,
    seed,
    anchor: seedAnchor(),
    onProgress: progress('seed'),
  });
  const seconds = result.elapsedMs / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `Done: ${fmt(result.creators)} creators, ${fmt(result.rows)} rows in ${seconds.toFixed(1)} s ` +
      `(${fmt(result.creators / seconds)} creators/s, ${fmt(result.rows / seconds)} rows/s; ` +
      `this process used ${cpuSeconds.toFixed(1)} s of CPU)`,
  );
} finally {
  await database.close();
}
