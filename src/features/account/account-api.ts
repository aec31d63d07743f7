/**
 * The account calls (getToken, sms, logout, change.pw, vip.open, member info).
 * Login and register read the raw envelope themselves (10020 opens a confirm, other codes show
 * their msg in the form); the rest go through the client's usual error catalogue.
 */
import { PARTNER_CODE, SYS_TAG } from '../../../contract/constants.ts';
import type { z } from 'zod';
import type { memberInfo as memberInfoSchema } from '../../../contract/schemas/account.ts';
import type { Envelope } from '../../../contract/wire.ts';
import { request } from '../../api/client.ts';
import type { LoginSession } from '../../api/session.ts';

export interface Credentials {
  phone?: string;
  email?: string;
  /** 1 password, 2 SMS code. */
  isPassword: 1 | 2;
  password?: string;
  phoneCode?: string;
  register?: boolean;
}

export function getToken(c: Credentials, force: boolean): Promise<Envelope<LoginSession | null>> {
  const body: Record<string, unknown> = {
    sys_tag: SYS_TAG,
    isPassword: c.isPassword,
    phone: c.phone,
    email: c.email,
    password: c.isPassword === 1 ? c.password : undefined,
    phoneCode: c.phoneCode || undefined,
    force: force ? 1 : undefined,
  };
  if (c.register) Object.assign(body, { type: 'register', partner: PARTNER_CODE });
  return request<LoginSession | null>('POST', '/member/getToken', body, { raw: true });
}

// The rest resolve on code 200 (showing the server msg as a success toast) and reject otherwise,
// after the client has shown the error.
export const sendSms = (phone: string) =>
  request<unknown>('POST', '/common/sms', { phone }, { toastSuccess: true });

/** Silent: leaving must work even when the server cannot be reached. */
export const logout = () => request<unknown>('GET', '/member/logout', undefined, { silent: true });

/** By SMS code (a phone account) or by the current password (`oldPassword`, any account). */
export const changePassword = (
  b: { password: string; repassword: string } & ({ phoneCode: string } | { oldPassword: string }),
) => request<unknown>('PUT', '/member/change.pw', b, { toastSuccess: true });

/** The envelope, and no toast: the redeem forms show a refusal at the code field (vip/redeem.ts). */
export const openVip = (b: { code: string; phone: string }): Promise<Envelope<unknown>> =>
  request<unknown>('POST', '/common/vip.open', b, { raw: true, silent: true });

export type MemberInfo = z.output<typeof memberInfoSchema>;

/** Silent: the menu simply shows no tier when the call fails (force-logout codes still act). */
export const memberInfo = () => request<MemberInfo>('GET', '/member/info', undefined, { silent: true });
