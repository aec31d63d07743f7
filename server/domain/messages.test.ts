import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../app.ts'; // loads every routes file, so every feature's defineMessages has run
import { formatMessage, placeholdersOf } from './message-format.ts';
import { MESSAGES, defineMessages, message } from './messages.ts';

function serverSources(dir = 'server'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverSources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('server messages', () => {
  it('has both languages for every key, with the same placeholders', () => {
    for (const [key, m] of Object.entries(MESSAGES)) {
      expect(m['zh-cn'], key).toBeTruthy();
      expect(m['en-us'], key).toBeTruthy();
      expect(placeholdersOf(m['zh-cn']), key).toEqual(placeholdersOf(m['en-us']));
    }
  });

  it('knows every key that server code throws or answers with', () => {
    const used = new Set<string>();
    const patterns = [
      /new AppError\(\s*\d+,\s*'(\w+)'/g,
      /\b(?:forbidden|conflict)\(\s*'(\w+)'/g,
      /\binvalid\(\s*'[\w.]+',\s*'(\w+)'/g,
      /\bok\(\s*req,[^;]*?,\s*'(\w+)'\s*[,)]/g,
    ];
    for (const file of serverSources()) {
      const src = fs.readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of src.matchAll(re)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter((k) => !MESSAGES[k]);
    expect(missing).toEqual([]);
  });

  it('fills placeholders and falls back to the key', () => {
    expect(message('invalid_param', 'en-us', { field: 'phone' })).toBe('Invalid parameter: phone');
    expect(message('invalid_param', 'zh-cn', { field: 'phone' })).toBe('参数错误：phone');
    expect(message('no_such_key', 'en-us')).toBe('no_such_key');
  });

  it('speaks a count in the form of its number, per language', () => {
    const text =
      'Updated {n, plural, one {# creator} other {# creators}}; {m, plural, one {# was} other {# were}} not found';
    expect(formatMessage(text, 'en-us', { n: 1, m: 2 })).toBe('Updated 1 creator; 2 were not found');
    expect(formatMessage(text, 'en-us', { n: 0, m: 1 })).toBe('Updated 0 creators; 1 was not found');
    expect(formatMessage(text, 'en-us', { n: '21', m: 21 })).toBe('Updated 21 creators; 21 were not found');
    // Chinese has one form: `other`, also for 1.
    expect(formatMessage('{n, plural, one {一} other {共 # 位}}', 'zh-cn', { n: 1 })).toBe('共 1 位');
    // An exact branch comes first; placeholders inside a branch are filled; # outside a plural stays.
    const exact = '{max, plural, =1 {1 product} other {1 to # products}} for {name} (# tag)';
    expect(formatMessage(exact, 'en-us', { max: 1, name: 'ann' })).toBe('1 product for ann (# tag)');
    expect(formatMessage(exact, 'zh-cn', { max: 10, name: 'ann' })).toBe('1 to 10 products for ann (# tag)');
    expect(placeholdersOf('{a, plural, one {# x {b}} other {# y}} {c}')).toEqual(['a', 'b', 'c']);
    // A missing param is left visible, as a plain placeholder is.
    expect(formatMessage('Try again in {minutes, plural, one {# minute} other {# minutes}}', 'en-us')).toBe(
      'Try again in {minutes}',
    );
    expect(message('account_register_limit', 'en-us', { minutes: 1 })).toBe(
      'Too many sign-ups from this network. Try again in 1 minute',
    );
    expect(message('account_register_limit', 'zh-cn', { minutes: 1 })).toBe('注册过于频繁，请1分钟后再试');
  });

  it('refuses a malformed message when it is defined, not when it is answered', () => {
    const define = (en: string) => () => defineMessages({ test_malformed: { 'zh-cn': '{n}', 'en-us': en } });
    expect(define('{n, plural, one {# row}}')).toThrow(/OTHER_CLAUSE/);
    expect(define('{n, plural, one {# row} other {# rows}')).toThrow(/CLOSING_BRACE/);
    expect(define('{n, bogus, a {x} other {y}}')).toThrow(/INVALID_ARGUMENT_TYPE/);
    expect(MESSAGES.test_malformed).toBeUndefined();
  });
});
