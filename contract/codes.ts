/**
 * The one vocabulary of response codes. Server and PWA both import this file;
 * adding a code here is a contract change.
 */
export const CODES = {
  OK: 200,
  NO_TOKEN: 10002,
  TOKEN_INVALID: 10003,
  TOKEN_EXPIRED: 10004,
  SESSION_REPLACED: 10007,
  ACCOUNT_DISABLED: 10008,
  PASSWORD_CHANGED: 10009,
  WORKSPACE_CHANGED: 10010,
  SIGNED_IN_ELSEWHERE: 10020,
  INVALID_PARAM: 40001,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  CONFLICT: 40009,
  /** A text record changed or deleted by another member after the version this edit was based on. */
  EDIT_CONFLICT: 40012,
  TOO_MANY_REQUESTS: 40029,
  VIP_REQUIRED: 40201,
  INTERNAL: 50000,
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];

/** Codes that make the client clear its session and go to /. */
export const FORCE_LOGOUT_CODES: readonly number[] = [
  CODES.NO_TOKEN,
  CODES.TOKEN_INVALID,
  CODES.TOKEN_EXPIRED,
  CODES.SESSION_REPLACED,
  CODES.ACCOUNT_DISABLED,
  CODES.PASSWORD_CHANGED,
  CODES.WORKSPACE_CHANGED,
];

export function isForceLogout(code: number): boolean {
  return FORCE_LOGOUT_CODES.includes(code);
}
