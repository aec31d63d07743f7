/**
 * One HTTP exchange with TikTok and the retry loop around it. The request is rebuilt for every try
 * (`build(attempt)`), so a signed call gets a fresh timestamp and signature each time (the gateway
 * refuses timestamps older than 5 minutes). URLs never reach the log: the token calls carry the app
 * secret in their query, the business calls a signature.
 */
import type { z } from 'zod';
import { ACTIONS, TtsApiError } from './errors.ts';
import { readEnvelope, type RawAnswer } from './envelope.ts';
import { throttleDelay, backoffDelay } from './backoff.ts';
import type { TtsRuntime } from './runtime.ts';

export interface BuiltRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
}

export interface Exchange<T> {
  /** The API path, for errors and logs (never the URL). */
  path: string;
  build: () => BuiltRequest;
  data: z.ZodType<T>;
  /** Repeat on throttling, server faults and invalid answers; false for calls that must run once. */
  retry: boolean;
  signal?: AbortSignal;
}

export interface ExchangeResult<T> {
  data: T;
  requestId: string;
}

async function send(
  rt: TtsRuntime,
  req: BuiltRequest,
  path: string,
  signal?: AbortSignal,
): Promise<RawAnswer> {
  const timeout = AbortSignal.timeout(rt.timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await rt.fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: combined,
      redirect: 'manual',
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    throw new TtsApiError('transient', 0, `network: ${String(cause).slice(0, 60)}`, '', 0, path);
  }
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > rt.maxResponseBytes) {
    await res.body?.cancel();
    throw new TtsApiError('invalid_response', 0, `answer of ${length} bytes`, '', res.status, path);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason ?? err;
    throw new TtsApiError('transient', 0, 'network: answer cut off', '', res.status, path);
  }
  if (text.length > rt.maxResponseBytes)
    throw new TtsApiError('invalid_response', 0, `answer of ${text.length} characters`, '', res.status, path);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
}

export async function exchange<T>(rt: TtsRuntime, x: Exchange<T>): Promise<ExchangeResult<T>> {
  const max = x.retry ? Math.max(1, rt.retry.maxAttempts) : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const raw = await send(rt, x.build(), x.path, x.signal);
      return readEnvelope(raw, x.path, x.data, rt.nowMs());
    } catch (err) {
      if (!(err instanceof TtsApiError)) throw err;
      const retryable = ACTIONS[err.kind] === 'retry' || err.kind === 'invalid_response';
      const tooLong = err.retryAfterMs !== undefined && err.retryAfterMs > rt.retry.maxRetryAfterMs;
      if (!retryable || attempt >= max || tooLong) throw err;
      const delay =
        err.kind === 'throttled'
          ? throttleDelay(attempt, err.retryAfterMs, rt.retry, rt.random)
          : Math.max(err.retryAfterMs ?? 0, backoffDelay(attempt, rt.retry, rt.random));
      rt.log.warn(
        { path: x.path, kind: err.kind, code: err.code, requestId: err.requestId, attempt, delayMs: delay },
        'TikTok Shop call failed; trying again',
      );
      await rt.sleep(delay, x.signal);
    }
  }
}
