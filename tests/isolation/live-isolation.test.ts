/**
 * Workspace isolation of the live-update stream (both engines): a stream carries only
 * its own workspace's versions, whatever the request names (query parameters, another
 * workspace's cursor) and however busy other workspaces are; a member removed from a team stops
 * hearing the team's changes, and a session of theirs opened afterwards hears only their own.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';
import { newSession } from '../reliability/accounts.ts';
import { lastVersion, tryOpenLive, type LiveTap, teamOfTwo } from '../helpers/live-stream.ts';

describeEngines('live stream isolation', (t) => {
  let base = '';
  const taps: LiveTap[] = [];
  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    taps.forEach((tap) => tap.close());
    t().app.server.closeAllConnections();
  });
  const open = async (u: SignedIn | string, query = '') => {
    const token = typeof u === 'string' ? u : u.token;
    const out = await tryOpenLive(`${base}`, token, {}, query);
    if (out.kind !== 'stream') throw new Error(JSON.stringify(out.env));
    taps.push(out.tap);
    await out.tap.waitFor((e) => e.event === 'version');
    return out.tap;
  };
  const addTag = async (u: SignedIn, title: string) =>
    expect((await t().call('POST', '/tags/add', { country: 'US', title }, u)).code).toBe(200);
  const versions = (tap: LiveTap) => tap.events.flatMap((e) => (e.event === 'version' ? [e.version] : []));

  it("another workspace's stream hears none of this one's changes, whatever it names", async () => {
    const a = await t().signUp({ name: 'Stream A' });
    for (let i = 0; i < 3; i++) await addTag(a, `a-before-${i}`);
    const b = await t().signUp({ name: 'Stream B' });
    const aCursor = (await t().call('POST', '/sync/pull', { cursor: '', limit: 1 }, a)).data.cursor as string;
    const q = new URLSearchParams({
      workspaceId: String(a.workspaceId),
      workspace_id: String(a.workspaceId),
      cursor: aCursor,
    });
    const bTap = await open(b, `?${q}`);
    const aTap = await open(a);
    const headB = lastVersion(bTap);
    expect(headB).toBe(0);
    expect(lastVersion(aTap)).toBe(3);
    for (let i = 0; i < 5; i++) await addTag(a, `a-live-${i}`);
    await aTap.waitFor((e) => e.event === 'version' && e.version === 8);
    // B's own change is announced after A's (signals arrive in commit order): by then any poke
    // of A's meant for B would have arrived too.
    await addTag(b, 'b-own');
    await bTap.waitFor((e) => e.event === 'version' && e.version === headB + 1);
    expect(versions(bTap)).toEqual([0, 1]);
    expect(versions(aTap)).not.toContain(1);
  });

  it("a removal or a reset pokes the team's streams (the admin's other screens read the new link); the removed member's hears nothing of it", async () => {
    for (let round = 0; round < 5; round++) {
      const { admin, member } = await teamOfTwo(t(), `Poke ${round}`);
      // The admin's other screen: a second session of theirs in the same workspace.
      const other = await newSession(t().database, admin.userId, admin.workspaceId);
      const adminTap = await open(other);
      const memberTap = await open(member);
      const head = lastVersion(adminTap);
      expect(lastVersion(memberTap)).toBe(head);
      expect((await t().call('DELETE', '/team/user.del', { userId: member.userId }, admin)).code).toBe(200);
      await adminTap.waitFor((e) => e.event === 'version' && e.version > head);
      await memberTap.waitFor((e) => e.event === 'end');
      expect(versions(memberTap)).toEqual([head]);
      const afterRemoval = lastVersion(adminTap);
      expect((await t().call('POST', '/team/invite.reset', {}, admin)).code).toBe(200);
      await adminTap.waitFor((e) => e.event === 'version' && e.version > afterRemoval);
    }
  });

  it('a member removed from the team stops hearing it; their next session hears only their own', async () => {
    const { admin, member } = await teamOfTwo(t(), 'Iso');
    const old = await open(member);
    expect((await t().call('DELETE', '/team/user.del', { userId: member.userId }, admin)).code).toBe(200);
    await old.waitFor((e) => e.event === 'end' && e.code === 10010);
    // The old token is refused from now on.
    const refused = await tryOpenLive(base, member.token);
    expect(refused.kind === 'refused' && refused.env.code).toBe(10010);
    const home = await t()
      .database.db.selectFrom('users')
      .select('workspace_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    const token = await newSession(t().database, member.userId, home.workspace_id);
    const fresh = await open(token);
    const adminTap = await open(admin);
    const adminHead = lastVersion(adminTap);
    const own = lastVersion(fresh);
    await addTag(admin, 'team-after-removal');
    await adminTap.waitFor((e) => e.event === 'version' && e.version === adminHead + 1);
    await addTag({ ...member, token }, 'own-after-removal');
    await fresh.waitFor((e) => e.event === 'version' && e.version === own + 1);
    expect(versions(fresh)).toEqual([own, own + 1]);
  });
});
