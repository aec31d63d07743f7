/**
 * The creator list's name filter after migration 0008 (SQLite FTS5 trigram, PostgreSQL pg_trgm):
 * for random names and searches (quotes, LIKE wildcards, FTS syntax, spaces, unicode) the list
 * answers exactly the creators whose unique_id, daren_name or nick_name contains the search,
 * case-insensitively; and the index follows inserts, renames and deletes.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { insertCreator } from '../../tests/helpers/creator-fixtures.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
// Upper case stays ASCII: the test cluster's lower() may not fold other scripts (C locale).
const CHARS = [
  'a',
  'b',
  'c',
  'A',
  'B',
  'C',
  'x',
  ' ',
  '"',
  "'",
  '%',
  '_',
  '\\',
  '*',
  '-',
  'é',
  '中',
  '文',
  '😀',
  'OR',
  'NEAR',
];
const word = (min: number, max: number) =>
  fc.array(fc.constantFrom(...CHARS), { minLength: min, maxLength: max }).map((a) => a.join(''));

describeEngines('creator name search (0008)', (t) => {
  it('answers exactly the creators whose names contain the search', { timeout: 60_000 }, async () => {
    const app = t();
    const me: SignedIn = await app.signUp();
    const names = fc.sample(fc.tuple(word(1, 8), word(0, 10), word(0, 10)), { seed: SEED, numRuns: 60 });
    const rows = names.map(([u, d, n], i) => ({ unique_id: `${u}${i}`, daren_name: d, nick_name: n }));
    for (const r of rows)
      await insertCreator(app, me.workspaceId, r.unique_id, {
        daren_name: r.daren_name,
        nick_name: r.nick_name,
      });

    const expected = (q: string) =>
      rows
        .filter((r) =>
          [r.unique_id, r.daren_name, r.nick_name].some((v) => v.toLowerCase().includes(q.toLowerCase())),
        )
        .map((r) => r.unique_id)
        .sort();
    const search = async (q: string) => {
      const res = await app.call('POST', '/blogger/lists', { name: q, limit: 100 }, { token: me.token });
      expect(res.code, q).toBe(200);
      return (res.data.list as { unique_id: string }[]).map((r) => r.unique_id).sort();
    };
    let hits = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(word(1, 4), fc.constantFrom(...rows.map((r) => [...r.daren_name].slice(1, 5).join('')))),
        async (q) => {
          if (!q.trim()) return; // blank searches mean "no filter"
          const want = expected(q.trim());
          hits += want.length;
          expect(await search(q.trim()), JSON.stringify(q)).toEqual(want);
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
    expect(hits).toBeGreaterThan(0);

    // Renames and deletes reach the index.
    const { db } = app.database;
    await db
      .updateTable('creators')
      .set({ nick_name: 'Zebracorn' })
      .where('unique_id', '=', rows[0]!.unique_id)
      .execute();
    expect(await search('ebraCor')).toEqual([rows[0]!.unique_id]);
    await db
      .updateTable('creators')
      .set({ nick_name: 'plain' })
      .where('unique_id', '=', rows[0]!.unique_id)
      .execute();
    expect(await search('zebracorn')).toEqual([]);
    await db.deleteFrom('creators').where('unique_id', '=', rows[1]!.unique_id).execute();
    expect(await search(rows[1]!.unique_id)).not.toContain(rows[1]!.unique_id);
  });
});
