/** The `{code,msg,data}` envelope and the request language. */
import type { FastifyRequest } from 'fastify';
import { LANGUAGES, type Language } from '../../contract/constants.ts';
import type { Envelope } from '../../contract/wire.ts';
import { message } from '../domain/messages.ts';

/** `language` comes in the query (GET) or the form body (everything else); default en-us. */
export function languageOf(req: FastifyRequest): Language {
  const fromBody = (req.body as Record<string, unknown> | undefined)?.language;
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.language;
  const raw = String(fromBody ?? fromQuery ?? req.headers['accept-language'] ?? '').toLowerCase();
  return (LANGUAGES as readonly string[]).includes(raw)
    ? (raw as Language)
    : raw.startsWith('zh')
      ? 'zh-cn'
      : 'en-us';
}

export function ok<T>(
  req: FastifyRequest,
  data: T,
  msgKey = 'ok',
  params: Record<string, string | number> = {},
): Envelope<T> {
  return { code: 200, msg: message(msgKey, languageOf(req), params), data };
}

export function fail(
  req: FastifyRequest,
  code: number,
  msgKey: string,
  params: Record<string, string | number> = {},
): Envelope<null> {
  return { code, msg: message(msgKey, languageOf(req), params), data: null };
}
