/**
 * Signed business calls to the Partner API (`open-api…`): `app_key`, `timestamp` and `sign` in the
 * query, the seller's token in `x-tts-access-token` (never in the query, never signed),
 * `shop_cipher` only on shop-scoped paths. The JSON body is serialised once and those bytes are
 * both signed and sent. Every try is re-stamped and re-signed.
 */
import type { z } from 'zod';
import { signRequest, queryValue, type QueryValue } from './signing.ts';
import { exchange, type ExchangeResult } from './http.ts';
import { baseOf, type TtsAppCredentials, type TtsHosts, type TtsRuntime } from './runtime.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiCall<T> {
  method: HttpMethod;
  /** `/category/YYYYMM/resource`, no host, no query. */
  path: string;
  /** Endpoint parameters (`page_size`, `page_token`, …); undefined values are left out. */
  query?: Readonly<Record<string, QueryValue | undefined>>;
  /** A JSON value, serialised once. POST/PUT without one send `{}` (the guide: unconfirmed which empty body the gateway wants). */
  body?: unknown;
  accessToken: string;
  /** The shop's cipher; sent only on paths that take one. */
  shopCipher?: string;
  /** Schema of the envelope's `data`, with TikTok's field names. */
  data: z.ZodType<T>;
  /** Repeat on throttling and server faults. Default: yes for GET; writes opt in when they set absolute state. */
  retry?: boolean;
  signal?: AbortSignal;
}

/**
 * Paths that refuse `shop_cipher` (36009004 "Unexpected identifier"): the authorisation and seller
 * groups. The shop-scoped groups (affiliate_seller, event, …) want it.
 */
export const refusesShopCipher = (path: string): boolean => /^\/(authorization|seller)\//.test(path);
/** Paths that cannot work without it (106013). */
export const needsShopCipher = (path: string): boolean => /^\/affiliate_seller\//.test(path);

const PATH = /^\/[A-Za-z0-9_\-./]+$/;

/** `a=1&b=x%2By`: keys and decoded values percent-encoded (`+` and `/` in page tokens included). */
export function encodeQuery(query: Readonly<Record<string, string>>): string {
  return Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

export interface TtsClient {
  readonly appKey: string;
  call<T>(c: ApiCall<T>): Promise<ExchangeResult<T>>;
}

export function createTtsClient(hosts: TtsHosts, creds: TtsAppCredentials, rt: TtsRuntime): TtsClient {
  const base = baseOf(hosts.apiBase);
  return {
    appKey: creds.appKey,
    call<T>(c: ApiCall<T>) {
      if (!PATH.test(c.path) || c.path.includes('..')) throw new Error(`not an API path: ${c.path}`);
      if (needsShopCipher(c.path) && !c.shopCipher) throw new Error(`${c.path} needs the shop's cipher`);
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(c.query ?? {})) if (v !== undefined) params[k] = queryValue(v);
      if (c.shopCipher && !refusesShopCipher(c.path)) params.shop_cipher = c.shopCipher;
      params.app_key = creds.appKey;
      const hasBody = c.body !== undefined || c.method === 'POST' || c.method === 'PUT';
      const body = hasBody ? new Uint8Array(Buffer.from(JSON.stringify(c.body ?? {}), 'utf8')) : undefined;
      return exchange(rt, {
        path: c.path,
        data: c.data,
        retry: c.retry ?? c.method === 'GET',
        signal: c.signal,
        build: () => {
          const query = { ...params, timestamp: String(Math.floor(rt.nowMs() / 1000)) };
          const sign = signRequest(creds.appSecret, {
            path: c.path,
            query,
            body,
            contentType: 'application/json',
          });
          return {
            url: `${base}${c.path}?${encodeQuery({ ...query, sign })}`,
            method: c.method,
            headers: {
              'content-type': 'application/json',
              'x-tts-access-token': c.accessToken,
              accept: 'application/json',
            },
            body,
          };
        },
      });
    },
  };
}
