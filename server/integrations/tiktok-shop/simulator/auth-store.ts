/**
 * Consent codes, authorizations and tokens. One authorization per (app, seller): a new consent
 * replaces it. Expiry fields are absolute Unix times in world time, as the token host returns them.
 *
 * Choices where the guide is silent or unsure (all (unconfirmed)):
 * - A refresh rotates the refresh token and the old one stops working (unless the option
 *   `keepRotatedRefreshToken` is set); the old access token keeps working until its own expiry.
 * - The refresh token expires with the authorization (default one year after consent).
 * - A revoked authorization loses every token: calls then fail as an unknown token (36009004) and a
 *   refresh fails with 36004005 "can not find related auth record".
 */
import crypto from 'node:crypto';
import type { SimClock } from './clock.ts';

export interface Authorization {
  id: number;
  appKey: string;
  openId: string;
  grantedScopes: string[];
  /** When the seller's consent runs out (the refresh token's expiry). */
  expiresAt: number;
  revoked: boolean;
}

export interface TokenRecord {
  token: string;
  kind: 'access' | 'refresh';
  authId: number;
  expiresAt: number;
}

export interface AuthCode {
  code: string;
  appKey: string;
  openId: string;
  expiresAt: number;
  used: boolean;
}

export interface TokenPair {
  access: TokenRecord;
  refresh: TokenRecord;
  authorization: Authorization;
}

/** Base64-ish token text; letters and digits only, so the header and query need no escaping. */
const tokenText = (prefix: string, bytes: number): string =>
  prefix +
  crypto
    .randomBytes(bytes)
    .toString('base64')
    .replace(/[+/=]/g, '')
    .slice(0, Math.ceil(bytes * 1.3));

export const CODE_LIFETIME = 30 * 60;

export class AuthStore {
  private nextId = 1;
  readonly codes = new Map<string, AuthCode>();
  readonly authorizations = new Map<number, Authorization>();
  readonly tokens = new Map<string, TokenRecord>();

  constructor(
    private readonly clock: SimClock,
    private readonly lifetimes: { access: number; authorization: number },
    private readonly keepRotatedRefreshToken: boolean,
  ) {}

  /** A consent code for the seller, valid 30 minutes, single use. */
  issueCode(appKey: string, openId: string): AuthCode {
    const record: AuthCode = {
      code: tokenText('ROW_', 30),
      appKey,
      openId,
      expiresAt: this.clock.now() + CODE_LIFETIME,
      used: false,
    };
    this.codes.set(record.code, record);
    return record;
  }

  /** Spends a code; null when unknown, used, expired or from another app (all 36004004). */
  redeemCode(code: string, appKey: string): AuthCode | null {
    const record = this.codes.get(code);
    if (!record || record.used || record.appKey !== appKey || record.expiresAt <= this.clock.now())
      return null;
    record.used = true;
    return record;
  }

  /** A fresh authorization for (app, seller), replacing the previous one and its tokens. */
  authorize(appKey: string, openId: string, scopes: string[]): TokenPair {
    for (const auth of this.authorizations.values()) {
      if (auth.appKey !== appKey || auth.openId !== openId) continue;
      this.drop(auth.id);
      this.authorizations.delete(auth.id);
    }
    const authorization: Authorization = {
      id: this.nextId++,
      appKey,
      openId,
      grantedScopes: [...scopes],
      expiresAt: this.clock.now() + this.lifetimes.authorization,
      revoked: false,
    };
    this.authorizations.set(authorization.id, authorization);
    return this.mint(authorization);
  }

  /** Rotates the pair; the refresh token must be live and belong to the app. */
  refresh(refreshToken: string, appKey: string): TokenPair | 'expired' | 'unknown' {
    const record = this.tokens.get(refreshToken);
    if (!record || record.kind !== 'refresh') return 'unknown';
    const authorization = this.authorizations.get(record.authId);
    if (!authorization || authorization.revoked || authorization.appKey !== appKey) return 'unknown';
    if (record.expiresAt <= this.clock.now()) return 'expired';
    if (!this.keepRotatedRefreshToken) this.tokens.delete(refreshToken);
    return this.mint(authorization);
  }

  /** The live authorization behind an access token, or why there is none. */
  resolveAccess(token: string): Authorization | 'expired' | 'unknown' {
    const record = this.tokens.get(token);
    if (!record || record.kind !== 'access') return 'unknown';
    const authorization = this.authorizations.get(record.authId);
    if (!authorization || authorization.revoked) return 'unknown';
    if (record.expiresAt <= this.clock.now()) return 'expired';
    return authorization;
  }

  /** Expires tokens of one kind now, for every authorization or one seller's. */
  expire(kind: 'access' | 'refresh', openId?: string): number {
    let n = 0;
    const past = this.clock.now() - 1;
    for (const record of this.tokens.values()) {
      const auth = this.authorizations.get(record.authId);
      if (record.kind !== kind || (openId !== undefined && auth?.openId !== openId)) continue;
      record.expiresAt = Math.min(record.expiresAt, past);
      n++;
    }
    return n;
  }

  /** Revokes every authorization of a seller (SELLER_DEAUTHORIZATION); returns those revoked. */
  revoke(openId: string): Authorization[] {
    const revoked: Authorization[] = [];
    for (const auth of this.authorizations.values()) {
      if (auth.openId !== openId || auth.revoked) continue;
      this.drop(auth.id);
      auth.revoked = true;
      revoked.push(auth);
    }
    return revoked;
  }

  /** Changes the scopes on a seller's existing authorizations (a test removing one to see 105005). */
  setGrantedScopes(openId: string, scopes: string[]): void {
    for (const auth of this.authorizations.values()) {
      if (auth.openId === openId) auth.grantedScopes = [...scopes];
    }
  }

  liveAuthorizations(openId?: string): Authorization[] {
    return [...this.authorizations.values()].filter(
      (a) => !a.revoked && (openId === undefined || a.openId === openId),
    );
  }

  private mint(authorization: Authorization): TokenPair {
    const now = this.clock.now();
    const access: TokenRecord = {
      token: tokenText('TTP_', 48),
      kind: 'access',
      authId: authorization.id,
      expiresAt: Math.min(now + this.lifetimes.access, authorization.expiresAt),
    };
    const refresh: TokenRecord = {
      token: tokenText('TTP_', 48),
      kind: 'refresh',
      authId: authorization.id,
      expiresAt: authorization.expiresAt,
    };
    this.tokens.set(access.token, access);
    this.tokens.set(refresh.token, refresh);
    return { access, refresh, authorization };
  }

  private drop(authId: number): void {
    for (const [token, record] of this.tokens) if (record.authId === authId) this.tokens.delete(token);
  }
}
