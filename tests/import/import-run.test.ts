/**
 * The import path the dialog runs, minus the worker and the DOM: a CSV read by ImportSession,
 * chunked by runImport and posted as JSON to the real app (both engines). The dry run must
 * predict exactly what the import then does, and repeated creators across chunks are sent once.
 */
import { beforeAll, expect, it } from 'vitest';
import type { IntakeResult } from '../../contract/schemas/intake.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';
import { ImportSession } from '../../src/features/import/import-session.ts';
import { runImport } from '../../src/features/import/import-run.ts';

describeEngines('creator import through the session and runner', (t) => {
  let who: SignedIn;
  beforeAll(async () => {
    who = await t().signUp();
  });

  const post = async (rows: Record<string, string>[], dryRun: boolean): Promise<IntakeResult> => {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/blogger/import',
      headers: { token: who.token, 'content-type': 'application/json' },
      payload: { country: 'MY', rows, dryRun: dryRun ? 1 : 0, language: 'en-us' },
    });
    const env = res.json() as { code: number; msg: string; data: IntakeResult };
    if (env.code !== 200) throw new Error(`${env.code} ${env.msg}`);
    return env.data;
  };
  const count = async () =>
    Number(
      (
        await t()
          .database.db.selectFrom('creators')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', who.workspaceId)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('dry run predicts the import; duplicates, bad ids and bad numbers are skipped with row numbers', async () => {
    const lines = ['用户名,粉丝数,国家'];
    for (let i = 0; i < 11_000; i++) lines.push(`u${i},${i}`);
    lines.push('u5,999'); // row 11002 repeats row 7 (chunk 1) in chunk 3
    lines.push(',12'); // row 11003: no id
    lines.push('bad_number,lots'); // row 11004
    lines.push('sg_one,1,SG'); // row 11005: its own country
    const s = new ImportSession();
    const loaded = await s.load(new Blob([lines.join('\n')]), 'c.csv');
    expect(loaded.mapping).toEqual(['unique_id', 'follower_count', 'country']);
    const prepared = s.prepare(loaded.mapping, 'MY');
    expect(prepared).toMatchObject({ rows: 11_003, chunks: 3 });
    const deps = { chunk: (i: number) => s.chunk(i), post, duplicateReason: (k: number) => `kept row ${k}` };

    const check = await runImport(prepared, loaded.total, true, deps);
    expect(await count()).toBe(0);
    expect(check).toMatchObject({ rows: 11_004, done: 11_004, created: 11_001, updated: 0 });
    expect(check.skipped.map((x) => [x.row, x.reason])).toEqual([
      [7, 'kept row 11002'],
      [11003, 'The creator id is missing'],
      [11004, 'follower_count is not valid'],
    ]);

    const done = await runImport(prepared, loaded.total, false, deps);
    expect(done).toEqual(check);
    expect(await count()).toBe(11_001);
    const u5 = await t()
      .database.db.selectFrom('creators')
      .select(['follower_count', 'country'])
      .where('workspace_id', '=', who.workspaceId)
      .where('unique_id', '=', 'u5')
      .executeTakeFirstOrThrow();
    expect(u5).toEqual({ follower_count: 999, country: 'MY' });

    // the same file again: everything known is an update now
    const again = await runImport(prepared, loaded.total, true, deps);
    expect(again).toMatchObject({ created: 0, updated: 11_001 });
  });

  it('a re-import updates only the fields each row carries (rows with different fields in one chunk)', async () => {
    const before = await count();
    const lines = ['Creator ID,Followers,Email,Engagement %'];
    for (let i = 0; i < 6000; i++)
      lines.push(`u${i},${i + 0.4}K,${i % 2 ? `u${i}@mail.test` : ''},${i % 3 ? '' : '7.25%'}`);
    lines.push('fresh_one,10,,');
    const s = new ImportSession();
    const loaded = await s.load(new Blob([lines.join('\n')]), 'again.csv');
    expect(loaded.mapping).toEqual(['unique_id', 'follower_count', 'email', 'video_engagement_t30']);
    const prepared = s.prepare(loaded.mapping, 'MY');
    const deps = { chunk: (i: number) => s.chunk(i), post, duplicateReason: (k: number) => `kept row ${k}` };
    const done = await runImport(prepared, loaded.total, false, deps);
    expect(done).toMatchObject({ created: 1, updated: 6000, skipped: [] });
    expect(await count()).toBe(before + 1);
    const rows = await t()
      .database.db.selectFrom('creators')
      .select(['unique_id', 'follower_count', 'email', 'video_engagement_t30'])
      .where('workspace_id', '=', who.workspaceId)
      .where('unique_id', 'in', ['u0', 'u1', 'u2', 'u3', 'u5999', 'u6000', 'fresh_one'])
      .orderBy('unique_id')
      .execute();
    expect(rows).toEqual([
      { unique_id: 'fresh_one', follower_count: 10, email: '', video_engagement_t30: 0 },
      { unique_id: 'u0', follower_count: 400, email: '', video_engagement_t30: 7.25 },
      { unique_id: 'u1', follower_count: 1400, email: 'u1@mail.test', video_engagement_t30: 0 },
      { unique_id: 'u2', follower_count: 2400, email: '', video_engagement_t30: 0 },
      { unique_id: 'u3', follower_count: 3400, email: 'u3@mail.test', video_engagement_t30: 7.25 },
      { unique_id: 'u5999', follower_count: 5_999_400, email: 'u5999@mail.test', video_engagement_t30: 0 },
      // not in this file: untouched
      { unique_id: 'u6000', follower_count: 6000, email: '', video_engagement_t30: 0 },
    ]);
  });
});
