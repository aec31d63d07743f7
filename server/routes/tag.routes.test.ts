import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { DB, NewCreator } from '../db/schema.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';

/** A creator row with a version we can watch; the intake endpoints are another feature's. */
async function addCreator(db: Kysely<DB>, workspaceId: number, uniqueId: string, version = 1) {
  const row = await db
    .insertInto('creators')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      country: 'US',
      unique_id: uniqueId,
      add_time: 1,
      update_time: 1,
    } as unknown as NewCreator)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describeEngines('tags', (t) => {
  it('adds, lists, edits and deletes a tag with the spec fields', async () => {
    const me = await t().signUp();
    const add = await t().call(
      'POST',
      '/tags/add',
      { country: 'US', title: '  Beauty  ' },
      { token: me.token },
    );
    expect(add.code).toBe(200);
    expect(add.msg).toBe('Added');
    expect(Object.keys(add.data).sort()).toEqual(['add_time', 'country', 'id', 'title', 'update_time']);
    expect(add.data.title).toBe('Beauty');
    expect(typeof add.data.add_time).toBe('number');

    const list = await t().call('POST', '/tags/lists', { country: 'US', page: 1 }, { token: me.token });
    expect(list.data).toMatchObject({ count: 1, page: 1, limit: 20 });
    expect(list.data.list[0]).toEqual(add.data);

    const edit = await t().call(
      'PUT',
      '/tags/edit',
      { id: add.data.id, country: 'US', title: 'Make-up' },
      { token: me.token },
    );
    expect(edit.code).toBe(200);
    expect(edit.data.title).toBe('Make-up');

    const del = await t().call(
      'DELETE',
      '/tags/del',
      { id: add.data.id, country: 'US' },
      { token: me.token },
    );
    expect(del.code).toBe(200);
    const after = await t().call('POST', '/tags/lists', { country: 'US' }, { token: me.token });
    expect(after.data.count).toBe(0);
    const tomb = await t()
      .database.db.selectFrom('tags')
      .selectAll()
      .where('id', '=', add.data.id)
      .executeTakeFirstOrThrow();
    expect(tomb.deleted_at).not.toBeNull();
  });

  it('rejects a missing or blank title in the request language, and a duplicate with 40009', async () => {
    const me = await t().signUp();
    const missing = await t().call('POST', '/tags/add', { country: 'US' }, { token: me.token });
    expect(missing).toMatchObject({ code: 40001, msg: 'Please enter the tag name' });
    const blank = await t().call(
      'POST',
      '/tags/add',
      { country: 'US', title: '   ' },
      { token: me.token, language: 'zh-cn' },
    );
    expect(blank).toMatchObject({ code: 40001, msg: '请输入标签名称' });
    expect(
      (await t().call('POST', '/tags/add', { country: 'US', title: 'Dup' }, { token: me.token })).code,
    ).toBe(200);
    const dup = await t().call('POST', '/tags/add', { country: 'US', title: ' Dup ' }, { token: me.token });
    expect(dup.code).toBe(40009);
    // Same title in another country is another tag.
    expect(
      (await t().call('POST', '/tags/add', { country: 'MY', title: 'Dup' }, { token: me.token })).code,
    ).toBe(200);
    const other = await t().call('POST', '/tags/add', { country: 'US', title: 'Other' }, { token: me.token });
    const clash = await t().call(
      'PUT',
      '/tags/edit',
      { id: other.data.id, country: 'US', title: 'Dup' },
      { token: me.token },
    );
    expect(clash.code).toBe(40009);
  });

  it('rejects an unknown country and needs a token', async () => {
    const me = await t().signUp();
    const bad = await t().call('POST', '/tags/add', { country: 'XX', title: 'a' }, { token: me.token });
    expect(bad.code).toBe(40001);
    expect(bad.msg).toContain('country');
    expect((await t().call('POST', '/tags/lists', { country: 'US' })).code).toBe(10002);
  });

  it('filters by title and date range and pages with limit', async () => {
    const me = await t().signUp();
    for (const title of ['alpha', 'beta', 'Alphabet', '50%_off']) {
      await t().call('POST', '/tags/add', { country: 'SG', title }, { token: me.token });
    }
    const byTitle = await t().call(
      'POST',
      '/tags/lists',
      { country: 'SG', title: 'ALPHA' },
      { token: me.token },
    );
    expect(byTitle.data.list.map((r: { title: string }) => r.title).sort()).toEqual(['Alphabet', 'alpha']);
    const literal = await t().call(
      'POST',
      '/tags/lists',
      { country: 'SG', title: '%_' },
      { token: me.token },
    );
    expect(literal.data.count).toBe(1);
    const paged = await t().call(
      'POST',
      '/tags/lists',
      { country: 'SG', page: 2, limit: 3 },
      { token: me.token },
    );
    expect(paged.data).toMatchObject({ count: 4, page: 2, limit: 3 });
    expect(paged.data.list).toHaveLength(1);
    const past = await t().call(
      'POST',
      '/tags/lists',
      { country: 'SG', startTime: '2021-03-12', endTime: '2021-03-13' },
      { token: me.token },
    );
    expect(past.data.count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const now = await t().call(
      'POST',
      '/tags/lists',
      { country: 'SG', startTime: today, endTime: today },
      { token: me.token },
    );
    expect(now.data.count).toBe(4);
  });

  it("neither changes nor reveals another workspace's tags, nor a tag under the wrong country", async () => {
    const owner = await t().signUp();
    const stranger = await t().signUp();
    const tag = await t().call(
      'POST',
      '/tags/add',
      { country: 'US', title: 'Secret' },
      { token: owner.token },
    );
    const edit = await t().call(
      'PUT',
      '/tags/edit',
      { id: tag.data.id, country: 'US', title: 'Pwned' },
      { token: stranger.token },
    );
    expect(edit).toMatchObject({ code: 40004, data: null });
    const del = await t().call(
      'DELETE',
      '/tags/del',
      { id: tag.data.id, country: 'US' },
      { token: stranger.token },
    );
    expect(del.code).toBe(40004);
    const wrongCountry = await t().call(
      'DELETE',
      '/tags/del',
      { id: tag.data.id, country: 'MY' },
      { token: owner.token },
    );
    expect(wrongCountry.code).toBe(40004);
    expect(
      (await t().call('POST', '/tags/lists', { country: 'US' }, { token: stranger.token })).data.count,
    ).toBe(0);
    const mine = await t().call('POST', '/tags/lists', { country: 'US' }, { token: owner.token });
    expect(mine.data.list).toEqual([tag.data]);
  });

  it('deleting a tag takes it off its creators and bumps their versions', async () => {
    const me = await t().signUp();
    const other = await t().signUp();
    const db = t().database.db;
    const tag = (
      await t().call('POST', '/tags/add', { country: 'US', title: 'VIP creators' }, { token: me.token })
    ).data;
    const keep = (await t().call('POST', '/tags/add', { country: 'US', title: 'Keep' }, { token: me.token }))
      .data;
    const tagged = await addCreator(db, me.workspaceId, 'tagged_one');
    const untouched = await addCreator(db, me.workspaceId, 'untagged_one');
    const foreign = await addCreator(db, other.workspaceId, 'foreign_one');
    await db
      .insertInto('creator_tags')
      .values([
        { workspace_id: me.workspaceId, creator_id: tagged, tag_id: tag.id },
        { workspace_id: me.workspaceId, creator_id: tagged, tag_id: keep.id },
      ])
      .execute();

    const del = await t().call('DELETE', '/tags/del', { id: tag.id, country: 'US' }, { token: me.token });
    expect(del.code).toBe(200);
    const links = await db
      .selectFrom('creator_tags')
      .select('tag_id')
      .where('creator_id', '=', tagged)
      .execute();
    expect(links.map((l) => Number(l.tag_id))).toEqual([keep.id]);
    const ws = await db
      .selectFrom('workspaces')
      .select('version_seq')
      .where('id', '=', me.workspaceId)
      .executeTakeFirstOrThrow();
    const versions = await db
      .selectFrom('creators')
      .select(['id', 'version'])
      .where('id', 'in', [tagged, untouched, foreign])
      .execute();
    const v = (id: number) => Number(versions.find((r) => Number(r.id) === id)?.version);
    expect(v(tagged)).toBe(Number(ws.version_seq));
    expect(v(untouched)).toBe(1);
    expect(v(foreign)).toBe(1);
    const tomb = await db
      .selectFrom('tags')
      .select(['version', 'deleted_at'])
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();
    expect(Number(tomb.version)).toBe(Number(ws.version_seq));
  });

  it('replays an Idempotency-Key without adding twice', async () => {
    const me = await t().signUp();
    const headers = { 'idempotency-key': 'tag-add-1' };
    const a = await t().call(
      'POST',
      '/tags/add',
      { country: 'TH', title: 'Once' },
      { token: me.token, headers },
    );
    const b = await t().call(
      'POST',
      '/tags/add',
      { country: 'TH', title: 'Once' },
      { token: me.token, headers },
    );
    expect(b).toEqual(a);
    expect((await t().call('POST', '/tags/lists', { country: 'TH' }, { token: me.token })).data.count).toBe(
      1,
    );
  });
});
