/**
 * The text format of server messages: `{name}` is replaced by the param; `{name, plural, one {…}
 * other {…}}` picks the branch for the param's number in the request language, with `#` standing
 * for the number. This is the plural form of ICU MessageFormat (the syntax the PWA's paraglide
 * messages compile from), and the branch is chosen by `Intl.PluralRules`: en-us has `one` and
 * `other`, zh-cn has only `other`. An exact branch such as `=1 {…}` comes before the categories.
 * Nothing else of ICU is read; a malformed text throws when it is parsed (at module load, through
 * defineMessages), never while answering a request.
 */
import type { Language } from '../../contract/constants.ts';

type Params = Record<string, string | number>;
type Part = string | { name: string } | { name: string; branches: Map<string, Part[]> };

const cache = new Map<string, Part[]>();
const rules = new Map<Language, Intl.PluralRules>();

function pluralRules(lang: Language): Intl.PluralRules {
  let r = rules.get(lang);
  if (!r) rules.set(lang, (r = new Intl.PluralRules(lang)));
  return r;
}

/** The index of the `}` that closes the `{` at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`unclosed { in message: ${text}`);
}

function parseBranches(body: string, whole: string): Map<string, Part[]> {
  const branches = new Map<string, Part[]>();
  let rest = body.trim();
  while (rest) {
    const head = /^(=\d+|zero|one|two|few|many|other)\s*\{/.exec(rest);
    if (!head) throw new Error(`bad plural branch "${rest}" in message: ${whole}`);
    const open = head[0].length - 1;
    const close = closing(rest, open);
    branches.set(head[1]!, parse(rest.slice(open + 1, close)));
    rest = rest.slice(close + 1).trim();
  }
  if (!branches.has('other')) throw new Error(`plural without an other branch in message: ${whole}`);
  return branches;
}

/** Splits a message text into literal text, placeholders and plurals. */
export function parse(text: string): Part[] {
  const known = cache.get(text);
  if (known) return known;
  const parts: Part[] = [];
  let at = 0;
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', at)) {
    if (open > at) parts.push(text.slice(at, open));
    const close = closing(text, open);
    const inner = text.slice(open + 1, close);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
    if (plural) parts.push({ name: plural[1]!, branches: parseBranches(plural[2]!, text) });
    else if (/^\w+$/.test(inner)) parts.push({ name: inner });
    else throw new Error(`bad placeholder {${inner}} in message: ${text}`);
    at = close + 1;
  }
  if (at < text.length) parts.push(text.slice(at));
  if (parts.some((p) => typeof p === 'string' && p.includes('}')))
    throw new Error(`stray } in message: ${text}`);
  cache.set(text, parts);
  return parts;
}

function render(parts: Part[], lang: Language, params: Params, count?: string): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += count === undefined ? part : part.replaceAll('#', count);
    else if (!(part.name in params)) out += `{${part.name}}`;
    else if (!('branches' in part)) out += String(params[part.name]);
    else {
      const value = params[part.name]!;
      const n = Number(value);
      const category = Number.isFinite(n) ? pluralRules(lang).select(n) : 'other';
      const branch =
        part.branches.get(`=${value}`) ?? part.branches.get(category) ?? part.branches.get('other')!;
      out += render(branch, lang, params, String(value));
    }
  }
  return out;
}

/** The message text with its placeholders filled and its plurals chosen for `lang`. */
export function formatMessage(text: string, lang: Language, params: Params = {}): string {
  return render(parse(text), lang, params);
}

/** The names of the params a message text takes, plural or plain, sorted and once each. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const p of parts) {
      if (typeof p === 'string') continue;
      names.add(p.name);
      if ('branches' in p) for (const b of p.branches.values()) walk(b);
    }
  };
  walk(parse(text));
  return [...names].sort();
}
