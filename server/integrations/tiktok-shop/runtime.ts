/**
 * Where TikTok is and how the adapter waits: base addresses (settings, so tests, the demo and a
 * proxy can point elsewhere), the clock, sleeping and the HTTP function. Tests give their own
 * clock and sleep; production uses the defaults.
 */
import { DEFAULT_RETRY, type RetryPolicy } from './backoff.ts';

export interface TtsHosts {
  /** Business calls: `https://open-api.tiktokglobalshop.com` (every market, the US too). */
  apiBase: string;
  /** Token calls: `https://auth.tiktok-shops.com`. */
  authBase: string;
  /** The seller's consent page outside the US: `https://services.tiktokshop.com`. */
  consentBase: string;
  /** The consent page for US shops: `https://services.us.tiktokshop.com`. */
  consentBaseUs: string;
}

export const DEFAULT_HOSTS: TtsHosts = {
  apiBase: 'https://open-api.tiktokglobalshop.com',
  authBase: 'https://auth.tiktok-shops.com',
  consentBase: 'https://services.tiktokshop.com',
  consentBaseUs: 'https://services.us.tiktokshop.com',
};

export interface TtsAppCredentials {
  appKey: string;
  appSecret: string;
}

/** The subset of a pino logger the adapter uses. Objects only carry paths, codes and request ids. */
export interface TtsLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface TtsRuntime {
  fetch: typeof fetch;
  /** Milliseconds since the epoch (timestamps are re-read on every try). */
  nowMs: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  retry: RetryPolicy;
  /** Per try. */
  timeoutMs: number;
  /** Larger answers are refused rather than read into memory. */
  maxResponseBytes: number;
  log: TtsLog;
}

const silent: TtsLog = { warn: () => undefined, info: () => undefined };

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createRuntime(over: Partial<TtsRuntime> = {}): TtsRuntime {
  return {
    fetch: globalThis.fetch.bind(globalThis),
    nowMs: Date.now,
    sleep,
    random: Math.random,
    retry: DEFAULT_RETRY,
    timeoutMs: 30_000,
    maxResponseBytes: 32 * 1024 * 1024,
    log: silent,
    ...over,
  };
}

/** A base address without its trailing slash; a path prefix (a proxy's) is kept. */
export const baseOf = (url: string): string => url.replace(/\/+$/, '');
