/**
 * Sign-in, registration, sessions and password change.
 *
 * One live session per account: opening a session while another is live answers 10020 unless
 * `force`, which revokes the others as 'replaced' (their next call gets 10007). Tokens are 32
 * random bytes; only their sha256 is stored. Every attempt that takes a secret (password, SMS
 * code, a sign-up) is reserved against its limits before the slow work and given back when it
 * does not count (rate-reservation.ts). Slow work (scrypt) and the reservation happen outside the
 * use case's transaction: a rolled-back transaction would forget the failure, and on SQLite a
 * transaction held during scrypt would stall every other writer.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ChangePasswordCommand, GetTokenCommand, SessionData } from '../../contract/schemas/account.ts';
import { TOKEN_TTL_SECONDS } from '../../contract/constants.ts';
import { createAccount, findUserByLogin } from '../db/account.repository.ts';
import { engineOf } from '../db/dialect.ts';
import type { DB, User } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError, conflict, invalid } from '../domain/errors.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { insertSession, type AuthContext } from './session.service.ts';
import { clearHits, LIMITS, loginBackoff } from './rate-limit.ts';
import { backoffGuard, limitGuard, withReservation, type Guard } from './rate-reservation.ts';
import { checkSmsCode, consumeSmsCode } from './sms.service.ts';

type Db = Kysely<DB>;

/** Compared against when the account does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;
const dummy = (): Promise<string> => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

const loginFailed = (): AppError => new AppError(40001, 'account_login_failed', { field: 'password' });

/**
 * Opens a session for `user` inside `trx`. `beforeOpen` runs after the 10020 check and before
 * the insert (it spends an SMS code, so a 10020 answer does not cost the user their code).
 */
export async function openSession(
  trx: Transaction<DB>,
  user: User,
  force: boolean,
  beforeOpen?: () => Promise<void>,
): Promise<SessionData> {
  // Serialise sign-ins of one account across processes (SQLite writes are serial already).
  if (engineOf(trx) === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
  const t = now();
  // A paired browser extension (kind 'extension') is not a sign-in: it stays.
  const live = trx
    .updateTable('sessions')
    .where('user_id', '=', user.id)
    .where('kind', '=', 'app')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', t);
  if (!force) {
    const other = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'app')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', t)
      .executeTakeFirst();
    if (other) throw new AppError(10020, 'account_signed_in_elsewhere');
  } else {
    await live.set({ revoked_at: t, revoked_reason: 'replaced' }).execute();
  }
  await beforeOpen?.();
  const { token, expires } = await insertSession(trx, user, t, TOKEN_TTL_SECONDS);
  await trx.updateTable('users').set({ login_time: t }).where('id', '=', user.id).execute();
  return {
    token,
    token_expiration_time: expires,
    member_name: user.member_name,
    phone: user.phone ?? '',
    login_time: t,
  };
}

/** A wrong password or SMS code: the outcomes that count against the sign-in limits. */
const isGuessFailure = (err: unknown): boolean =>
  err instanceof AppError &&
  (err.msgKey === 'account_login_failed' || err.msgKey === 'account_sms_code_invalid');

/**
 * The sign-in limits of one attempt on `account` from `ip`. Failures slow down the pair (account,
 * address) only, so a stranger guessing cannot lock the owner out (an account's phone and email
 * share one key); the address also has a ceiling over all accounts. Both answer HTTP 429.
 */
const signInGuards = (account: string, ip: string, lockedKey?: string): Guard[] => [
  limitGuard(LIMITS.loginFailIp(ip), lockedKey ?? 'account_login_ip_limit', 429),
  backoffGuard(loginBackoff(account, ip), lockedKey ?? 'account_login_locked'),
];

export async function signIn(
  db: Db,
  cmd: Extract<GetTokenCommand, { kind: 'password' | 'sms' }>,
  ip: string,
): Promise<SessionData> {
  const login = cmd.kind === 'sms' ? { phone: cmd.phone } : cmd.login;
  const user = await findUserByLogin(db, login);
  const account = user ? `user:${user.id}` : 'phone' in login ? login.phone : login.email;
  // The attempt is counted before the code check or the hash and given back unless it failed, so
  // parallel guesses cannot all pass the limits while the first ones are still hashing.
  const { found, smsId } = await withReservation(db, signInGuards(account, ip), isGuessFailure, async () => {
    const smsId = cmd.kind === 'sms' ? await checkSmsCode(db, cmd.phone, cmd.code) : undefined;
    if (cmd.kind === 'password') {
      const good = await verifyPassword(cmd.password, user?.password_hash ?? (await dummy()));
      if (!good) throw loginFailed();
    }
    if (!user) throw loginFailed();
    return { found: user, smsId };
  });
  // At sign-in there is no session to force out: a plain error the login form shows (not 10008).
  if (found.disabled) throw new AppError(40003, 'account_disabled');

  const data = await db
    .transaction()
    .execute((trx) =>
      openSession(trx, found, cmd.force, smsId === undefined ? undefined : () => consumeSmsCode(trx, smsId)),
    );
  await clearHits(db, loginBackoff(account, ip).key);
  return data;
}

