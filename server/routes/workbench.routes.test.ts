import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';

describeEngines('creator workbench', (t) => {
  /** A user with one creator `alice` in US (created through black.add then removed, or invitation.add). */
  async function withCreator() {
    const me = await t().signUp();
    const add = await t().call(
      'POST',
      '/blogger/invitation.add',
      { country: 'US', bloggers: ['alice'], productIds: ['P1'], isInvitation: 1 },
      { token: me.token },
    );
    expect(add.code).toBe(200);
    const c = await t()
      .database.db.selectFrom('creators')
      .select('id')
      .where('unique_id', '=', 'alice')
      .where('workspace_id', '=', me.workspaceId)
      .executeTakeFirstOrThrow();
    return { me, creatorId: Number(c.id) };
  }

  const events = async (creatorId: number) =>
    (
      await t()
        .database.db.selectFrom('creator_events')
        .select(['kind', 'detail', 'user_id', 'version'])
        .where('creator_id', '=', creatorId)
        .orderBy('id')
        .execute()
    ).map((e) => ({ ...e, user_id: Number(e.user_id), version: Number(e.version) }));

  it('adds, edits and deletes a note; the pull carries it and a note history row', async () => {
    const { me, creatorId } = await withCreator();
    const add = await t().call(
      'POST',
      '/creator/note.add',
      { creator_id: creatorId, content: '  Prefers WhatsApp  ' },
      { token: me.token },
    );
    expect(add).toMatchObject({ code: 200, data: { creator_id: creatorId, content: 'Prefers WhatsApp' } });
    expect(add.data.user_id).toBe(me.userId);
    const edit = await t().call(
      'PUT',
      '/creator/note.edit',
      { id: add.data.id, content: 'Prefers email' },
      { token: me.token },
    );
    expect(edit).toMatchObject({ code: 200, data: { id: add.data.id, content: 'Prefers email' } });

    const pull = await t().call('POST', '/sync/pull', { cursor: '' }, { token: me.token });
    const notes = pull.data.changes.creator_notes;
    expect(notes.rows).toHaveLength(1);
    expect(notes.rows[0][notes.columns.indexOf('content')]).toBe('Prefers email');
    const ev = pull.data.changes.creator_events;
    const kinds = ev.rows.map((r: unknown[]) => r[ev.columns.indexOf('kind')]);
    expect(kinds).toEqual(expect.arrayContaining(['invitation', 'note']));

    const del = await t().call('DELETE', '/creator/note.del', { id: add.data.id }, { token: me.token });
    expect(del).toMatchObject({ code: 200, data: { id: add.data.id } });
    const again = await t().call('DELETE', '/creator/note.del', { id: add.data.id }, { token: me.token });
    expect(again.code).toBe(40004);
    const next = await t().call('POST', '/sync/pull', { cursor: pull.data.cursor }, { token: me.token });
    expect(next.data.deletes.creator_notes).toEqual([add.data.id]);
  });

  it("edits a creator's contact fields: only the fields sent, checked, in this workspace only", async () => {
    const { me, creatorId } = await withCreator();
    const call = (body: Record<string, unknown>, token = me.token) =>
      t().call('PUT', '/creator/contact.edit', body, { token });
    const stored = async () =>
      t()
        .database.db.selectFrom('creators')
        .select(['daren_email', 'daren_phone', 'daren_socialize', 'version'])
        .where('id', '=', creatorId)
        .executeTakeFirstOrThrow();
    const before = Number((await stored()).version);
    expect(await call({ id: creatorId, email: ' mia@example.com ', phone: '+1 555 0100' })).toMatchObject({
      code: 200,
      data: { id: creatorId, daren_email: 'mia@example.com', daren_phone: '+1 555 0100' },
    });
    // A second member's change of another field keeps the first (only the fields sent change).
    expect((await call({ id: creatorId, reach: 'DM on Instagram first' })).code).toBe(200);
    const after = await stored();
    expect(after).toMatchObject({
      daren_email: 'mia@example.com',
      daren_phone: '+1 555 0100',
      daren_socialize: 'DM on Instagram first',
    });
    expect(Number(after.version)).toBeGreaterThan(before);
    // The pull carries the new fields to every device of the workspace.
    const pull = await t().call('POST', '/sync/pull', { cursor: '' }, { token: me.token });
    const creators = pull.data.changes.creators;
    const row = creators.rows.find((r: unknown[]) => r[creators.columns.indexOf('id')] === creatorId);
    expect(row[creators.columns.indexOf('daren_socialize')]).toBe('DM on Instagram first');
    // Blank clears one field.
    expect((await call({ id: creatorId, phone: '' })).data.daren_phone).toBe('');
    // Each change is a history row naming the fields that changed (not their values); a call that
    // changes nothing writes none.
    expect((await call({ id: creatorId, reach: 'DM on Instagram first' })).code).toBe(200);
    const contact = (await events(creatorId)).filter((e) => e.kind === 'contact');
    expect(contact.map((e) => e.detail)).toEqual(['email,phone', 'reach', 'phone']);
    expect(contact.every((e) => e.user_id === me.userId)).toBe(true);

    expect(await call({ id: creatorId, email: 'not an email' })).toMatchObject({
      code: 40001,
      msg: 'Please enter a valid email address (at most 200 characters)',
    });
    expect(await call({ id: creatorId, phone: '9'.repeat(51) })).toMatchObject({
      code: 40001,
      msg: 'WhatsApp or phone must be at most 50 characters',
    });
    expect((await call({ id: creatorId, reach: 'x'.repeat(501) })).code).toBe(40001);
    expect((await call({ id: creatorId, reach: 'a\u0000b' })).code).toBe(40001);
    expect((await stored()).daren_email).toBe('mia@example.com');
    // Another workspace's creator id is unknown here, and nothing of it changes.
    const stranger = await t().signUp();
    expect((await call({ id: creatorId, email: 'x@evil.example' }, stranger.token)).code).toBe(40004);
    expect((await call({ id: 99_999_999, email: 'x@example.com' })).code).toBe(40004);
    expect((await stored()).daren_email).toBe('mia@example.com');
  });

  it('refuses empty, too long and control-character notes, and unknown creators', async () => {
    const { me, creatorId } = await withCreator();
    const call = (body: Record<string, unknown>) =>
      t().call('POST', '/creator/note.add', body, { token: me.token });
    expect(await call({ creator_id: creatorId, content: '  ' })).toMatchObject({
      code: 40001,
      msg: 'Please enter the note',
    });
    expect(await call({ creator_id: creatorId, content: 'x'.repeat(2001) })).toMatchObject({
      code: 40001,
      msg: 'A note must be at most 2000 characters',
    });
    expect((await call({ creator_id: creatorId, content: 'a\u0000b' })).code).toBe(40001);
    expect(await call({ creator_id: creatorId + 999, content: 'hi' })).toMatchObject({
      code: 40004,
      msg: 'Creator not found',
    });
    expect((await call({ creator_id: creatorId, content: 'x'.repeat(2000) })).code).toBe(200);
  });

  it('adds a follow-up, snoozes it, marks it done and reopens it', async () => {
    const { me, creatorId } = await withCreator();
    const add = await t().call(
      'POST',
      '/creator/followup.add',
      { creator_id: creatorId, due_date: '2026-03-01', text: 'Ask about the sample' },
      { token: me.token },
    );
    expect(add).toMatchObject({ code: 200, data: { due_date: '2026-03-01', done_time: 0 } });
    const snooze = await t().call(
      'PUT',
      '/creator/followup.edit',
      { id: add.data.id, due_date: '2026-03-08' },
      { token: me.token },
    );
    expect(snooze.data).toMatchObject({ due_date: '2026-03-08', done_time: 0, text: 'Ask about the sample' });
    const done = await t().call(
      'PUT',
      '/creator/followup.edit',
      { id: add.data.id, done: 1 },
      { token: me.token },
    );
    expect(done.data.done_time).toBeGreaterThan(0);
    const open = await t().call(
      'PUT',
      '/creator/followup.edit',
      { id: add.data.id, done: 0 },
      { token: me.token },
    );
    expect(open.data.done_time).toBe(0);
    for (const due_date of ['2026-02-30', '2026-13-01', 'tomorrow', '']) {
      const bad = await t().call(
        'POST',
        '/creator/followup.add',
        { creator_id: creatorId, due_date, text: 'x' },
        { token: me.token },
      );
      expect(bad.code, due_date).toBe(40001);
    }
    const long = await t().call(
      'POST',
      '/creator/followup.add',
      { creator_id: creatorId, due_date: '2026-03-01', text: 'x'.repeat(201) },
      { token: me.token },
    );
    expect(long).toMatchObject({ code: 40001, msg: 'A follow-up must be at most 200 characters' });
  });

  it('writes a history row per creator an ingest or an import writes, none for a dry run', async () => {
    const me = await t().signUp();
    const json = async (path: string, body: unknown) => {
      const res = await t().app.inject({
        method: 'POST',
        url: `/api/v0.1${path}`,
        headers: { token: me.token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      return res.json() as { code: number };
    };
    const ingest = await json('/blogger/ingest', { country: 'US', creators: [{ unique_id: 'ing1' }] });
    expect(ingest.code).toBe(200);
    const rows = [{ unique_id: 'ing1', follower_count: 5 }, { unique_id: 'imp2' }];
    expect((await json('/blogger/import', { country: 'US', rows, dryRun: 1 })).code).toBe(200);
    expect((await json('/blogger/import', { country: 'US', rows })).code).toBe(200);
    const ids = await t()
      .database.db.selectFrom('creators')
      .select(['id', 'unique_id'])
      .where('workspace_id', '=', me.workspaceId)
      .execute();
    const idOf = (u: string) => Number(ids.find((c) => c.unique_id === u)!.id);
    expect((await events(idOf('ing1'))).map((e) => e.kind)).toEqual(['ingest', 'import']);
    expect((await events(idOf('imp2'))).map((e) => e.kind)).toEqual(['import']);
  });

  it('writes history rows for flags, tags, blacklist and invitation status, stamped with the change', async () => {
    const { me, creatorId } = await withCreator();
    const tok = { token: me.token };
    expect(
      (await t().call('PUT', '/blogger/edit', { country: 'US', bloggers: ['alice'], isChat: 1 }, tok)).code,
    ).toBe(200);
    const tag = await t().call('POST', '/tags/add', { country: 'US', title: 'Beauty' }, tok);
    const setTags = { country: 'US', bloggers: ['alice'], tagIds: [tag.data.id] };
    expect((await t().call('PUT', '/blogger/set.tags', { ...setTags, type: 'add' }, tok)).code).toBe(200);
    expect((await t().call('PUT', '/blogger/set.tags', { ...setTags, type: 'del' }, tok)).code).toBe(200);
    const inv = await t()
      .database.db.selectFrom('invitations')
      .select('id')
      .where('workspace_id', '=', me.workspaceId)
      .executeTakeFirstOrThrow();
    const invId = Number(inv.id);
    expect(
      (await t().call('PUT', '/blogger/invitation.edit', { id: invId, status: 3, sub_status: 2 }, tok)).code,
    ).toBe(200);
    expect(
      (
        await t().call(
          'POST',
          '/blogger/black.add',
          { country: 'US', bloggers: ['alice'], reason: 'no reply' },
          tok,
        )
      ).code,
    ).toBe(200);
    expect(
      (await t().call('DELETE', '/blogger/black.del', { country: 'US', bloggers: ['alice'] }, tok)).code,
    ).toBe(200);

    const rows = await events(creatorId);
    expect(rows.map((r) => [r.kind, r.detail])).toEqual([
      ['invitation', 'P1'],
      ['chat', '1'],
      ['tag_add', 'Beauty'],
      ['tag_del', 'Beauty'],
      ['invitation_status', '3.2'],
      ['black_add', 'no reply'],
      ['black_del', ''],
    ]);
    expect(rows.every((r) => r.user_id === me.userId)).toBe(true);
    // Each row carries the version of its change, so it arrives on the same sync page.
    const creator = await t()
      .database.db.selectFrom('creators')
      .select('version')
      .where('id', '=', creatorId)
      .executeTakeFirstOrThrow();
    expect(rows.at(-1)!.version).toBe(Number(creator.version));
  });
});
