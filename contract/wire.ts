/**
 * The wire format both programs agree on: the `{code,msg,data}` envelope and
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

/** Pairs in one body at most (beyond them the rest is ignored), and nested pairs (`a[0][b]`) at most. */
const PARAMETER_LIMIT = 200_000;
const NESTED_LIMIT = 10_000;
/** Highest list index read as a list position (qs's arrayLimit); higher ones go to qs as object keys. */
const ARRAY_LIMIT = 100_000;

const QS_OPTIONS = {
  depth: 3,
  arrayLimit: ARRAY_LIMIT,
  parameterLimit: NESTED_LIMIT,
  allowPrototypes: false,
  duplicates: 'combine',
} as const;

const PLAIN_KEY = /^[^[\]]+$/;
const LIST_KEY = /^([^[\]]+)\[(0|[1-9]\d{0,5})?\]$/;

function decodePart(s: string): string {
  const text = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface Flat {
  /** `a=1&a=2`, `a[]=1&a[]=2` or `a[0]=1&a[1]=2`: one form per key, else qs reads the key. */
  form: 'plain' | 'push' | 'index';
  items: { index: number; value: string }[];
  indices: Set<number>;
  raw: string[];
}

/**
 * Parses a form body or query string. Accepts bracket-index arrays, `key[]` and repeated keys.
 *
 * qs merges every pair into the result, which costs O(n²) for long lists (20,000 ids took 2–8 s
 * of CPU, 100,000 minutes), so the shapes the API uses for lists (`key`, `key[]`, `key[3]`) are
 * read here in one pass; only nested keys (`a[0][b]`) and odd mixes go to qs, with depth and
 * pair limits that keep hostile bodies cheap. The result is what qs would give for the same text.
 */
export function decodeForm(text: string): Record<string, unknown> {
  const flat = new Map<string, Flat>();
  const nested: string[] = [];
  const nestedBases = new Set<string>();
  let pairs = 0;
  for (const part of text.split('&')) {
    if (!part) continue;
    if (++pairs > PARAMETER_LIMIT) break;
    const eq = part.indexOf('=');
    const key = decodePart(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decodePart(part.slice(eq + 1));
    const list = PLAIN_KEY.test(key) ? null : LIST_KEY.exec(key);
    // The name before any bracket: every pair of one name is read by the same parser.
    const base = list ? list[1]! : key.split('[', 1)[0]!;
    const index = list?.[2] === undefined ? -1 : Number(list[2]);
    const form = !list ? 'plain' : index < 0 ? 'push' : 'index';
    const seen = flat.get(base);
    const odd =
      (!list && !PLAIN_KEY.test(key)) ||
      base in Object.prototype ||
      index > ARRAY_LIMIT ||
      nestedBases.has(base) ||
      (index >= 0 && seen?.indices.has(index) === true);
    if (odd || (seen && seen.form !== form)) {
      nestedBases.add(base);
      if (seen) nested.push(...seen.raw);
      flat.delete(base);
      nested.push(part);
      continue;
    }
    const entry: Flat = seen ?? { form, items: [], indices: new Set(), raw: [] };
    entry.items.push({ index, value });
    if (index >= 0) entry.indices.add(index);
    entry.raw.push(part);
    if (!seen) flat.set(base, entry);
  }
  const out: Record<string, unknown> = nested.length
    ? (qs.parse(nested.join('&'), QS_OPTIONS) as Record<string, unknown>)
    : {};
  for (const [base, { form, items }] of flat) {
    if (form === 'plain' && items.length === 1) out[base] = items[0]!.value;
    // Explicit indices read in index order (holes closed up), the other forms in arrival order.
    else out[base] = (form === 'index' ? items.sort((x, y) => x.index - y.index) : items).map((i) => i.value);
  }
  return out;
}