/** zh-cn accounts show a masked phone, en-us accounts the email's local part. */
function defaultName(phone: string | undefined, email: string | undefined): string {
  if (email) return email.split('@')[0]!.slice(0, 32) || email;
  return phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : 'User';
}

export async function register(
  db: Db,
  cmd: Extract<GetTokenCommand, { kind: 'register' }>,
  ip: string,
): Promise<SessionData> {
  // Counted before any check or hash: a sign-up, and an attempt on a phone or email that already
  // has an account (40009), count against the address, so the limit holds under parallel requests
  // and probing which emails have accounts is limited too. Other refusals give the attempt back.
  const guards = [limitGuard(LIMITS.registerIp(ip), 'account_register_limit', 429)];
  const counts = (err: unknown) => err === null || (err instanceof AppError && err.code === 40009);
  return withReservation(db, guards, counts, async () => {
    const smsId = cmd.phone && cmd.code ? await checkSmsCode(db, cmd.phone, cmd.code) : undefined;
    if (cmd.phone && (await findUserByLogin(db, { phone: cmd.phone }))) throw conflict('account_phone_taken');
    if (cmd.email && (await findUserByLogin(db, { email: cmd.email }))) throw conflict('account_email_taken');
    const passwordHash = await hashPassword(cmd.password);
    try {
      return await db.transaction().execute(async (trx) => {
        if (smsId !== undefined) await consumeSmsCode(trx, smsId);
        const user = await createAccount(trx, {
          phone: cmd.phone ?? null,
          email: cmd.email ?? null,
          member_name: defaultName(cmd.phone, cmd.email),
          password_hash: passwordHash,
          region: cmd.region,
        });
        return openSession(trx, user, true);
      });
    } catch (err) {
      // Two sign-ups of one phone or email racing: the unique index decides, the loser hears 40009.
      const text = String((err as Error).message);
      if (/unique|duplicate/i.test(text))
        throw conflict(/email/i.test(text) ? 'account_email_taken' : 'account_phone_taken');
      throw err;
    }
  });
}

export async function logout(trx: Transaction<DB>, auth: AuthContext): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: now(), revoked_reason: 'logout' })
    .where('id', '=', auth.session.id)
    .execute();
}

export interface PreparedPassword {
  /** The SMS code to spend (phone path), or the hash the current password matched (current path). */
  proof: { smsId: number } | { checkedHash: string };
  passwordHash: string;
}

/**
 * The checks of a password change that must survive a failed transaction. By SMS code (a phone
 * account, as the spec has it) or by the current password: a wrong one is a password guess, so it
 * goes through the sign-in limits of the account and address, reserved before the hash.
 */
export async function preparePasswordChange(
  db: Db,
  user: User,
  cmd: ChangePasswordCommand,
  ip: string,
): Promise<PreparedPassword> {
  if (cmd.kind === 'sms') {
    // The command asks for the current password when the account has no phone.
    const smsId = await checkSmsCode(db, user.phone!, cmd.phoneCode);
    return { proof: { smsId }, passwordHash: await hashPassword(cmd.password) };
  }
  const guards = signInGuards(`user:${user.id}`, ip, 'account_password_locked');
  const counts = (err: unknown) => err instanceof AppError && err.msgKey === 'account_old_password_wrong';
  await withReservation(db, guards, counts, async () => {
    if (!(await verifyPassword(cmd.oldPassword, user.password_hash))) throw oldPasswordWrong();
  });
  await clearHits(db, loginBackoff(`user:${user.id}`, ip).key);
  return { proof: { checkedHash: user.password_hash }, passwordHash: await hashPassword(cmd.password) };
}

const oldPasswordWrong = (): AppError => invalid('oldPassword', 'account_old_password_wrong');

/** Sets the new hash and signs out every other session (10009); the current one stays. */
export async function applyPasswordChange(
  trx: Transaction<DB>,
  auth: AuthContext,
  prepared: PreparedPassword,
): Promise<void> {
  const { proof } = prepared;
  if ('smsId' in proof) await consumeSmsCode(trx, proof.smsId);
  const t = now();
  let change = trx
    .updateTable('users')
    .set({ password_hash: prepared.passwordHash })
    .where('id', '=', auth.user.id);
  // Two changes racing from one current password: the first wins, the second's proof is stale.
  if ('checkedHash' in proof) change = change.where('password_hash', '=', proof.checkedHash);
  const res = await change.executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw oldPasswordWrong();
  await trx
    .updateTable('sessions')
    .set({ revoked_at: t, revoked_reason: 'password' })
    .where('user_id', '=', auth.user.id)
    .where('id', '!=', auth.session.id)
    .where('revoked_at', 'is', null)
    .execute();
}
