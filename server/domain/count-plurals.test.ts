import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants.ts';
import { countDisagreement } from '../../tests/helpers/count-agreement.ts';
import '../app.ts'; // loads every routes file, so every feature's defineMessages has run
import { placeholdersOf } from './message-format.ts';
import { MESSAGES, message } from './messages.ts';

/**
 * Every server message that speaks a count agrees with it in English: "Updated 1 creator",
 * "1 was not found", "Try again in 1 minute", never "1 creators" or "21 minute". These texts reach
 * the user as the toast of a mutation or the error of a refused call. Each placeholder of each
 * message is set to 1, then to 2 and 21 (the others to 7), and the text is searched for a number
 * beside a noun or verb of the wrong number (tests/helpers/count-agreement.ts, the same check as
 * the PWA's messages). A new "{count} creators" fails here until it is written as a plural.
 */
const ENTRIES = Object.entries(MESSAGES);
const inputsOf = (key: string) =>
  [...new Set(LANGUAGES.flatMap((lang) => placeholdersOf(MESSAGES[key]![lang])))].sort();

describe('counted server messages', () => {
  it('finds the messages to check, with their counts', () => {
    const counted = ENTRIES.filter(([key]) => inputsOf(key).length > 0).map(([key]) => key);
    expect(counted.length).toBeGreaterThan(30);
    expect(counted).toEqual(expect.arrayContaining(['updated_partly', 'invitation_added', 'intake_done']));
    expect(inputsOf('intake_done')).toEqual(['created', 'rejected', 'updated']);
  });

  it('every count agrees with its noun and verb for 1, 2 and 21', () => {
    const wrong: string[] = [];
    for (const [key] of ENTRIES) {
      const inputs = inputsOf(key);
      for (const input of inputs)
        for (const n of [1, 2, 21]) {
          const params = Object.fromEntries(inputs.map((i) => [i, i === input ? n : 7]));
          const text = message(key, 'en-us', params);
          const bad = countDisagreement(text, n);
          if (bad) wrong.push(`${key} (${input}=${n}): "${bad}" in ${text}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('every message fills all its placeholders in both languages, leaving no brace or #', () => {
    const left: string[] = [];
    for (const [key] of ENTRIES) {
      const inputs = inputsOf(key);
      for (const n of [0, 1, 2, 21])
        for (const lang of LANGUAGES) {
          const text = message(key, lang, Object.fromEntries(inputs.map((i) => [i, n])));
          const literal = MESSAGES[key]![lang].replace(/\{[^{}]*\}/g, '');
          if (/[{}]/.test(text) || (text.includes('#') && !literal.includes('#')))
            left.push(`${key} ${lang} (${n}): ${text}`);
        }
    }
    expect(left).toEqual([]);
  });
});
