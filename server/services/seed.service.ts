/**
 * The demo workspaces: seeded once when the database has no users. Both demo accounts (zh-cn
 * phone, en-us email) get their own workspace filled with deterministic data (server/seed/),
 * so browser tests can rely on what it contains. The CLI (server/cli/seed.ts) reuses the parts.
 */
import { sql } from 'kysely';
import type { Database } from '../db/connection.ts';
import { createAccount, findUserByLogin } from '../db/account.repository.ts';
import type { User } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { seedWorkspace, type SeedProgress, type SeedResult } from '../seed/workspace-seed.ts';
import { DEMO_ACCOUNTS } from './demo.ts';
import { hashPassword } from './password.ts';

export const DEFAULT_SEED_CREATORS = 20_000;
/** Each demo workspace has its own seed, so the two do not hold the same creators. */
export const DEMO_SEEDS = { en: 20260101, zh: 20260102 } as const;

export interface DemoSeedOptions {
  /** Creators per demo workspace (tests pass a few thousand). */
  creators?: number | undefined;
  /** The generated times count back from this moment; defaults to the start of today (UTC). */
  anchor?: number;
  onProgress?: (who: 'zh' | 'en', p: SeedProgress) => void;
}

/** Start of the current UTC day: seeds run on the same day produce the same rows. */
export function seedAnchor(at: number = now()): number {
  return at - (at % 86400);
}

export interface DemoAccount {
  user: User;
  created: boolean;
}

/** Creates whichever demo account is missing (in one transaction); workspaces stay empty. */
export async function ensureDemoAccounts(database: Database): Promise<{ zh: DemoAccount; en: DemoAccount }> {
  const { db } = database;
  const zh = DEMO_ACCOUNTS.zh;
  const en = DEMO_ACCOUNTS.en;
  const foundZh = await findUserByLogin(db, { phone: zh.phone });
  const foundEn = await findUserByLogin(db, { email: en.email });
  const zhHash = foundZh ? '' : await hashPassword(zh.password);
  const enHash = foundEn ? '' : await hashPassword(en.password);
  return db.transaction().execute(async (trx) => ({
    zh: foundZh
      ? { user: foundZh, created: false }
      : {
          user: await createAccount(trx, {
            phone: zh.phone,
            member_name: zh.member_name,
            password_hash: zhHash,
            region: 'zh-cn',
          }),
          created: true,
        },
    en: foundEn
      ? { user: foundEn, created: false }
      : {
          user: await createAccount(trx, {
            email: en.email,
            member_name: en.member_name,
            password_hash: enHash,
            region: 'en-us',
          }),
          created: true,
        },
  }));
}

/** Fills a demo account's workspace with `creators` creators and the catalog. */
export function seedDemoWorkspace(
  database: Database,
  who: 'zh' | 'en',
  account: User,
  options: DemoSeedOptions = {},
): Promise<SeedResult> {
  return seedWorkspace(database, account.workspace_id, {
    creators: options.creators ?? DEFAULT_SEED_CREATORS,
    seed: DEMO_SEEDS[who],
    anchor: options.anchor ?? seedAnchor(),
    // The zh-cn demo seller's own words are Chinese.
    language: who === 'zh' ? 'zh-cn' : 'en-us',
    onProgress: options.onProgress ? (p) => options.onProgress?.(who, p) : undefined,
  });
}

/** Any fixed number: the PostgreSQL advisory lock that keeps two starting servers from both seeding. */
const SEED_LOCK = 727_001;
const inFlight = new WeakMap<Database, Promise<boolean>>();

/**
 * First start: creates both demo accounts and seeds their workspaces. Does nothing once any
 * user exists (a second call, or a database that already has real accounts). On PostgreSQL,
 * where several servers may start together, an advisory lock makes the check-and-seed atomic.
 */
export function seedIfEmpty(database: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  // Calls that overlap in one process share the first one's outcome.
  const pending = inFlight.get(database);
  if (pending) return pending.then(() => false);
  const started = seedOnce(database, options).finally(() => inFlight.delete(database));
  inFlight.set(database, started);
  return started;
}

async function seedOnce(database: Database, options: DemoSeedOptions): Promise<boolean> {
  const run = async (): Promise<boolean> => {
    const any = await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    const accounts = await ensureDemoAccounts(database);
    for (const who of ['en', 'zh'] as const) {
      await seedDemoWorkspace(database, who, accounts[who].user, options);
    }
    return true;
  };
  if (database.engine !== 'postgres') return run();
  // The lock lives on one pooled session; the seeding itself uses the rest of the pool.
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(conn);
    }
  });
}
