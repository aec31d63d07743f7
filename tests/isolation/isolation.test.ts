/**
 * Workspace isolation ("No request may read or change another workspace's rows, whatever ids
 * it sends"). Workspace B calls every endpoint of contract/api.ts that takes an id or a list of
 * ids, naming workspace A's ids. A's rows must not change, and no response (nor any row B ends up
 * with) may carry A's text. The endpoint list is built from the table when the test runs.
 */
import { expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import { isForceLogout } from '../../contract/codes.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { describeEngines, type TestApp } from '../helpers/test-app.ts';
import { seedWorkspace, snapshot } from './fixtures.ts';
import { objectShape, planProbes, type Probe } from './probe.ts';

const MARK_A = 'ZQXAsecret';
const MARK_B = 'ZQXBsecret';

/** Opaque cursors are another way to name a workspace: B replays one A was given (mid-stream). */
async function cursorReplays(app: TestApp, tokenA: string): Promise<Probe[]> {
  const out: Probe[] = [];
  for (const [name, ep] of Object.entries(API as Record<string, Endpoint>)) {
    if (!('cursor' in (objectShape(ep.request) ?? {}))) continue;
    const own = await app.call(ep.method, ep.path, { cursor: '', limit: 1 }, { token: tokenA });
    const cursor = (own.data as { cursor?: unknown } | null)?.cursor;
    expect(typeof cursor, `${name} gives A a cursor`).toBe('string');
    out.push({
      name: `${name}(A's cursor)`,
      endpoint: ep,
      idFields: ['cursor'],
      requests: [{ cursor, limit: 1 }],
      invalid: 0,
    });
  }
  return out;
}

/** Sends every probe with B's token; collects per-endpoint codes, leaks and forced logouts. */
async function runProbes(app: TestApp, tokenB: string, probes: Probe[], secrets: string[]) {
  const report: string[] = [];
  const leaks: string[] = [];
  const logouts: string[] = [];
  for (const p of probes) {
    const codes = new Map<string, number>();
    for (const body of p.requests) {
      const res = await app.call(p.endpoint.method, p.endpoint.path, body, { token: tokenB });
      const text = JSON.stringify(res);
      if (process.env.ISO_DEBUG) console.log(p.name, JSON.stringify(body), text.slice(0, 300));
      // "No such API": in the table but no route registered (yet).
      const key = res.msg === 'No such API' ? `${res.code}(no route)` : String(res.code);
      codes.set(key, (codes.get(key) ?? 0) + 1);
      const leaked = secrets.filter((x) => text.includes(x));
      if (leaked.length) leaks.push(`${p.name} ${JSON.stringify(body)} → ${leaked.join(', ')}`);
      if (isForceLogout(res.code)) logouts.push(`${p.name} → ${res.code}`);
    }
    const seen = [...codes].map(([c, n]) => `${c}×${n}`).join(' ');
    const { method, path } = p.endpoint;
    report.push(`  ${method} ${path} [${p.idFields.join(',')}] ${p.requests.length} calls: ${seen}`);
  }
  return { report, leaks, logouts };
}

describeEngines('workspace isolation', (t) => {
  it(
    'workspace B cannot read or change workspace A through any id-taking endpoint',
    { timeout: 240_000 },
    async () => {
      const app = t();
      const { db } = app.database;

      // B first, so A's ids are mostly ones B does not own: a 200 below then means B acted on
      // its own row. B is admin of its own team, so B's join attempts with A's team id are
      // refused instead of moving B into A's workspace. A: a team (admin + member) with data.
      const b = await app.signUp({ name: 'Borealis' });
      expect((await app.call('POST', '/team/add', { title: 'Borealis' }, { token: b.token })).code).toBe(200);
      await seedWorkspace(db, b.workspaceId, 'b', MARK_B);
      const a = await app.signUp({ name: 'Aquila' });
      // A's team title is a secret too: invite info and joins take the team's code, not its id.
      const teamA = await app.call('POST', '/team/add', { title: MARK_A }, { token: a.token });
      expect(teamA.code).toBe(200);
      const a2 = await app.signUp({ name: 'Aquila two' });
      expect(
        (await app.call('POST', '/team/user.add', { teamId: teamA.data.invite_code }, { token: a2.token }))
          .code,
      ).toBe(200);
      const poolA = await seedWorkspace(db, a.workspaceId, 'a', MARK_A);
      poolA.numbers.push(String(teamA.data.team_id), String(a.userId), String(a2.userId));
      poolA.secrets.push(teamA.data.invite_code);

      const { probes, skipped } = planProbes(API as Record<string, Endpoint>, poolA);
      probes.push(...(await cursorReplays(app, a.token)));
      const before = await snapshot(db, a.workspaceId);
      expect(before.creators).toHaveLength(2);

      const { report, leaks, logouts } = await runProbes(app, b.token, probes, poolA.secrets);
      console.log(
        `isolation [${app.engine}]: exercised ${probes.length} endpoints naming A's ids from B\n${report.join('\n')}\n` +
          `not exercised (${skipped.length}): ${skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}`,
      );

      expect(leaks, "responses to B that carry A's text").toEqual([]);
      expect(logouts, "B's session must survive the probes, or later probes prove nothing").toEqual([]);
      const invalid = probes.filter((p) => p.invalid > 0).map((p) => p.name);
      expect(invalid, 'probes the contract rejects: extend CANDIDATES in probe.ts').toEqual([]);
      // The team endpoints are in the table (this suite's own feature), so the plan is never empty.
      expect(probes.map((p) => p.name)).toEqual(
        expect.arrayContaining(['teamUserDel', 'teamTransfer', 'teamUserAdd']),
      );

      expect(await snapshot(db, a.workspaceId)).toEqual(before);
      const ownedByB = await snapshot(db, b.workspaceId);
      const copied = poolA.secrets.filter((x) => JSON.stringify(ownedByB).includes(x));
      expect(copied, "B's rows carry A's values").toEqual([]);
      // Both A users still work in A's team.
      for (const tok of [a.token, a2.token]) {
        const res = await app.call('GET', '/common/team', {}, { token: tok });
        expect(res).toMatchObject({ code: 200, data: { team_id: teamA.data.team_id } });
      }
    },
  );
});
