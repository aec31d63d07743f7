/**
 * Parses a request part with a zod schema from contract/. A failure becomes 40001 whose msg
 * names the field. A schema may carry a message key as its issue message (e.g.
 * `z.string().min(1, 'phone_required')`); it is localised when messages.ts knows it.
 */
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { MESSAGES } from './messages.ts';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  const key = issue?.message && MESSAGES[issue.message] ? issue.message : 'invalid_param';
  throw new AppError(40001, key, { field });
}

/** The GET query or the non-GET body (a form object, or JSON for the few JSON calls such as ingest). */
export function input(req: { method: string; query: unknown; body: unknown }): unknown {
  const src = (req.method === 'GET' || req.method === 'HEAD' ? req.query : req.body) ?? {};
  return typeof src === 'object' ? src : {};
}
