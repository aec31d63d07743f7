/**
 * Parses a request part with a zod schema from contract/. A failure becomes 40001 whose msg
 * names the field. A schema may carry a message key as its issue message (e.g.
 * `z.string().min(1, 'phone_required')`); it is localised when messages.ts knows it.
 */
import type { z } from 'zod';
import { CONTROL_CHARS } from '../../contract/constants.ts';
import { AppError } from '../domain/errors.ts';
import { MESSAGES } from '../domain/messages.ts';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  // A list over its cap (ID_LIST_MAX, NAME_LIST_MAX …) says which limit, so the caller can split it.
  if (issue?.code === 'too_big' && issue.origin === 'array')
    throw new AppError(40001, 'list_too_long', { field, max: Number(issue.maximum) });
  const key = issue?.message && MESSAGES[issue.message] ? issue.message : 'invalid_param';
  throw new AppError(40001, key, { field });
}

/** True when any string or key in `value` holds a control character; no paths built (the hot path). */
function hasControlChars(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const child of v) stack.push(child);
    } else if (v && typeof v === 'object') {
      for (const k in v) {
        if (CONTROL_CHARS.test(k)) return true;
        stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return false;
}

/**
 * The path (`creators.3.daren_name`) of the first string, or key, holding a control character
 * (CONTROL_CHARS), or null. Iterative, so a deeply nested JSON body cannot exhaust the stack; the
 * paths are only built once a control character is known to be there (a 5,000-row import body is
 * scanned in ~5-10 ms).
 */
export function controlCharPath(value: unknown): string | null {
  if (!hasControlChars(value)) return null;
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL_CHARS.test(v)) return path || 'body';
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = path ? `${path}.${k}` : k;
        if (CONTROL_CHARS.test(k)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

/** The GET query or the non-GET body (a form object, or JSON for the few JSON calls such as ingest). */
export function input(req: { method: string; query: unknown; body: unknown }): unknown {
  const src = (req.method === 'GET' || req.method === 'HEAD' ? req.query : req.body) ?? {};
  return typeof src === 'object' ? src : {};
}

/**
 * The request's input (input()) parsed with `schema`. Control characters in any text field are
 * refused whole first (40001 naming the field), before anything can reach the database.
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  req: { method: string; query: unknown; body: unknown },
): z.infer<S> {
  const raw = input(req);
  const bad = controlCharPath(raw);
  if (bad !== null) throw new AppError(40001, 'control_chars', { field: bad });
  return parse(schema, raw);
}
