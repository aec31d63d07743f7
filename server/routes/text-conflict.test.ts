/**
 * The conflict rule for text records, on both engines: an edit or delete based on an
 * older version than another member's later write of the text is refused with 40012 naming them,
 * writes nothing, and goes through with `force`; a member's own later writes and changes no member
 * made to the text are never conflicts; calls without a basis stay last-writer-wins.
 */
import { expect, it } from 'vitest';
import { teamOfTwo } from '../../tests/helpers/live-stream.ts';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';

type Table = 'chat_templates' | 'tags' | 'products' | 'creator_notes';

describeEngines('text record conflicts', (t) => {
  const versionOf = async (table: Table, id: number) =>
    Number(
      (
        await t()
          .database.db.selectFrom(table)
          .select('version')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).version,
    );
  const rowOf = (table: Table, id: number) =>
    t().database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const conflictsOf = async (recordId: number) =>
    (
      await t()
        .database.db.selectFrom('text_conflicts')
        .select(['record', 'title', 'outcome', 'user_name', 'other_name'])
        .where('record_id', '=', recordId)
        .orderBy('id')
        .execute()
    ).map((r) => ({ ...r }));

  async function template(app: TestApp, who: { token: string }, title: string) {
    const add = await app.call('POST', '/chattmp/add', { country: 'US', title, content: 'v0' }, who);
    expect(add.code).toBe(200);
    return Number(add.data.id);
  }

  it('a stale template edit is refused naming the teammate, writes nothing, and goes through when forced', async () => {
    const app = t();
    const { admin: mia, member: ann } = await teamOfTwo(app, 'Team one');
    const id = await template(app, mia, 'Greeting');
    const base = await versionOf('chat_templates', id);
    const edit = (
      who: { token: string },
      content: string,
      extra: object = {},
      language: 'en-us' | 'zh-cn' = 'en-us',
    ) =>
      app.call(
        'PUT',
        '/chattmp/edit',
        { id, country: 'US', title: 'Greeting', content, base_version: base, ...extra },
        { ...who, language },
      );

    expect((await edit(mia, 'Mia online')).code).toBe(200);
    const refused = await edit(ann, 'Ann offline');
    expect(refused).toMatchObject({
      code: 40012,
      msg: 'Team one admin changed this template after you started editing; yours is not saved yet. Save yours over it, or keep theirs.',
    });
    expect((await rowOf('chat_templates', id)).content).toBe('Mia online');
    const zh = await edit(ann, 'Ann offline', {}, 'zh-cn');
    expect(zh.msg).toContain('Team one admin 在你编辑期间修改了这个话术模板');

    expect((await edit(ann, 'Ann offline', { force: 1 })).code).toBe(200);
    expect((await rowOf('chat_templates', id)).content).toBe('Ann offline');
    // The resolved conflict is history, mirrored to the whole team.
    expect(await conflictsOf(id)).toEqual([
      {
        record: 'chat_templates',
        title: 'Greeting',
        outcome: 'kept_mine',
        user_name: 'Team one member',
        other_name: 'Team one admin',
      },
    ]);
    const pull = await app.call('POST', '/sync/pull', { cursor: '' }, mia);
    const mirrored = pull.data.changes.text_conflicts;
    expect(mirrored.rows).toHaveLength(1);
    expect(mirrored.rows[0][mirrored.columns.indexOf('outcome')]).toBe('kept_mine');
    // Mia's own next edit based on what she saw is now the stale one.
    expect((await edit(mia, 'Mia again')).code).toBe(40012);
  });

  it("a member's own edits in a row and changes to the row that are not its text are no conflicts", async () => {
    const app = t();
    const { admin, member } = await teamOfTwo(app, 'Team two');
    const id = await template(app, admin, 'Chain');
    const base = await versionOf('chat_templates', id);
    const body = (content: string) => ({ id, country: 'US', title: 'Chain', content, base_version: base });
    expect((await app.call('PUT', '/chattmp/edit', body('first'), member)).code).toBe(200);
    expect((await app.call('PUT', '/chattmp/edit', body('second'), member)).code).toBe(200);
    expect((await rowOf('chat_templates', id)).content).toBe('second');

    // The row's version moves without anyone writing its text (a sync stamp): not a conflict.
    const seen = await versionOf('chat_templates', id);
    await app.database.db
      .updateTable('chat_templates')
      .set({ version: seen + 50 })
      .where('id', '=', id)
      .execute();
    const after = { ...body('admin edit'), base_version: seen };
    expect((await app.call('PUT', '/chattmp/edit', after, admin)).code).toBe(200);

    // Without a basis (the spec's own call), the later write wins as it always did.
    const plain = { id, country: 'US', title: 'Chain', content: 'plain' };
    expect((await app.call('PUT', '/chattmp/edit', plain, member)).code).toBe(200);
    expect((await rowOf('chat_templates', id)).content).toBe('plain');
  });

  it('delete against edit resolves the same way, both ways round; a forced edit brings a deleted row back', async () => {
    const app = t();
    const { admin: mia, member: ann } = await teamOfTwo(app, 'Team three');
    const id = await template(app, mia, 'Gone');
    const base = await versionOf('chat_templates', id);
    const del = (who: { token: string }, extra: object = {}) =>
      app.call('DELETE', '/chattmp/del', { id, country: 'US', base_version: base, ...extra }, who);
    const edit = (who: { token: string }, extra: object = {}) =>
      app.call(
        'PUT',
        '/chattmp/edit',
        { id, country: 'US', title: 'Gone', content: 'kept text', base_version: base, ...extra },
        who,
      );

    expect((await del(mia)).code).toBe(200);
    const refused = await edit(ann);
    expect(refused.code).toBe(40012);
    expect(refused.msg).toContain('deleted this template');
    expect((await rowOf('chat_templates', id)).deleted_at).not.toBeNull();
    expect((await edit(ann, { force: 1 })).code).toBe(200);
    const back = await rowOf('chat_templates', id);
    expect(back.deleted_at).toBeNull();
    expect((await conflictsOf(id)).map((c) => c.outcome)).toEqual(['restored']);
    expect(back.content).toBe('kept text');
    const listed = await app.call('POST', '/chattmp/lists', { country: 'US' }, mia);
    expect(listed.data.map((r: { id: number }) => r.id)).toContain(id);

    // Ann's edit is newer than Mia's basis: Mia's stale delete is refused, then forced.
    const stale = await del(mia);
    expect(stale.code).toBe(40012);
    expect(stale.msg).toContain('changed this template');
    expect((await del(mia, { force: 1 })).code).toBe(200);
    // A delete of a deleted row is not found, whatever the basis.
    expect((await del(ann, { force: 1 })).code).toBe(40004);
  });

  it('tags, products and notes follow the same rule', async () => {
    const app = t();
    const { admin, member } = await teamOfTwo(app, 'Team four');
    const tag = await app.call('POST', '/tags/add', { country: 'US', title: 'hot' }, admin);
    const tagBase = await versionOf('tags', tag.data.id);
    const tagEdit = (who: { token: string }, title: string) =>
      app.call('PUT', '/tags/edit', { id: tag.data.id, country: 'US', title, base_version: tagBase }, who);
    expect((await tagEdit(admin, 'hotter')).code).toBe(200);
    expect((await tagEdit(member, 'cold')).msg).toContain('changed this tag');

    const product = {
      country: 'US',
      productId: '1729',
      productTitle: 'Lamp',
      productImage: 'https://example.com/lamp.jpg',
    };
    const p = await app.call('POST', '/product/add', product, admin);
    const pBase = await versionOf('products', p.data.id);
    const pEdit = (who: { token: string }, productTitle: string) =>
      app.call('PUT', '/product/edit', { ...product, id: p.data.id, productTitle, base_version: pBase }, who);
    expect((await pEdit(member, 'Desk lamp')).code).toBe(200);
    expect((await pEdit(admin, 'Floor lamp')).msg).toContain('changed this product');
    const pDel = await app.call(
      'DELETE',
      '/product/del',
      { id: p.data.id, country: 'US', base_version: pBase },
      admin,
    );
    expect(pDel.code).toBe(40012);

    const add = await app.call(
      'POST',
      '/blogger/invitation.add',
      { country: 'US', bloggers: ['noted'], productIds: ['P1'], isInvitation: 1 },
      admin,
    );
    expect(add.code).toBe(200);
    const creator = await app.database.db
      .selectFrom('creators')
      .select('id')
      .where('unique_id', '=', 'noted')
      .where('workspace_id', '=', admin.workspaceId)
      .executeTakeFirstOrThrow();
    const note = await app.call(
      'POST',
      '/creator/note.add',
      { creator_id: creator.id, content: 'first' },
      admin,
    );
    const nBase = await versionOf('creator_notes', note.data.id);
    const nEdit = (who: { token: string }, content: string) =>
      app.call('PUT', '/creator/note.edit', { id: note.data.id, content, base_version: nBase }, who);
    expect((await nEdit(member, 'member text')).code).toBe(200);
    const refused = await nEdit(admin, 'admin text');
    expect(refused).toMatchObject({ code: 40012 });
    expect(refused.msg).toContain('Team four member changed this note');
    const nDel = await app.call(
      'DELETE',
      '/creator/note.del',
      { id: note.data.id, base_version: nBase },
      admin,
    );
    expect(nDel.code).toBe(40012);
    expect((await rowOf('creator_notes', note.data.id)).content).toBe('member text');
  });

  it('keep theirs records the outcome only when a teammate did write after the basis, in the own workspace only', async () => {
    const app = t();
    const { admin: mia, member: ann } = await teamOfTwo(app, 'Team five');
    const stranger = await app.signUp();
    const id = await template(app, mia, 'Kept');
    const base = await versionOf('chat_templates', id);
    const edit = { id, country: 'US', title: 'Kept', base_version: base };
    expect((await app.call('PUT', '/chattmp/edit', { ...edit, content: 'Mia' }, mia)).code).toBe(200);
    expect((await app.call('PUT', '/chattmp/edit', { ...edit, content: 'Ann' }, ann)).code).toBe(40012);
    const keep = { record: 'chat_templates', id, base_version: base };
    expect(await app.call('POST', '/conflict/keep.theirs', keep, stranger)).toMatchObject({ code: 40004 });
    expect(await app.call('POST', '/conflict/keep.theirs', keep, ann)).toMatchObject({
      code: 200,
      data: { recorded: 1 },
    });
    expect(await conflictsOf(id)).toEqual([
      {
        record: 'chat_templates',
        title: 'Kept',
        outcome: 'kept_theirs',
        user_name: 'Team five member',
        other_name: 'Team five admin',
      },
    ]);
    // Nothing newer by someone else than this basis: nothing to record.
    const now = await versionOf('chat_templates', id);
    const current = { ...keep, base_version: now };
    expect(await app.call('POST', '/conflict/keep.theirs', current, ann)).toMatchObject({
      code: 200,
      data: { recorded: 0 },
    });
    expect((await app.call('POST', '/conflict/keep.theirs', { ...keep, record: 'users' }, ann)).code).toBe(
      40001,
    );
    expect((await rowOf('chat_templates', id)).content).toBe('Mia');
  });
});
