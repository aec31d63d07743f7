import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import '../app.ts'; // loads every routes file, so every feature's defineMessages has run
import { MESSAGES, message } from './messages.ts';

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
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
      expect(holes(m['zh-cn']), key).toEqual(holes(m['en-us']));
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
});
