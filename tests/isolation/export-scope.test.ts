/**
 * Export jobs belong to the member who started them, also inside one team workspace: another
 * member's job id answers `download.info` exactly like an id that does not exist (so a free member
 * cannot pick up a VIP teammate's uncapped file), it is not in their job list, and the file does
 * not open for them by bare id or by a link signed for them. Both engines.
 */
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';
import { signedExportPath } from '../../server/services/export-link.ts';
import { nextVersion, now } from '../../server/db/versioning.ts';
import { blankCreator } from '../../server/db/creator.repository.ts';

describeEngines('export jobs stay their owner’s', (t) => {
  const info = (who: SignedIn, id: unknown) => t().call('POST', '/blogger/download.info', { id }, who);

  async function finished(who: SignedIn): Promise<number> {
    const created = await t().call('POST', '/blogger/download', { type: 'blogger', country: 'US' }, who);
    expect(created.code).toBe(200);
    for (let i = 0; i < 200; i++) {
      if ((await info(who, created.data.id)).data?.file_path) return created.data.id as number;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('export never finished');
  }

  it('a teammate’s job id answers download.info like a missing one, and its file does not open for them', async () => {
    const { db } = t().database;
    const vip = await t().signUp({ name: 'Vip admin' });
    await db
      .updateTable('users')
      .set({ vip_until: now() + 86_400 })
      .where('id', '=', vip.userId)
      .execute();
    const version = await nextVersion(db, vip.workspaceId);
    await db
      .insertInto('creators')
      .values(
        Array.from({ length: 620 }, (_, i) =>
          blankCreator(vip.workspaceId, 'US', `row_${i}`, version, now()),
        ),
      )
      .execute();
    const team = await t().call('POST', '/team/add', { title: 'Owners' }, vip);
    const free = await t().signUp({ name: 'Free member' });
    expect((await t().call('POST', '/team/user.add', { teamId: team.data.invite_code }, free)).code).toBe(
      200,
    );

    const id = await finished(vip);
    const own = await info(vip, id);
    expect(own.data).toMatchObject({ id, status: 'done', total: 620, capped: false });

    // The free member asks for the VIP job: the answer of an id that was never used, word for word.
    const missing = await info(free, id + 10_000);
    expect(missing).toEqual({ code: 40004, msg: expect.any(String), data: null });
    expect(await info(free, id)).toEqual(missing);
    const theirs = await t().call('POST', '/blogger/download.lists', {}, free);
    expect(theirs.data.list.map((j: { id: number }) => j.id)).not.toContain(id);

    // The file: by bare id with their own token, and by a link signed for them (as the old
    // download.info would have handed out), it is not there for them; the owner still gets it.
    const job = await db
      .selectFrom('jobs')
      .select(['file_token', 'workspace_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const signed = { id, workspace_id: Number(job.workspace_id), file_token: job.file_token! };
    const base = '/api/v0.1/files/export';
    const get = (url: string, headers: Record<string, string> = {}) =>
      t().app.inject({ method: 'GET', url, headers });
    for (const [url, headers] of [
      [`${base}/${id}`, { token: free.token }],
      [signedExportPath(signed, free.userId), {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 40004 });
    }
    expect((await get(`${base}/${id}`, { token: vip.token })).statusCode).toBe(200);
    expect((await get(signedExportPath(signed, vip.userId))).statusCode).toBe(200);
  });
});
