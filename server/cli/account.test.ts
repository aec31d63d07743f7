/**
 * `npm run account` (the first account of a team install, and a password reset for accounts that
 * cannot receive SMS): creates a signed-in-able account with a generated password printed once,
 * refuses a second account for the same login, resets a password and signs out its sessions.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { findUserByLogin } from '../db/account.repository.ts';
import { verifyPassword } from '../services/password.ts';
import { newSession } from '../../tests/reliability/accounts.ts';
import { parseAccountArgs, runAccount } from './account.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-account-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function run(argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runAccount(argv, env, (l) => lines.push(l));
  return lines;
}
const passwordIn = (lines: string[]) =>
  /^password: (\S+)/.exec(lines.find((l) => l.startsWith('password:')) ?? '')?.[1];

async function user(email: string) {
  const database = openDatabase({ dataDir });
  try {
    return await findUserByLogin(database.db, { email });
  } finally {
    await database.close();
  }
}

describe('npm run account', () => {
  it('creates the first account with a generated password, shown once', async () => {
    const lines = await run(['create', '--email', 'Owner@Agency.example', '--name', 'Mia']);
    expect(lines[0]).toMatch(/^account created: owner@agency\.example \(user \d+\)$/);
    const password = passwordIn(lines)!;
    expect(password).toMatch(/^[A-Za-z0-9]{18}$/);
    const owner = await user('owner@agency.example');
    expect(owner).toMatchObject({ member_name: 'Mia', region: 'en-us', disabled: 0 });
    expect(await verifyPassword(password, owner!.password_hash)).toBe(true);
    await expect(run(['create', '--email', 'owner@agency.example'])).rejects.toThrow(
      /already has an account/,
    );
  });

  it('resets a password: the old one stops working and every session of the account ends', async () => {
    const first = passwordIn(await run(['create', '--email', 'agent@agency.example']))!;
    const agent = (await user('agent@agency.example'))!;
    const database = openDatabase({ dataDir });
    await newSession(database, agent.id, agent.workspace_id);
    await database.close();
    const lines = await run(['password', '--email', 'agent@agency.example']);
    expect(lines[0]).toBe('password changed: agent@agency.example (its sessions are signed out)');
    const second = passwordIn(lines)!;
    const after = (await user('agent@agency.example'))!;
    expect(await verifyPassword(second, after.password_hash)).toBe(true);
    expect(await verifyPassword(first, after.password_hash)).toBe(false);
    const db = openDatabase({ dataDir });
    const live = await db.db
      .selectFrom('sessions')
      .select('revoked_reason')
      .where('user_id', '=', agent.id)
      .execute();
    await db.close();
    expect(live).toEqual([{ revoked_reason: 'password' }]);
    await expect(run(['password', '--email', 'nobody@agency.example'])).rejects.toThrow(/no account for/);
  });

  it('says what is wrong with the arguments', () => {
    expect(() => parseAccountArgs(['create'])).toThrow(/one of --email or --phone/);
    expect(() => parseAccountArgs(['create', '--email', 'a@b.co', '--phone', '13800138000'])).toThrow(
      /one of/,
    );
    expect(() => parseAccountArgs(['create', '--email', 'not-an-email'])).toThrow(/not an email address/);
    expect(() => parseAccountArgs(['create', '--phone', '12345'])).toThrow(/not a mainland mobile number/);
    expect(() => parseAccountArgs(['delete', '--email', 'a@b.co'])).toThrow(/usage/);
    expect(parseAccountArgs(['create', '--phone', '13800138001'])).toMatchObject({
      login: { phone: '13800138001' },
    });
  });
});
