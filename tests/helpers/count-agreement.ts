/**
 * Finds an English count that disagrees with its words: "1 invitations", "2 row", "these 1",
 * "1 were not found", "1 more fit". Shared by the PWA's message test (src/i18n/count-plurals.test.ts)
 * and the server's (server/http/count-plurals.test.ts), so both hold the same rule; it imports
 * nothing from either program.
 */
export const NOUNS: [singular: string, plural: string][] = [
  ['batch', 'batches'],
  ['browser', 'browsers'],
  ['category', 'categories'],
  ['change', 'changes'],
  ['character', 'characters'],
  ['code', 'codes'],
  ['column', 'columns'],
  ['conflict', 'conflicts'],
  ['creator', 'creators'],
  ['day', 'days'],
  ['extension', 'extensions'],
  ['follow-up', 'follow-ups'],
  ['follower', 'followers'],
  ['invitation', 'invitations'],
  ['item', 'items'],
  ['line', 'lines'],
  ['member', 'members'],
  ['message', 'messages'],
  ['minute', 'minutes'],
  ['order', 'orders'],
  ['part', 'parts'],
  ['plan', 'plans'],
  ['product', 'products'],
  ['record', 'records'],
  ['row', 'rows'],
  ['sale', 'sales'],
  ['sample', 'samples'],
  ['second', 'seconds'],
  ['seller', 'sellers'],
  ['tag', 'tags'],
  ['time', 'times'],
  ['topic', 'topics'],
  ['unit', 'units'],
  ['video', 'videos'],
  ['view', 'views'],
];
// Plural verbs that cannot follow a bare count of 1 as its subject: "1 were", "1 more fit". Only
// this direction is checked: a count written beside a singular verb ("2 has") is as often a name
// placeholder rendered as a number ("{name} has had 5") as a wrong agreement, and writers default
// to the plural ("{count} were"), which is the form that breaks at 1.
const PLURAL_VERBS = ['were', 'are', 'have', 'fit'];
// Words that may stand between a number and its noun ("1 new creator", "2 more skipped rows").
const BETWEEN = '(?:(?:new|more|active|skipped|selected|imported|unsent|failed|best|saved|browser) )*';
const alt = (words: string[]) => words.map((w) => w.replace(/-/g, '\\-')).join('|');
// Not part of a longer number: "21 rows" is not "1 rows", "1.5 days" is not "5 days".
const COUNT = (n: number) => `(?<![\\d.,])${n} ${BETWEEN}`;

const WRONG_NOUN_FOR_ONE = new RegExp(`${COUNT(1)}(?:${alt(NOUNS.map((x) => x[1]))})\\b`, 'i');
// A singular noun that names the kind of a following noun is not the counted one: "2 browser extensions".
const WRONG_NOUN_FOR_MANY = (n: number) =>
  new RegExp(`${COUNT(n)}(?:${alt(NOUNS.map((x) => x[0]))})(?![\\w-])(?! (?:${alt(NOUNS.flat())})\\b)`, 'i');
const WRONG_VERB_FOR_ONE = new RegExp(`${COUNT(1)}(?:${PLURAL_VERBS.join('|')})\\b`, 'i');
// "these 1", "this 2": a demonstrative of the wrong number before a count.
const WRONG_DEMONSTRATIVE = (n: number) => new RegExp(`\\b${n === 1 ? 'these' : 'this'} ${n}\\b`, 'i');

/** The words of `text` that disagree with the count `n` written in it, or null when all agree. */
export function countDisagreement(text: string, n: number): string | null {
  const checks =
    n === 1
      ? [WRONG_NOUN_FOR_ONE, WRONG_VERB_FOR_ONE, WRONG_DEMONSTRATIVE(1)]
      : [WRONG_NOUN_FOR_MANY(n), WRONG_DEMONSTRATIVE(n)];
  for (const re of checks) {
    const found = re.exec(text);
    if (found) return found[0];
  }
  return null;
}
