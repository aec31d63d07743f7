import { describe, expect, it } from 'vitest';
import en from '../../messages/en-us.json' with { type: 'json' };
import { m } from '../paraglide/messages.js';

/**
 * Every en-us message that speaks a count agrees with it: "1 invitation", "5 invitations", never
 * "1 invitations" or "2 row". Each input of each message is set to 1, then to 2 and 21 (the others
 * to 7), and the text is searched for a number beside a noun of the wrong number. A new message
 * written as "{count} invitations" fails here until it gets paraglide's plural variants.
 */
const NOUNS: [singular: string, plural: string][] = [
  ['batch', 'batches'],
  ['browser', 'browsers'],
  ['category', 'categories'],
  ['change', 'changes'],
  ['character', 'characters'],
  ['column', 'columns'],
  ['conflict', 'conflicts'],
  ['creator', 'creators'],
  ['day', 'days'],
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
// Words that may stand between a number and its noun ("1 new creator", "2 more skipped rows").
const BETWEEN = '(?:(?:new|more|active|skipped|selected|imported|unsent|failed|best) )*';
// "these 1", "this 2": a demonstrative of the wrong number before a count.
const WRONG_DEMONSTRATIVE = (n: number) => new RegExp(`\\b${n === 1 ? 'these' : 'this'} ${n}\\b`, 'i');
const alt = (words: string[]) => words.map((w) => w.replace(/-/g, '\\-')).join('|');
const WRONG_FOR_ONE = new RegExp(`(?<![\\d.,])1 ${BETWEEN}(${alt(NOUNS.map((n) => n[1]))})\\b`, 'i');
const WRONG_FOR_MANY = (n: number) =>
  new RegExp(`(?<![\\d.,])${n} ${BETWEEN}(${alt(NOUNS.map((x) => x[0]))})(?![\\w-])`, 'i');

type Message = (inputs: Record<string, unknown>, options: { locale: 'en-us' | 'zh-cn' }) => string;
const messages = m as unknown as Record<string, Message>;

/** The inputs a message takes: its `{name}` placeholders, or the `input` lines of its variants. */
function inputsOf(value: unknown): string[] {
  const found = new Set<string>();
  if (typeof value === 'string') for (const [, name] of value.matchAll(/\{(\w+)\}/g)) found.add(name!);
  else
    for (const variant of value as { declarations?: string[] }[])
      for (const d of variant.declarations ?? []) if (d.startsWith('input ')) found.add(d.slice(6).trim());
  return [...found];
}

const ENTRIES = Object.entries(en).filter(([key]) => key !== '$schema');

describe('counted messages in en-us', () => {
  it('finds the messages to check (the list is not empty and the functions exist)', () => {
    const counted = ENTRIES.filter(([, v]) => inputsOf(v).length > 0);
    expect(counted.length).toBeGreaterThan(100);
    for (const [key] of counted) expect(typeof messages[key], key).toBe('function');
  });

  it('every count agrees with its noun for 1, 2 and 21', () => {
    const wrong: string[] = [];
    for (const [key, value] of ENTRIES) {
      const inputs = inputsOf(value);
      for (const input of inputs) {
        const render = (n: number) =>
          messages[key]!(Object.fromEntries(inputs.map((i) => [i, i === input ? n : 7])), {
            locale: 'en-us',
          });
        const one = render(1);
        if (WRONG_FOR_ONE.test(one) || WRONG_DEMONSTRATIVE(1).test(one))
          wrong.push(`${key} (${input}=1): ${one}`);
        for (const n of [2, 21]) {
          const many = render(n);
          if (WRONG_FOR_MANY(n).test(many) || WRONG_DEMONSTRATIVE(n).test(many))
            wrong.push(`${key} (${input}=${n}): ${many}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the check itself catches "1 invitations" and "2 row"', () => {
    expect(WRONG_FOR_ONE.test('these 5 go as 1 invitations (5)')).toBe(true);
    expect(WRONG_FOR_ONE.test('1 new creators')).toBe(true);
    expect(WRONG_FOR_ONE.test('1 invitation, 21 rows, 1.5 days')).toBe(false);
    expect(WRONG_FOR_MANY(2).test('Import 2 row')).toBe(true);
    expect(WRONG_FOR_MANY(2).test('2 follow-ups, 12 row')).toBe(false);
    expect(WRONG_DEMONSTRATIVE(1).test('Creators like these 1')).toBe(true);
    expect(WRONG_DEMONSTRATIVE(2).test('these 2 go as 2 invitations')).toBe(false);
  });
});
