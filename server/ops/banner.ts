/**
 * What `npm start` / the server prints once it listens. Demo logins appear only where demo data is
 * meant to be (SEED_DEMO=1 and the demo accounts exist); a team install (SEED_DEMO=0) prints the
 * first-account command instead, and warns if the published demo accounts are in its database.
 */
import type { Database } from '../db/connection.ts';
import { findUserByLogin } from '../db/account.repository.ts';
import { DEMO_ACCOUNTS } from '../services/demo.ts';
import type { SecretsKey } from '../secrets/secrets-key.ts';

export interface BannerInput {
  url: string;
  database: Database;
  seedDemo: boolean;
  seeded: boolean;
  migrationsApplied: number;
  /** Set when HOST=0.0.0.0 (or ::): the host names served besides loopback, for a hint. */
  everyInterface?: { servedHosts: readonly string[] };
  /** Where the secrets-at-rest key came from (TikTok Shop credentials). */
  secretsKey?: Pick<SecretsKey, 'source' | 'file' | 'warning'>;
}

/** What the start banner says about the key that seals TikTok Shop credentials. */
export function secretsKeyLines(k: BannerInput['secretsKey']): string[] {
  if (!k) return [];
  const lines: string[] = [];
  if (k.source === 'file-created')
    lines.push(
      `Secrets key: generated ${k.file} (mode 0600). It encrypts TikTok Shop credentials: back it up with`,
      'the database (without it they cannot be read). A team install sets SECRETS_KEY instead.',
    );
  if (k.source === 'none')
    lines.push(
      'TikTok Shop connections are off: set SECRETS_KEY (openssl rand -hex 32), the key their credentials',
      'are encrypted with, the same on every process (docs/hosting.md).',
    );
  if (k.warning) lines.push(`WARNING: ${k.warning}`);
  return lines;
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
  lines.push(...secretsKeyLines(b.secretsKey));
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
