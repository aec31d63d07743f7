/**
 * Accounts, sessions, SMS codes and VIP redeem codes.
 *
 * `/member/getToken` carries three use cases (password sign-in, SMS sign-in, register). Its
 * endpoint schema only checks the shape; `getTokenCommand(language)` then applies the sign-in
 * form's validation rules, which depend on the mode and on the locale, and yields a typed command.
 * Issue messages are message keys the server localises (server/domain/messages/account.messages.ts).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  CN_PHONE_PATTERN,
  EMAIL_PATTERN,
  PHONE_LENGTH,
  REDEEM_CODE_PATTERN,
  SMS_CODE_LENGTH,
  SYS_TAG,
  type Language,
} from '../constants.ts';
import { empty, optFlag, optText } from './common.ts';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
const DIGITS_PHONE = new RegExp(`^\\d{${PHONE_LENGTH}}$`);

/** A phone that can receive an SMS code: exactly 11 characters, starting 1, then 3-9 (CN_PHONE_PATTERN). */
export const isSmsPhone = (v: string): boolean => v.length === PHONE_LENGTH && CN_PHONE_PATTERN.test(v);

/** A required form string: absent, null and '' all give `key`, so the msg says what to enter. */
const required = (key: string, max: number, trim = true) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
      trim ? z.string().trim() : z.string(),
    )
    .pipe(z.string().min(1, key).max(max));
const smsPhone = () =>
  required('account_phone_required', 64).pipe(z.string().refine(isSmsPhone, 'account_phone_invalid'));

export const getTokenRequest = z.object({
  sys_tag: optText(64).refine((v) => v === undefined || v === SYS_TAG, 'account_sys_tag_invalid'),
  phone: optText(254),
  email: optText(254),
  isPassword: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 1 : Number(v)),
    z.union([z.literal(1), z.literal(2)], { error: 'account_login_mode_invalid' }),
  ),
  // Not trimmed: spaces may be part of a password.
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(1000).optional()),
  phoneCode: optText(64),
  force: optFlag(),
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['register', 'login']).optional()),
  partner: optText(64),
});
export type GetTokenRequest = z.infer<typeof getTokenRequest>;

export type GetTokenCommand =
  | { kind: 'password'; login: { phone: string } | { email: string }; password: string; force: boolean }
  | { kind: 'sms'; phone: string; code: string; force: boolean }
  | {
      kind: 'register';
      region: Language;
      phone: string | undefined;
      email: string | undefined;
      code: string | undefined;
      password: string;
    };

/** The mode- and locale-dependent validation rules of the sign-in form, checked in the order the form shows them. */
export const getTokenCommand = (language: Language) =>
  getTokenRequest.transform((v, ctx): GetTokenCommand => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const password = v.password ?? '';
    if (v.type === 'register') {
      if (language === 'zh-cn') {
        if (!v.phone) return fail('phone', 'account_phone_required');
        if (!isSmsPhone(v.phone)) return fail('phone', 'account_phone_invalid');
      } else {
        if (!v.email) return fail('email', 'account_email_required');
        if (!EMAIL_PATTERN.test(v.email) || v.email.length > 254)
          return fail('email', 'account_email_invalid');
        if (v.phone && !isSmsPhone(v.phone)) return fail('phone', 'account_phone_invalid');
      }
      // A phone on an account is always verified: zh-cn always, en-us when one is given.
      if (v.phone) {
        if (!v.phoneCode) return fail('phoneCode', 'account_sms_code_required');
        if (!SMS_CODE_PATTERN.test(v.phoneCode)) return fail('phoneCode', 'account_sms_code_format');
      }
      if (!password) return fail('password', 'account_password_required');
      if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
        return fail('password', 'account_password_length');
      return {
        kind: 'register',
        region: language,
        phone: v.phone,
        email: language === 'en-us' ? v.email : undefined,
        code: v.phone ? v.phoneCode : undefined,
        password,
      };
    }
    // Sign-in: the en-us form sends one "email or phone" field; accept it in either key.
    const account = v.phone ?? v.email;
    if (!account) return fail(v.email === undefined ? 'phone' : 'email', 'account_login_required');
    const field = v.phone !== undefined ? 'phone' : 'email';
    const login: { phone: string } | { email: string } | undefined = DIGITS_PHONE.test(account)
      ? { phone: account }
      : EMAIL_PATTERN.test(account) && account.length <= 254
        ? { email: account }
        : undefined;
    if (!login) return fail(field, 'account_phone_or_email');
    const force = v.force === 1;
    if (v.isPassword === 2) {
      if (!('phone' in login)) return fail(field, 'account_sms_login_phone_only');
      if (!v.phoneCode) return fail('phoneCode', 'account_sms_code_required');
      if (!SMS_CODE_PATTERN.test(v.phoneCode)) return fail('phoneCode', 'account_sms_code_format');
      return { kind: 'sms', phone: login.phone, code: v.phoneCode, force };
    }
    if (!password) return fail('password', 'account_password_required');
    return { kind: 'password', login, password, force };
  });

