/**
 * Test support: calls a simulator in process (Fastify inject) with requests signed by the
 * simulator's own signer, the way a correct connector would send them. Used only by the
 * simulator's tests; the connector has its own client.
 */
// Test support only: replies are read loosely by the tests, as parsed JSON.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { TikTokSimulator } from './simulator.ts';
import { computeSign } from './signature.ts';

export interface CallOptions {
  query?: Record<string, string | number>;
  /** A JSON body (serialised once) or raw bytes. */
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  token?: string | null;
  shopCipher?: string;
  timestamp?: number;
  /** Replaces the computed sign; null leaves it out. */
  sign?: string | null;
  appKey?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  json: { code: number; message: string; request_id: string; data: T };
  text: string;
}

export function simClient(
  sim: TikTokSimulator,
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
) {
  const { appKey, appSecret } = sim.control.app;
  let token: string | undefined;

  return {
    setToken(t: string | undefined) {
      token = t;
    },
    async call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
      const query: Record<string, string> = {};
      for (const [k, v] of Object.entries(opts.query ?? {})) query[k] = String(v);
      query.app_key = opts.appKey ?? appKey;
      query.timestamp = String(opts.timestamp ?? nowSeconds());
      if (opts.shopCipher !== undefined) query.shop_cipher = opts.shopCipher;
      const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
      const contentType = opts.contentType ?? (body === undefined ? undefined : 'application/json');
      const sign =
        opts.sign === undefined
          ? computeSign({ secret: appSecret, path, query, body: body ?? '', contentType })
          : opts.sign;
      if (sign !== null) query.sign = sign;
      const search = new URLSearchParams(query).toString();
      const headers: Record<string, string> = { ...opts.headers };
      const t = opts.token === undefined ? token : opts.token;
      if (t) headers['x-tts-access-token'] = t;
      if (contentType) headers['content-type'] = contentType;
      const res = await sim.app.inject({
        method: method as 'GET',
        url: `${path}?${search}`,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      let json: any = null;
      try {
        json = JSON.parse(res.body);
      } catch {
        // not an envelope (the 503 fault)
      }
      return { status: res.statusCode, headers: res.headers, json, text: res.body };
    },
  };
}
