/**
 * The text format of server messages: ICU MessageFormat (the syntax the PWA's paraglide messages
 * compile from), read by FormatJS's `intl-messageformat`. `{name}` is replaced by the param;
 * `{name, plural, one {…} other {…}}` picks the branch for the param's number in the request
 * language (`Intl.PluralRules`: en-us has `one` and `other`, zh-cn only `other`), with `#` standing
 * for the number written the language's way; an exact branch such as `=1 {…}` comes first.
 * A malformed text throws when it is parsed (at module load, through defineMessages), never while
 * answering a request. A param the caller did not give stays in the text as `{name}`.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { Language } from '../../contract/constants.ts';

type Params = Record<string, string | number>;
type Ast = ReturnType<IntlMessageFormat['getAst']>;

const cache = new Map<string, IntlMessageFormat>();

function compiled(text: string, lang: Language): IntlMessageFormat {
  const key = `${lang}\u0000${text}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new IntlMessageFormat(text, lang)));
  return f;
}

/** Checks a message text; throws on a malformed one. */
export function parse(text: string): void {
  compiled(text, 'en-us');
}

/** The message text with its placeholders filled and its plurals chosen for `lang`. */
export function formatMessage(text: string, lang: Language, params: Params = {}): string {
  const f = compiled(text, lang);
  const missing = placeholdersOf(text).filter((name) => !(name in params));
  if (!missing.length) return String(f.format(params));
  // A plural without its number cannot choose a branch: it is shown as the bare placeholder.
  const shown = (ast: Ast): Ast =>
    ast.map((el) =>
      'options' in el && missing.includes(el.value) ? { type: 0, value: `{${el.value}}` } : el,
    ) as Ast;
  const values = Object.fromEntries(missing.map((name) => [name, `{${name}}`]));
  return String(new IntlMessageFormat(shown(f.getAst()), lang).format({ ...values, ...params }));
}

/** The names of the params a message text takes, plural or plain, sorted and once each. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (ast: Ast) => {
    for (const el of ast) {
      if ('value' in el && typeof el.value === 'string' && el.type !== 0) names.add(el.value);
      if ('options' in el)
        for (const option of Object.values(el.options) as { value: Ast }[]) walk(option.value);
    }
  };
  walk(compiled(text, 'en-us').getAst());
  return [...names].sort();
}
