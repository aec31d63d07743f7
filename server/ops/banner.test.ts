/**
 * The start banner: demo logins only where demo data is meant to be, the first-account command on
 * an empty team install, and a warning when a team install finds the published demo accounts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { ensureDemoAccounts } from '../services/seed.service.ts';
import { DEMO_ACCOUNTS } from '../services/demo.ts';
import { startupBanner } from './banner.ts';

let database: Database | undefined;
afterEach(async () => database?.close());

async function fresh(withDemo: boolean): Promise<Database> {
  database = openDatabase({ dataDir: '', memory: true });
  await migrate(database.db);
  if (withDemo) await ensureDemoAccounts(database);
  return database;
}
const banner = (db: Database, seedDemo: boolean) =>
  startupBanner({
    url: 'http://127.0.0.1:5180',
    database: db,
    seedDemo,
    seeded: false,
    migrationsApplied: 0,
  });

describe('start banner', () => {
  it('npm start with demo data prints the demo logins', async () => {
    const text = await banner(await fresh(true), true);
    expect(text).toContain(
      `Demo login (en-us): email ${DEMO_ACCOUNTS.en.email}  password ${DEMO_ACCOUNTS.en.password}`,
    );
    expect(text).not.toContain('No accounts yet');
  });

  it('an empty team install prints no logins, only how to create the first account', async () => {
    const text = await banner(await fresh(false), false);
    expect(text).not.toContain('Demo login');
    expect(text).not.toContain(DEMO_ACCOUNTS.en.password);
    expect(text).toContain('No accounts yet. Create the first one: npm run account -- create --email');
  });

  it('HOST=0.0.0.0 says which host names other devices may use (the rest get 421)', async () => {
    const db = await fresh(false);
    const everywhere = (servedHosts: string[]) =>
      startupBanner({
        url: 'http://localhost:5180',
        database: db,
        seedDemo: false,
        seeded: false,
        migrationsApplied: 0,
        everyInterface: { servedHosts },
      });
    expect(await everywhere([])).toContain('in ALLOWED_HOSTS or');
    expect(await everywhere([])).toContain('(now: none); any other Host gets 421');
    expect(await everywhere(['192.168.1.20', 'desk.lan'])).toContain('(now: 192.168.1.20, desk.lan)');
    expect(await banner(db, false)).not.toContain('ALLOWED_HOSTS');
  });

  it('a team install that finds the demo accounts warns and prints no password', async () => {
    const text = await banner(await fresh(true), false);
    expect(text).toContain('WARNING: the demo accounts (published passwords) exist in this database');
    expect(text).not.toContain(DEMO_ACCOUNTS.en.password);
  });
});

describe('start banner: the secrets key', () => {
  it('says where a generated key file is, and that connections are off without a key on PostgreSQL', async () => {
    const db = await fresh(false);
    const made = await startupBanner({
      url: 'http://127.0.0.1:5180',
      database: db,
      seedDemo: false,
      seeded: false,
      migrationsApplied: 0,
      secretsKey: { source: 'file-created', file: '/data/secrets.key' },
    });
    expect(made).toContain('Secrets key: generated /data/secrets.key (mode 0600)');
    expect(made).toContain('A team install sets SECRETS_KEY instead');
    const none = await startupBanner({
      url: 'http://127.0.0.1:5180',
      database: db,
      seedDemo: false,
      seeded: false,
      migrationsApplied: 0,
      secretsKey: { source: 'none' },
    });
    expect(none).toContain('TikTok Shop connections are off: set SECRETS_KEY');
    const set = await startupBanner({
      url: 'http://127.0.0.1:5180',
      database: db,
      seedDemo: false,
      seeded: false,
      migrationsApplied: 0,
      secretsKey: { source: 'setting' },
    });
    expect(set).not.toMatch(/secrets|SECRETS_KEY/i);
  });
});
