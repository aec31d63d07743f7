/**
 * Accounts and sessions for process-level tests, written straight into the database before (or
 * while) a server process runs on it, so the tests do not spend the login rate limits.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createAccount } from '../../server/db/account.repository.ts';
import { hashToken } from '../../server/services/session.service.ts';
import { hashPassword } from '../../server/services/password.ts';
import { TOKEN_TTL_SECONDS } from '../../contract/constants.ts';

export interface Account {
  userId: number;
  workspaceId: number;
  phone: string;
  password: string;
  token: string;
}

/** Opens (and migrates) the database a server uses: DATA_DIR for SQLite, or DATABASE_URL. */
export async function openFor(dataDir: string, databaseUrl?: string): Promise<Database> {
  const database = openDatabase({ dataDir, databaseUrl });
  await migrate(database.db);
  return database;
}

export async function newSession(database: Database, userId: number, workspaceId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('hex');
  const t = Math.floor(Date.now() / 1000);
  await database.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      workspace_id: workspaceId,
      created_at: t,
      expires_at: t + TOKEN_TTL_SECONDS,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return token;
}

let seq = 0;
/** Creates `n` accounts (each with its own workspace and a live session). */
export async function createAccounts(
  database: Database,
  n: number,
  password = 'Secret#123',
): Promise<Account[]> {
  const hash = await hashPassword(password);
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const phone = `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;
    const user = await createAccount(database.db, {
      phone,
      email: null,
      member_name: `Load ${seq}`,
      password_hash: hash,
      region: 'zh-cn',
    });
    const token = await newSession(database, user.id, user.workspace_id);
    out.push({ userId: user.id, workspaceId: user.workspace_id, phone, password, token });
  }
  return out;
}

/** A form POST/PUT the way the PWA sends it; answers the parsed envelope. */
export async function callForm(
  base: string,
  method: string,
  path: string,
  body: Record<string, string | number>,
  headers: Record<string, string> = {},
): Promise<{ code: number; msg: string; data: any }> {
  const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base}/api/v0.1${path}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form.toString(),
  });
  return (await res.json()) as { code: number; msg: string; data: any };
}

const tracked: string[] = [];
/** Remembers a temporary data directory; `removeTracked()` (in afterAll) deletes them. */
export function track(dir: string): string {
  tracked.push(dir);
  return dir;
}
export function removeTracked(): void {
  for (const d of tracked.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}
