/**
 * Workspace isolation of the sample approval rules (/shop/sample-rules.get, /shop/sample-rules.set):
 * another workspace reads none of a workspace's rules and its own set changes only its own row; a
 * member who left the team reads and sets their new workspace's rules, never the old team's. Both
 * engines.
 */
import { expect, it } from 'vitest';
import { describeEngines } from '../helpers/test-app.ts';

describeEngines('sample rules isolation', (t) => {
  it('rules are per workspace, and leaving a team leaves its rules behind', async () => {
    const app = t();
    const a = await app.signUp({ name: 'Aquila' });
    const made = await app.call('POST', '/team/add', { title: 'Aquila' }, { token: a.token });
    const member = await app.signUp({ name: 'Aquila member' });
    await app.call('POST', '/team/user.add', { teamId: made.data.invite_code }, { token: member.token });
    const b = await app.signUp({ name: 'Borealis' });
    const get = async (who: { token: string }) =>
      (await app.call('GET', '/shop/sample-rules.get', {}, { token: who.token })).data as Record<
        string,
        unknown
      >;
    const set = (who: { token: string }, body: Record<string, unknown>) =>
      app.call('POST', '/shop/sample-rules.set', body, { token: who.token });

    expect((await set(a, { cap_day: 7, min_fit: 50 })).code).toBe(200);
    // A teammate shares the workspace's rules; another workspace sees none.
    expect(await get(member)).toMatchObject({ cap_day: 7, min_fit: 50 });
    expect(await get(b)).toMatchObject({ cap_day: null, min_fit: null });
    expect((await set(b, { cap_day: 1 })).code).toBe(200);
    expect(await get(a)).toMatchObject({ cap_day: 7, min_fit: 50, user_name: 'Aquila' });

    const left = await app.call('DELETE', '/team/leave', {}, { token: member.token });
    expect(left.code).toBe(200);
    expect(await get(member)).toMatchObject({ cap_day: null });
    expect((await set(member, { cap_day: 3 })).code).toBe(200);
    expect(await get(a)).toMatchObject({ cap_day: 7 });
    const rows = await app.database.db
      .selectFrom('sample_rules')
      .select(['workspace_id', 'cap_day'])
      .orderBy('workspace_id')
      .execute();
    expect(rows.find((r) => Number(r.workspace_id) === a.workspaceId)?.cap_day).toBe(7);
    expect(rows.find((r) => Number(r.workspace_id) === b.workspaceId)?.cap_day).toBe(1);
  });
});
