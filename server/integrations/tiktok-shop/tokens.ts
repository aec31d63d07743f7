/**
 * The token calls: unsigned GETs to the token host with the app secret in the query (the guide's
 * "Token endpoints"). Their URLs never reach a log or an error. The code exchange runs once, never
 * retried (the code is single use); a refresh is retried on throttling and server faults.
 * Expiry fields are absolute Unix times despite their names; a value too small to be one (before
 * 2001) is read as a duration, defensively, and logged.
 */
import type { z } from 'zod';
import { exchange } from './http.ts';
import { encodeQuery } from './client.ts';
import { TokenData } from './schemas.ts';
import { baseOf, type TtsAppCredentials, type TtsHosts, type TtsRuntime } from './runtime.ts';

export interface TtsTokenSet {
  accessToken: string;
  /** Unix seconds. */
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: number;
  openId: string;
  sellerName: string;
  sellerBaseRegion: string;
  /** 0 seller, 1 creator: a seller connector refuses anything but 0. */
  userType: number;
  grantedScopes: string[];
}

const ABSOLUTE_AFTER = 1_000_000_000;

function absolute(value: number, nowSec: number, rt: TtsRuntime, field: string): number {
  if (value >= ABSOLUTE_AFTER) return value;
  rt.log.warn({ field }, 'TikTok Shop token expiry looks like a duration; read as seconds from now');
  return nowSec + value;
}

function toTokenSet(d: z.infer<typeof TokenData>, rt: TtsRuntime): TtsTokenSet {
  const nowSec = Math.floor(rt.nowMs() / 1000);
  return {
    accessToken: d.access_token,
    accessExpiresAt: absolute(d.access_token_expire_in, nowSec, rt, 'access_token_expire_in'),
    refreshToken: d.refresh_token,
    refreshExpiresAt: absolute(d.refresh_token_expire_in, nowSec, rt, 'refresh_token_expire_in'),
    openId: d.open_id,
    sellerName: d.seller_name,
    sellerBaseRegion: d.seller_base_region,
    userType: d.user_type,
    grantedScopes: d.granted_scopes,
  };
}

async function tokenCall(
  rt: TtsRuntime,
  hosts: TtsHosts,
  path: '/api/v2/token/get' | '/api/v2/token/refresh',
  query: Record<string, string>,
  retry: boolean,
  signal?: AbortSignal,
): Promise<TtsTokenSet> {
  const url = `${baseOf(hosts.authBase)}${path}?${encodeQuery(query)}`;
  const res = await exchange(rt, {
    path,
    data: TokenData,
    retry,
    signal,
    build: () => ({ url, method: 'GET', headers: { accept: 'application/json' } }),
  });
  return toTokenSet(res.data, rt);
}

/** Trades the consent redirect's `code` for the seller's tokens. Runs once: never retried. */
export function exchangeAuthCode(
  rt: TtsRuntime,
  hosts: TtsHosts,
  creds: TtsAppCredentials,
  authCode: string,
  signal?: AbortSignal,
): Promise<TtsTokenSet> {
  return tokenCall(
    rt,
    hosts,
    '/api/v2/token/get',
    {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      auth_code: authCode,
      grant_type: 'authorized_code',
    },
    false,
    signal,
  );
}

/** A new pair for the refresh token; the caller stores both at once before using either. */
export function refreshAccessToken(
  rt: TtsRuntime,
  hosts: TtsHosts,
  creds: TtsAppCredentials,
  refreshToken: string,
  signal?: AbortSignal,
): Promise<TtsTokenSet> {
  return tokenCall(
    rt,
    hosts,
    '/api/v2/token/refresh',
    {
      app_key: creds.appKey,
      app_secret: creds.appSecret,
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    },
    true,
    signal,
  );
}
