/**
 * TikTok's answer envelope `{code, message, request_id, data}` (code 0 = success; `data` null on
 * failure), read from the raw answer with zod. Field names are TikTok's own.
 */
import { z } from 'zod';
import { classify, TtsApiError } from './errors.ts';
import { parseRetryAfter } from './backoff.ts';

export const Envelope = z.object({
  code: z.number().int(),
  message: z.string().catch(''),
  request_id: z.string().catch(''),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof Envelope>;

export interface RawAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/** Short, value-free description of zod issues: paths and messages only (items may hold people's data). */
export function issuesOf(err: z.ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ')
    .slice(0, 500);
}

/**
 * The envelope's `data` parsed with `schema`, or a TtsApiError: TikTok's error (classified), an
 * answer that is not an envelope (429 and 5xx keep their meaning), or data that fails validation.
 */
export function readEnvelope<T>(raw: RawAnswer, path: string, schema: z.ZodType<T>, nowMs: number) {
  const retryAfterMs = parseRetryAfter(raw.retryAfter, nowMs);
  let json: unknown;
  try {
    json = JSON.parse(raw.text);
  } catch {
    json = undefined;
  }
  const env = Envelope.safeParse(json);
  if (!env.success) {
    const kind = classify(0, '', raw.status);
    const what = raw.status >= 400 ? `HTTP ${raw.status}` : 'not a TikTok envelope';
    throw new TtsApiError(
      kind === 'unknown' ? 'invalid_response' : kind,
      0,
      what,
      '',
      raw.status,
      path,
      retryAfterMs,
    );
  }
  const { code, message, request_id: requestId } = env.data;
  if (code !== 0) {
    throw new TtsApiError(
      classify(code, message, raw.status),
      code,
      message.slice(0, 500),
      requestId.slice(0, 100),
      raw.status,
      path,
      retryAfterMs,
    );
  }
  const data = schema.safeParse(env.data.data ?? {});
  if (!data.success)
    throw new TtsApiError(
      'invalid_response',
      0,
      issuesOf(data.error),
      requestId.slice(0, 100),
      raw.status,
      path,
    );
  return { data: data.data, requestId: requestId.slice(0, 100) };
}
