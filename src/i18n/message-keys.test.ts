/**
 * A message id written twice in a message file: JSON keeps the last one, so the first text is
 * silently lost and a screen shows another screen's words (the creator ledger once read "Samples
 * without content" as its heading). Each id once per file, and the same ids in both languages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FILES = ['en-us', 'zh-cn'].map((l) => path.resolve(__dirname, `../../messages/${l}.json`));

/** The file's top-level ids in order, repeats kept (a message's own keys are indented deeper). */
const idsOf = (file: string): string[] =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^ {2}"([^"]+)":/gm)].map((m) => m[1]!);

describe('message files', () => {
  it.each(FILES)('%s names each message once', (file) => {
    const ids = idsOf(file);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(twice).toEqual([]);
    expect(ids.length).toBe(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object).length);
  });

  it('both languages have the same messages', () => {
    const [en, zh] = FILES.map((f) => new Set(idsOf(f)));
    expect([...en!].filter((id) => !zh!.has(id))).toEqual([]);
    expect([...zh!].filter((id) => !en!.has(id))).toEqual([]);
  });
});
