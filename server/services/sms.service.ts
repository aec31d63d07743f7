/**
 * SMS verification codes: 6 digits, valid 5 minutes, single use; one send per
 * phone per 120 s, at most 10 per phone per rolling day, plus a per-IP limit. Codes and limits
 * live in the database (sms_codes, rate_events), so they hold across server processes.
 *
 * Both limits are reservations (rate-reservation.ts), so they hold under parallel requests and
 * across processes: a send counts against its address in the same locked step that checks the
 * phone's own limits and stores the code, and a guess is counted against its code before the
 * comparison.
 *
 * Verifying is split in two: `checkSmsCode` (outside any transaction, so a wrong guess is
 * recorded even though the caller then fails) and `consumeSmsCode` (inside the caller's
 * transaction, so the code is spent only when the whole use case succeeds).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_TTL_SECONDS,
  SMS_COUNTDOWN_SECONDS,
  SMS_DAILY_LIMIT,
} from '../../contract/constants.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError, invalid } from '../domain/errors.ts';
import { consoleSmsProvider } from './sms/console.provider.ts';
import { httpSmsProvider } from './sms/http.provider.ts';
import type { SmsLogger, SmsProvider } from './sms/provider.ts';
import { LIMITS, retryAfter } from './rate-limit.ts';
import { limitGuard, reserve, withReservation, type Guard } from './rate-reservation.ts';

const DAY = 24 * 3600;

export function createSmsProvider(config: Config): SmsProvider {
  if (config.smsProvider === 'http') {
    if (!config.smsHttpUrl) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return httpSmsProvider(config.smsHttpUrl, config.smsHttpKey);
  }
  return consoleSmsProvider;
}

const newCode = (): string =>
  String(crypto.randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');

export interface SmsSent {
  resend_after: number;
  expires_in: number;
}

/** The phone's own limits, then the code's row: run under the reservation's lock on the phone. */
async function storeCode(conn: Kysely<DB>, phone: string, code: string, ip: string): Promise<number> {
  const t = now();
  const last = await conn
    .selectFrom('sms_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const wait = last ? Number(last.created_at) + SMS_COUNTDOWN_SECONDS - t : 0;
  if (wait > 0) throw new AppError(40029, 'account_sms_wait', { seconds: wait });
  const today = await conn
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('phone', '=', phone)
    .where('created_at', '>', t - DAY)
    .executeTakeFirst();
  if (Number(today?.n ?? 0) >= SMS_DAILY_LIMIT) throw new AppError(40029, 'account_sms_daily_limit');
  const row = await conn
    .insertInto('sms_codes')
    .values({ phone, code, created_at: t, expires_at: t + SMS_CODE_TTL_SECONDS, used_at: null, ip })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function sendSmsCode(
  db: Kysely<DB>,
  provider: SmsProvider,
  log: SmsLogger & { error(obj: object, msg: string): void },
  phone: string,
  ip: string,
): Promise<SmsSent> {
  const code = newCode();
  // Counted against the address only once the phone's limits let the code be stored; a send the
  // gateway then fails stays counted there, as it reached the gateway.
  const { value: id } = await reserve(db, [limitGuard(LIMITS.smsIp(ip), 'account_sms_ip_limit')], {
    keys: [`sms:phone:${phone}`],
    run: (conn) => storeCode(conn, phone, code, ip),
  });
  try {
    await provider.send({ phone, code }, log);
  } catch (err) {
    // Undelivered: forget the code so it neither counts against the phone's limits nor verifies.
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    log.error({ err, provider: provider.name }, 'SMS delivery failed');
    throw new AppError(50000, 'account_sms_send_failed');
  }
  return { resend_after: SMS_COUNTDOWN_SECONDS, expires_in: SMS_CODE_TTL_SECONDS };
}

const sameCode = (a: string, b: string): boolean =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

const codeInvalid = (): AppError => invalid('phoneCode', 'account_sms_code_invalid');

/**
 * Returns the id of the phone's current code when `code` matches it. Only the latest code counts;
 * it must be unused and unexpired, and dies after 5 wrong guesses. A guess is reserved against the
 * code before the comparison and kept when wrong; a dead code answers like a wrong guess.
 */
export async function checkSmsCode(db: Kysely<DB>, phone: string, code: string): Promise<number> {
  const latest = await db
    .selectFrom('sms_codes')
    .select(['id', 'code', 'created_at', 'expires_at', 'used_at'])
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest || latest.used_at !== null || Number(latest.expires_at) <= now()) throw codeInvalid();
  const failLimit = LIMITS.smsFail(Number(latest.id));
  const guard: Guard = { key: failLimit.key, wait: (c) => retryAfter(c, failLimit), refuse: codeInvalid };
  return withReservation(
    db,
    [guard],
    (err) => err !== null,
    async () => {
      if (!sameCode(code, latest.code)) throw codeInvalid();
      return Number(latest.id);
    },
  );
}

/** Spends a checked code inside the caller's transaction; a concurrent use of it loses. */
export async function consumeSmsCode(trx: Transaction<DB>, id: number): Promise<void> {
  const res = await trx
    .updateTable('sms_codes')
    .set({ used_at: now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw invalid('phoneCode', 'account_sms_code_invalid');
}

/** Test hook only (config.testHooks): the latest code sent to a phone. */
export async function latestSmsCode(db: Kysely<DB>, phone: string): Promise<string | null> {
  const row = await db
    .selectFrom('sms_codes')
    .select('code')
    .where('phone', '=', phone)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}
