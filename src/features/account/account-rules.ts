/**
 * Pure sign-in, sign-up and account-dialog rules. Each check answers the id of
 * the message to show (the spec's "messages are the placeholder texts"), or null when valid, so
 * the forms, their unit tests and nothing else decide what a user may send.
 */
import { EMAIL_PATTERN, PHONE_LENGTH, SMS_CODE_LENGTH } from '../../../contract/constants.ts';

export type LoginMode = 'password' | 'code';

/** Problems a form can report; the UI maps each to a localised message. */
export type Problem =
  | 'phone_required'
  | 'phone_invalid'
  | 'account_required'
  | 'account_invalid'
  | 'email_required'
  | 'password_required'
  | 'old_password_required'
  | 'repassword_required'
  | 'code_required'
  | 'redeem_required';

export interface ZhLogin {
  phone: string;
  password: string;
  code: string;
  mode: LoginMode;
}

/** zh-cn login: phone, then the field of the chosen mode. */
export function checkZhLogin(f: ZhLogin): Problem | null {
  if (!f.phone.trim()) return 'phone_required';
  if (f.mode === 'password' && !f.password) return 'password_required';
  if (f.mode === 'code' && !f.code.trim()) return 'code_required';
  return null;
}

/** en-us login: exactly 11 digits is a phone, otherwise it must look like an email. */
export function classifyAccount(value: string): 'phone' | 'email' | null {
  const v = value.trim();
  if (new RegExp(`^\\d{${PHONE_LENGTH}}$`).test(v)) return 'phone';
  if (EMAIL_PATTERN.test(v)) return 'email';
  return null;
}

export function checkEnLogin(f: { account: string; password: string }): Problem | null {
  if (!f.account.trim()) return 'account_required';
  if (!classifyAccount(f.account)) return 'account_invalid';
  if (!f.password) return 'password_required';
  return null;
}

/** SMS send: at login a phone is enough; at register and password change it must be 11 characters. */
export function checkSmsPhone(phone: string, strict: boolean): Problem | null {
  const p = phone.trim();
  if (!p) return strict ? 'phone_invalid' : 'phone_required';
  if (strict && p.length !== PHONE_LENGTH) return 'phone_invalid';
  return null;
}

export function checkZhRegister(f: { phone: string; code: string; password: string }): Problem | null {
  if (!f.phone.trim()) return 'phone_required';
  if (!f.code.trim()) return 'code_required';
  if (!f.password) return 'password_required';
  return null;
}

export function checkEnRegister(f: { email: string; password: string }): Problem | null {
  if (!f.email.trim()) return 'email_required';
  if (!f.password) return 'password_required';
  return null;
}

/**
 * Change password, checked in the order the dialog shows its fields; equality is the server's
 * business. By SMS code (a phone account, the spec's order): new, repeat, code. By the current
 * password (an account without a phone): current, new, repeat.
 */
export function checkChangePassword(
  f: { oldPassword: string; password: string; repassword: string; code: string },
  by: 'sms' | 'current',
): Problem | null {
  if (by === 'current' && !f.oldPassword) return 'old_password_required';
  if (!f.password) return 'password_required';
  if (!f.repassword) return 'repassword_required';
  if (by === 'sms' && !f.code.trim()) return 'code_required';
  return null;
}

export function checkRedeemCode(code: string): Problem | null {
  return code.trim() ? null : 'redeem_required';
}

/** Keeps an input within its limit (phone 11, SMS code 6) the way a maxlength attribute would. */
export const clip = (value: string, max: number): string => value.slice(0, max);
export const clipCode = (value: string): string => clip(value, SMS_CODE_LENGTH);
export const clipPhone = (value: string): string => clip(value, PHONE_LENGTH);

/**
 * The avatar letter: the first character when it is a letter, a digit or a Chinese character,
 * upper-cased; otherwise null (the caller draws the default glyph).
 */
export function avatarLetter(name: string | null | undefined): string | null {
  const first = name ? Array.from(name.trim())[0] : undefined;
  if (!first) return null;
  if (/^[\p{L}\p{Nd}]$/u.test(first)) return first.toUpperCase();
  return null;
}
