/**
 * The wire format both programs agree on (decisions D3): the `{code,msg,data}` envelope and
 * form-encoded bodies with bracket-index arrays, written by `qs`.
 */
import qs from 'qs';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Encodes a body the way the spec's client does: `bloggers[0]=a&bloggers[1]=b`. */
export function encodeForm(body: Record<string, unknown>): string {
  return qs.stringify(body, { arrayFormat: 'indices', skipNulls: true });
}

/**
 * Parses a form body or query string. Accepts bracket-index arrays, `key[]` and repeated keys.
 * Depth and array limits keep hostile bodies cheap.
 */
export function decodeForm(text: string): Record<string, unknown> {
  return qs.parse(text, {
    depth: 3,
    arrayLimit: 100_000,
    parameterLimit: 200_000,
    allowPrototypes: false,
    duplicates: 'combine',
  }) as Record<string, unknown>;
}
