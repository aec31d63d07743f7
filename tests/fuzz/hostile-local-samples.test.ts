/**
 * Hostile bodies at the decision on sample requests recorded in plans (/plan/samples.decide):
 * random and malicious request ids (another workspace's among them), results and reasons, as JSON
 * and as a form. Never a 5xx; a body the contract refuses is 40001 and changes nothing; an answer
 * names each distinct id once; only this workspace's creators at "sample requested" move, and
 * every move has its history row. Both engines; seed FUZZ_SEED, runs FUZZ_RUNS.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LocalSamplesDecideRequest } from '../../contract/schemas/local-samples.ts';
import { seedLocalSamples } from '../helpers/local-samples.ts';
import { describeEngines } from '../helpers/test-app.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 5;
const formText = (v: unknown): string => (v && typeof v === 'object' ? JSON.stringify(v) : String(v));

describeEngines('hostile local sample decisions', (t) => {
  it('random and malicious decision bodies: no 5xx, refusals change nothing', async () => {
    const app = t();
    const other = await app.signUp({ name: 'Fuzz other' });
    const theirs = await seedLocalSamples(app, other, { count: 2 });
    const me = await app.signUp({ name: 'Fuzz decider' });
    const mine = await seedLocalSamples(app, me, { count: 8 });
    const db = app.database.db;
    const id = fc.oneof(
      fc.constantFrom(...mine.ids, ...theirs.ids, '0:0', '1:', ':1', `${'9'.repeat(16)}:1`, ' 1:2', '1:2 '),
      fc.constantFrom(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS),
      hostileValue,
    );
    const body = fc.record(
      {
        requests: fc.oneof(fc.array(id, { maxLength: 60 }), id),
        result: fc.oneof(fc.constantFrom('approve', 'reject', 'APPROVE', ''), hostileValue),
        reason: fc.oneof(fc.constantFrom('Not a match', '', ' ', 'x'.repeat(201)), hostileValue),
      },
      { requiredKeys: [] },
    );
    const theirStages = async () =>
      db
        .selectFrom('plan_creators')
        .select(['creator_id', 'stage', 'reason'])
        .where('workspace_id', '=', other.workspaceId)
        .orderBy('id')
        .execute();
    const theirsBefore = await theirStages();
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (b, asForm) => {
        const decisions = async () =>
          Number(
            (
              await db
                .selectFrom('plan_sample_decisions')
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          );
        const before = await decisions();
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v0.1/plan/samples.decide',
          headers: {
            token: me.token,
            'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
          },
          payload: asForm
            ? new URLSearchParams(
                Object.entries(b).flatMap(([k, v]) =>
                  Array.isArray(v) ? v.map((x) => [`${k}[]`, formText(x)]) : [[k, formText(v)]],
                ),
              ).toString()
            : JSON.stringify(b),
        });
        expect(res.statusCode, res.payload.slice(0, 300)).toBeLessThan(500);
        const out = JSON.parse(res.payload) as {
          code: number;
          data?: { results: { id: string; outcome: string; code: string }[] };
        };
        if (out.code !== 200) {
          expect(out.code).toBe(40001);
          expect(await decisions()).toBe(before);
          return;
        }
        const valid = LocalSamplesDecideRequest.safeParse(b);
        if (!asForm) expect(valid.success).toBe(true);
        const ids = out.data!.results.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const r of out.data!.results)
          if (theirs.ids.includes(r.id)) expect(r).toMatchObject({ outcome: 'refused', code: 'not_found' });
        // One history row per decision made or refused by a rule, none for the rest.
        const recorded = out.data!.results.filter((r) => r.outcome === 'done' || r.code.startsWith('rule_'));
        expect(await decisions()).toBe(before + recorded.length);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(await theirStages()).toEqual(theirsBefore);
    const foreign = await db
      .selectFrom('plan_sample_decisions')
      .select('id')
      .where('workspace_id', '=', other.workspaceId)
      .execute();
    expect(foreign).toEqual([]);
  }, 240_000);
});
