import { describe, expect, it } from 'vitest';
import en from '../../messages/en-us.json' with { type: 'json' };
import { countDisagreement } from '../../tests/helpers/count-agreement.ts';
import { m } from '../paraglide/messages.js';

/**
 * Every en-us message that speaks a count agrees with it: "1 invitation", "5 invitations", never
 * "1 invitations" or "2 row". Each input of each message is set to 1, then to 2 and 21 (the others
 * to 7), and the text is searched for a number beside a noun or verb of the wrong number
 * (tests/helpers/count-agreement.ts, shared with the server's messages). A new message written as
 * "{count} invitations" fails here until it gets paraglide's plural variants.
 */
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
        for (const n of [1, 2, 21]) {
          const text = render(n);
          const bad = countDisagreement(text, n);
          if (bad) wrong.push(`${key} (${input}=${n}): "${bad}" in ${text}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
