/**
 * The live-update stream on both engines, over real HTTP: it refuses a missing, unknown
 * or revoked token with the usual envelope, announces the head at once and a newer version after
 * every committed change, never for a rolled-back one, sends no-store and the security headers,
 * is counted by the open-streams gauge, and ends with the force-logout code on sign-out, on
 * removal from the team (10010) and on a password change.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';
import { lastVersion, openLive, tryOpenLive, type LiveTap, teamOfTwo } from '../helpers/live-stream.ts';

describeEngines('live-update stream', (t) => {
  let base = '';
  const taps: LiveTap[] = [];
  beforeAll(async () => {
    await t().app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t().app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => taps.forEach((tap) => tap.close()));
  const open = async (u: SignedIn) => {
    const tap = await openLive(base, u.token);
    taps.push(tap);
    await tap.waitFor((e) => e.event === 'version');
    return tap;
  };
  const addTag = (u: SignedIn, title: string) => t().call('POST', '/tags/add', { country: 'US', title }, u);
  const openStreams = async () => (await t().app.metrics.eventStreams.get()).values[0]?.value ?? 0;

  it('refuses a missing, unknown, overlong or revoked token with the envelope, as every call', async () => {
    const refused = async (token?: string) => {
      const out = await tryOpenLive(base, token);
      expect(out.kind).toBe('refused');
      return out.kind === 'refused' ? out.env.code : 0;
    };
    expect(await refused()).toBe(10002);
    expect(await refused('f'.repeat(64))).toBe(10003);
    expect(await refused('x'.repeat(5000))).toBe(10003);
    const u = await t().signUp();
    expect((await t().call('GET', '/member/logout', {}, u)).code).toBe(200);
    expect(await refused(u.token)).toBe(10003);
    // A token in the URL is no way in: only the header counts.
    const v = await t().signUp();
    const inUrl = await fetch(`${base}/api/v0.1/sync/events?token=${v.token}`);
    expect(((await inUrl.json()) as { code: number }).code).toBe(10002);
  });

  it('announces the head, then each committed change; no-store, security headers, counted', async () => {
    const u = await t().signUp();
    const before = await openStreams();
    const res = await fetch(`${base}/api/v0.1/sync/events`, { headers: { token: u.token } });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-encoding')).toBeNull();
    await res.body?.cancel();
    const tap = await open(u);
    await expect.poll(openStreams).toBe(before + 1);
    const head = lastVersion(tap);
    expect((await addTag(u, 'live one')).code).toBe(200);
    await tap.waitFor((e) => e.event === 'version' && e.version === head + 1);
    expect((await addTag(u, 'live two')).code).toBe(200);
    await tap.waitFor((e) => e.event === 'version' && e.version === head + 2);
    // A refused change (duplicate title) commits nothing and announces nothing.
    expect((await addTag(u, 'live two')).code).toBe(40009);
    expect((await addTag(u, 'live three')).code).toBe(200);
    await tap.waitFor((e) => e.event === 'version' && e.version > head + 2);
    expect(
      tap.events.filter((e) => e.event === 'version').map((e) => (e as { version: number }).version),
    ).toEqual([head, head + 1, head + 2, head + 3]);
    tap.close();
    await expect.poll(openStreams).toBe(before);
  });

  it('one session holds at most 3 streams per process: a fourth pushes out the oldest (40029)', async () => {
    const u = await t().signUp();
    const first = await open(u);
    const rest = [await open(u), await open(u)];
    const before = await openStreams();
    const fourth = await open(u);
    await first.waitFor((e) => e.event === 'end' && e.code === 40029);
    await first.closed;
    expect(rest.some((tap) => tap.isClosed()) || fourth.isClosed()).toBe(false);
    await expect.poll(openStreams).toBe(before);
  });

  it('ends with 10003 when its session signs out, and only that session', async () => {
    const u = await t().signUp();
    const tap = await open(u);
    const other = await t().signUp();
    const bystander = await open(other);
    expect((await t().call('GET', '/member/logout', {}, u)).code).toBe(200);
    await tap.waitFor((e) => e.event === 'end' && e.code === 10003);
    await tap.closed;
    expect(bystander.isClosed()).toBe(false);
  });

  it('ends with 10010 when the member is removed from the team, and 10009 on a password change', async () => {
    const { admin, member } = await teamOfTwo(t(), 'Live');
    const tap = await open(member);
    const adminTap = await open(admin);
    // The member now shares the team's workspace: the admin's change reaches the member's stream.
    const head = lastVersion(tap);
    expect((await addTag(admin, 'shared')).code).toBe(200);
    await tap.waitFor((e) => e.event === 'version' && e.version > head);
    expect((await t().call('DELETE', '/team/user.del', { userId: member.userId }, admin)).code).toBe(200);
    await tap.waitFor((e) => e.event === 'end' && e.code === 10010);
    await tap.closed;
    expect(adminTap.isClosed()).toBe(false);

    const pw = await t().signUp({ password: 'Secret#123' });
    const pwTap = await open(pw);
    await t()
      .database.db.updateTable('sessions')
      .set({ revoked_at: 1, revoked_reason: 'password' })
      .where('user_id', '=', pw.userId)
      .execute();
    await pwTap.waitFor((e) => e.event === 'end' && e.code === 10009);
  });

  it('ends every stream when the server closes (clients reconnect elsewhere)', async () => {
    // Covered last: closing the app is what afterAll does; a stream must not hold it open.
    const u = await t().signUp();
    const tap = await open(u);
    const closing = t().app.close();
    await tap.waitFor((e) => e.event === 'end' && e.code === 200);
    await closing;
  });
});