export const sessionData = z.object({
  token: z.string(),
  token_expiration_time: z.number().int(),
  member_name: z.string(),
  /** '' when the account has no phone. */
  phone: z.string(),
  login_time: z.number().int(),
});
export type SessionData = z.infer<typeof sessionData>;

/** A password field of a form: not trimmed (spaces may be part of it), '' and null are absent. */
const optPassword = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().max(1000).optional(),
  );

/**
 * PUT /member/change.pw. The shape only; `changePasswordCommand` applies the rules, which depend
 * on whether the account has a phone (docs/decisions/accounts.md).
 */
export const changePasswordRequest = z.object({
  password: optPassword(),
  repassword: optPassword(),
  phoneCode: optText(64),
  /**
   * The account's current password, proof instead of an SMS code: the only proof an account
   * without a phone (an email account) can give. A wrong one counts as a failed sign-in.
   */
  oldPassword: optPassword(),
});

export type ChangePasswordCommand =
  | { kind: 'sms'; password: string; phoneCode: string }
  | { kind: 'current'; password: string; oldPassword: string };

/**
 * The rules of a password change, checked in the order its form shows the fields. A phone account:
 * new password, repeat, SMS code. With `oldPassword`, or for an account without
 * a phone: current password, new password, repeat. Equality of the two is checked last, here only.
 */
export const changePasswordCommand = (hasPhone: boolean) =>
  changePasswordRequest.transform((v, ctx): ChangePasswordCommand => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const byCurrent = v.oldPassword !== undefined || !hasPhone;
    if (byCurrent && !v.oldPassword) return fail('oldPassword', 'account_old_password_required');
    const password = v.password ?? '';
    if (!password) return fail('password', 'account_password_required');
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
      return fail('password', 'account_password_length');
    if (!v.repassword) return fail('repassword', 'account_repassword_required');
    if (!byCurrent) {
      if (!v.phoneCode) return fail('phoneCode', 'account_sms_code_required');
      if (!SMS_CODE_PATTERN.test(v.phoneCode)) return fail('phoneCode', 'account_sms_code_format');
    }
    if (v.repassword !== password) return fail('repassword', 'account_password_mismatch');
    return byCurrent
      ? { kind: 'current', password, oldPassword: v.oldPassword! }
      : { kind: 'sms', password, phoneCode: v.phoneCode! };
  });

export const smsRequest = z.object({ phone: smsPhone() });

export const vipOpenRequest = z.object({
  code: required('account_redeem_code_required', 64)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(REDEEM_CODE_PATTERN, 'account_redeem_code_invalid')),
  /** Sent by the spec's client; the code is always redeemed for the signed-in account. */
  phone: optText(254),
});

export const vipData = z.object({
  tier: z.enum(['normal', 'vip']),
  /** Unix seconds; null when the account never had VIP. */
  end_time: z.number().int().nullable(),
});

export const memberInfo = z.object({
  member_name: z.string(),
  phone: z.string(),
  email: z.string(),
  login_time: z.number().int().nullable(),
  vip: vipData,
});

export const accountEndpoints = {
  memberGetToken: endpoint({
    method: 'POST',
    path: '/member/getToken',
    auth: false,
    request: getTokenRequest,
    response: sessionData,
  }),
  memberLogout: endpoint({
    method: 'GET',
    path: '/member/logout',
    auth: true,
    request: empty,
    response: z.null(),
  }),
  memberChangePw: endpoint({
    method: 'PUT',
    path: '/member/change.pw',
    auth: true,
    request: changePasswordRequest,
    response: z.null(),
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/member/info',
    auth: true,
    request: empty,
    response: memberInfo,
  }),
  commonSms: endpoint({
    method: 'POST',
    path: '/common/sms',
    auth: false,
    request: smsRequest,
    response: z.object({ resend_after: z.number().int(), expires_in: z.number().int() }),
  }),
  commonVipOpen: endpoint({
    method: 'POST',
    path: '/common/vip.open',
    auth: true,
    request: vipOpenRequest,
    response: z.object({ vip: vipData }),
  }),
};
