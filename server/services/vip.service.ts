/**
 * VIP by redeem code and the member summary the user menu shows.
 * A code is 16 characters [A-Z0-9] (older ones 9), single use, and adds its `days` to the later of
 * now and the current VIP end: vip_until = max(now, vip_until) + days. Wrong guesses are rate
 * limited per user and address (common.routes.ts).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { REDEEM_CODE_LENGTH, REDEEM_DEFAULT_DAYS } from '../../contract/constants.ts';
import type { DB, User } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';

const DAY = 24 * 3600;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export interface Vip {
  tier: 'normal' | 'vip';
  end_time: number | null;
}

export function vipOf(user: Pick<User, 'vip_until'>, t = now()): Vip {
  const end = user.vip_until === null ? null : Number(user.vip_until);
  return { tier: end !== null && end > t ? 'vip' : 'normal', end_time: end };
}

export function memberInfoOf(user: User) {
  return {
    member_name: user.member_name,
    phone: user.phone ?? '',
    email: user.email ?? '',
    login_time: user.login_time === null ? null : Number(user.login_time),
    vip: vipOf(user),
  };
}

/** Redeems `code` for `userId`; a used code is 40009, an unknown one 40004. */
export async function redeemCode(trx: Transaction<DB>, userId: number, code: string): Promise<Vip> {
  const row = await trx.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw new AppError(40004, 'account_redeem_code_not_found');
  const t = now();
  // The guard on used_by makes a concurrent second redemption update nothing.
  const res = await trx
    .updateTable('redeem_codes')
    .set({ used_by: userId, used_at: t })
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError(40009, 'account_redeem_code_used');
  const user = await trx
    .selectFrom('users')
    .select('vip_until')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const vipUntil = Math.max(t, Number(user.vip_until ?? 0)) + Number(row.days) * DAY;
  await trx.updateTable('users').set({ vip_until: vipUntil }).where('id', '=', userId).execute();
  return vipOf({ vip_until: vipUntil }, t);
}

export function randomRedeemCode(): string {
  let s = '';
  for (let i = 0; i < REDEEM_CODE_LENGTH; i++) s += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return s;
}

/** Inserts `count` new unused codes worth `days` days each; a clash with an existing code is redrawn. */
export async function createRedeemCodes(
  db: Kysely<DB>,
  count: number,
  days = REDEEM_DEFAULT_DAYS,
): Promise<string[]> {
  const created: string[] = [];
  while (created.length < count) {
    const code = randomRedeemCode();
    const row = await db
      .insertInto('redeem_codes')
      .values({ code, days, created_at: now(), used_by: null, used_at: null })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) created.push(code);
  }
  return created;
}
