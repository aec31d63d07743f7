/**
 * What `npm start` / the server prints once it listens. Demo logins appear only where demo data is
 * meant to be (SEED_DEMO=1 and the demo accounts exist); a team install (SEED_DEMO=0) prints the
 * first-account command instead, and warns if the published demo accounts are in its database.
 */
import type { Database } from '../db/connection.ts';
import { findUserByLogin } from '../db/account.repository.ts';
import { DEMO_ACCOUNTS } from '../services/demo.ts';

export interface BannerInput {
  url: string;
  database: Database;
  seedDemo: boolean;
  seeded: boolean;
  migrationsApplied: number;
  /** Set when HOST=0.0.0.0 (or ::): the host names served besides loopback, for a hint. */
  everyInterface?: { servedHosts: readonly string[] };
}

export async function startupBanner(b: BannerInput): Promise<string> {
  const { db } = b.database;
  const demo = Boolean(await findUserByLogin(db, { email: DEMO_ACCOUNTS.en.email }));
  const anyUser = Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  const where = b.database.engine === 'sqlite' ? b.database.file : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    `CreatorDesk is running at ${b.url}`,
    `Database: ${where}${b.seeded ? ' (demo data seeded)' : ''}` +
      (b.migrationsApplied ? `; ${b.migrationsApplied} migrations applied by this process` : ''),
  ];
  if (b.everyInterface) {
    const served = b.everyInterface.servedHosts.join(', ');
    lines.push(
      `Listening on every interface. Other devices reach it only by a name or address in ALLOWED_HOSTS or`,
      `CREATORDESK_SITE (now: ${served || 'none'}); any other Host gets 421. E.g. ALLOWED_HOSTS=192.168.1.20`,
    );
  }
  if (b.seedDemo && demo) {
    lines.push(
      `Demo login (zh-cn): phone ${DEMO_ACCOUNTS.zh.phone}  password ${DEMO_ACCOUNTS.zh.password}`,
      `Demo login (en-us): email ${DEMO_ACCOUNTS.en.email}  password ${DEMO_ACCOUNTS.en.password}`,
    );
  } else if (demo) {
    lines.push(
      `WARNING: the demo accounts (published passwords) exist in this database. Start from an empty`,
      `database for a team install, or give them new passwords: npm run account -- password --email ${DEMO_ACCOUNTS.en.email}`,
    );
  } else if (!anyUser) {
    lines.push(
      'No accounts yet. Create the first one: npm run account -- create --email you@example.com',
      '(or sign up in the browser); then open Team, create the team and send its invite link.',
    );
  }
  return `\n${lines.map((l) => `  ${l}`).join('\n')}\n`;
}
