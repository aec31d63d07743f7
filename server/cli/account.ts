/**
 * Operator command for a team install (docs/hosting.md), run with the server's env:
 *
 *   npm run account -- create --email owner@agency.com [--name "Mia"]   first account, no SMS needed
 *   npm run account -- create --phone 13800138001                        a zh-cn (phone) account
 *   npm run account -- password --email agent@agency.com                 new password, sessions end
 *
 * The password is generated and printed once (or read from the first line of stdin with
 * --password-stdin). `password` is also how an email account without a phone gets back in: the
 * app's own change needs an SMS code.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { EMAIL_PATTERN } from '../../contract/constants.ts';
import { isSmsPhone, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/schemas/account.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { createAccount, findUserByLogin } from '../db/account.repository.ts';
import { now } from '../db/versioning.ts';
import { hashPassword } from '../services/password.ts';

const USAGE =
  'usage: npm run account -- create|password (--email ADDRESS | --phone NUMBER) [--name NAME] [--password-stdin]';

export interface AccountCommand {
  action: 'create' | 'password';
  login: { email: string } | { phone: string };
  name: string | undefined;
  passwordStdin: boolean;
}

export function parseAccountArgs(argv: string[]): AccountCommand {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      phone: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const action = positionals[0];
  if ((action !== 'create' && action !== 'password') || positionals.length !== 1) throw new Error(USAGE);
  if (Boolean(values.email) === Boolean(values.phone)) throw new Error(`one of --email or --phone\n${USAGE}`);
  if (values.email && (!EMAIL_PATTERN.test(values.email) || values.email.length > 254))
    throw new Error(`not an email address: ${values.email}`);
  if (values.phone && !isSmsPhone(values.phone))
    throw new Error(`not a mainland mobile number: ${values.phone}`);
  const name = values.name?.trim();
  if (name !== undefined && (name.length < 1 || name.length > 32))
    throw new Error('--name: 1 to 32 characters');
  return {
    action,
    login: values.email ? { email: values.email.toLowerCase() } : { phone: values.phone! },
    name,
    passwordStdin: values['password-stdin'],
  };
}

/** 18 random characters without look-alikes: ~105 bits, fits the 6–64 character rule. */
export function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(crypto.randomBytes(18), (b) => alphabet[b % alphabet.length]).join('');
}

function readPassword(cmd: AccountCommand): { password: string; generated: boolean } {
  if (!cmd.passwordStdin) return { password: generatePassword(), generated: true };
  const password = (fs.readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '').trimEnd();
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new Error(`the password needs ${PASSWORD_MIN}–${PASSWORD_MAX} characters`);
  return { password, generated: false };
}

export async function runAccount(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (l) => console.log(l),
): Promise<void> {
  const cmd = parseAccountArgs(argv);
  const config = loadConfig(env);
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(database.db);
    const { db } = database;
    const found = await findUserByLogin(db, cmd.login);
    const who = 'email' in cmd.login ? cmd.login.email : cmd.login.phone;
    if (cmd.action === 'create' && found) throw new Error(`${who} already has an account (user ${found.id})`);
    if (cmd.action === 'password' && !found) throw new Error(`no account for ${who}`);
    const { password, generated } = readPassword(cmd);
    const passwordHash = await hashPassword(password);
    if (cmd.action === 'create') {
      const isEmail = 'email' in cmd.login;
      const user = await createAccount(db, {
        ...cmd.login,
        member_name:
          cmd.name ?? (isEmail ? who.split('@')[0]!.slice(0, 32) : `${who.slice(0, 3)}****${who.slice(-4)}`),
        password_hash: passwordHash,
        region: isEmail ? 'en-us' : 'zh-cn',
      });
      print(`account created: ${who} (user ${user.id})`);
    } else {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', found!.id)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now(), revoked_reason: 'password' })
          .where('user_id', '=', found!.id)
          .where('revoked_at', 'is', null)
          .execute();
      });
      print(`password changed: ${who} (its sessions are signed out)`);
    }
    if (generated) print(`password: ${password}   (shown once: keep it in a password manager)`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAccount(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
