import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import type { RowOf } from '../../contract/sync.ts';
import { call } from './call.ts';
import { META, setMeta } from './db.ts';
import {
  editCreators,
  enqueue,
  NotSignedIn,
  addRow,
  setCreatorTags,
  deleteRows,
  deleteRowsById,
} from './actions.ts';
import { applyPage } from './mirror.ts';
import {
  countsOf,
  discard,
  markAcked,
  markFailed,
  markRetryLater,
  markSending,
  nextToSend,
  retry,
  settle,
} from './outbox.ts';
import { liveEffects, overlayRows } from './overlay.ts';
import { readRows } from './queries.ts';
import { creator, freshDb, page } from './test-db.ts';

/** A tag added offline; these tests read only its title. */
type NewTag = Omit<RowOf<'tags'>, 'id' | 'version'>;

const S = { userId: 1, workspaceId: 10 };

describe('the outbox', () => {
  it("records the spec's call with a key, the session and the optimistic effect", async () => {
    const db = await freshDb(S);
    const seq = await editCreators(
      db,
      'US',
      [
        { id: 1, unique_id: 'alice' },
        { id: 2, unique_id: 'bob' },
      ],
      { is_chat: 1 },
    );
    const e = await db.outbox.get(seq);
    expect(e).toMatchObject({
      method: 'PUT',
      path: '/blogger/edit',
      body: { country: 'US', bloggers: ['alice', 'bob'], isChat: 1 },
      userId: 1,
      workspaceId: 10,
      state: 'pending',
      attempts: 0,
      effect: { table: 'creators', kind: 'patch', ids: [1, 2], patch: { is_chat: 1 } },
    });
    expect(e?.idempotencyKey).toMatch(/.{16,}/);
    expect(e?.createdAt).toBeGreaterThan(0);
  });

  it('splits a selection over the server caps into calls of at most 10,000 names / 1,000 ids', async () => {
    const db = await freshDb(S);
    const refs = Array.from({ length: 10_001 }, (_, i) => ({ id: i + 1, unique_id: `c${i}` }));
    await editCreators(db, 'US', refs, { is_chat: 1 });
    const edits = await db.outbox.orderBy('seq').toArray();
    expect(edits.map((e) => (e.body.bloggers as string[]).length)).toEqual([10_000, 1]);
    expect(edits[1]).toMatchObject({ body: { bloggers: ['c10000'], isChat: 1 }, effect: { ids: [10_001] } });
    expect(new Set(edits.map((e) => e.idempotencyKey)).size).toBe(2);
    const ids = Array.from({ length: 2_500 }, (_, i) => i + 1);
    await deleteRowsById(db, 'invitations', API.invitationDel, ids, (part) => ({ ids: part }));
    const dels = (await db.outbox.orderBy('seq').toArray()).slice(2);
    expect(dels.map((e) => (e.body.ids as number[]).length)).toEqual([1000, 1000, 500]);
    expect(dels.map((e) => (e.effect as { ids: number[] }).ids.length)).toEqual([1000, 1000, 500]);
  });

  it('builds set.tags calls', async () => {
    const db = await freshDb(S);
    const seq = await setCreatorTags(db, 'GB', [{ id: 3, unique_id: 'c' }], 'del', [
      { tag_id: 9, tag_title: 'x' },
    ]);
    expect((await db.outbox.get(seq))?.body).toEqual({
      country: 'GB',
      bloggers: ['c'],
      type: 'del',
      tagIds: [9],
    });
  });

  it('refuses to enqueue without a session', async () => {
    const db = await freshDb(S);
    await db.meta.delete(META.session);
    await expect(enqueue(db, call(API.tagsAdd, { country: 'US', title: 'x' }))).rejects.toBeInstanceOf(
      NotSignedIn,
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('hands out entries in order, keeps a transient failure in place and skips a rejected one', async () => {
    const db = await freshDb(S);
    const a = await enqueue(db, call(API.tagsAdd, { country: 'US', title: 'a' }));
    const b = await enqueue(db, call(API.tagsAdd, { country: 'US', title: 'b' }));
    expect((await nextToSend(db, S))?.seq).toBe(a);
    await markSending(db, a);
    await markRetryLater(db, a, { code: 0, msg: 'offline' });
    expect(await nextToSend(db, S)).toMatchObject({ seq: a, attempts: 1, state: 'pending' });
    await markFailed(db, a, { code: 40001, msg: 'bad' });
    expect((await nextToSend(db, S))?.seq).toBe(b);
    expect(await countsOf(db, S)).toEqual({ unsent: 1, failed: 1 });
    await retry(db, a);
    expect((await nextToSend(db, S))?.seq).toBe(a);
    await discard(db, a);
    expect(await countsOf(db, S)).toEqual({ unsent: 1, failed: 0 });
  });

  it('retrying a conflict (40012) sends the same call with force, under the same key; other refusals go as they were', async () => {
    const db = await freshDb(S);
    const body = { id: 4, country: 'US', title: 'Hi', content: 'mine', base_version: 12 };
    const a = await enqueue(db, call(API.chatTmpEdit, body));
    const b = await enqueue(db, call(API.tagsEdit, { id: 5, country: 'US', title: 'x' }));
    const keyOf = async (seq: number) => (await db.outbox.get(seq))!.idempotencyKey;
    const key = await keyOf(a);
    await markFailed(db, a, { code: 40012, msg: 'Mia changed this template' });
    await markFailed(db, b, { code: 40001, msg: 'bad' });
    await retry(db, a);
    await retry(db, b);
    const [again, other] = [await db.outbox.get(a), await db.outbox.get(b)];
    expect(again).toMatchObject({ state: 'pending', body: { ...body, force: 1 } });
    expect(await keyOf(a)).toBe(key);
    expect(other?.body).toEqual({ id: 5, country: 'US', title: 'x' });
  });

  it("never hands one user's entries to another user or workspace", async () => {
    const db = await freshDb(S);
    await enqueue(db, call(API.tagsAdd, { country: 'US', title: 'a' }));
    expect(await nextToSend(db, { userId: 2, workspaceId: 10 })).toBeUndefined();
    expect(await nextToSend(db, { userId: 1, workspaceId: 11 })).toBeUndefined();
    await setMeta(db, META.session, { userId: 2, workspaceId: 20 });
    await enqueue(db, call(API.tagsAdd, { country: 'US', title: 'b' }));
    expect((await nextToSend(db, S))?.body.title).toBe('a');
  });

  it('keeps an acked entry until a pull started after the ack, then settles it', async () => {
    const db = await freshDb(S);
    const a = await enqueue(db, call(API.tagsAdd, { country: 'US', title: 'a' }));
    await markAcked(db, a, 1000);
    expect(await settle(db, 999)).toBe(0);
    expect(await settle(db, 1000)).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('local edits over the mirror', () => {
  it('shows an edit at once, keeps it over a pull of the old server row, and drops it when rejected', async () => {
    const db = await freshDb(S);
    await applyPage(db, page({ changes: { tags: [{ id: 1, version: 1, country: 'US', title: 'old' }] } }));
    const seq = await enqueue(db, call(API.tagsEdit, { id: 1, country: 'US', title: 'new' }), {
      table: 'tags',
      kind: 'upsert',
      row: { id: 1, version: 1, title: 'new' },
    });
    expect((await readRows(db, 'tags', 'US')).map((r) => r.title)).toEqual(['new']);
    // A pull that still carries the old server row does not erase the pending edit.
    await applyPage(db, page({ changes: { tags: [{ id: 1, version: 2, country: 'US', title: 'old' }] } }));
    expect((await readRows(db, 'tags', 'US')).map((r) => r.title)).toEqual(['new']);
    await markFailed(db, seq, { code: 40001, msg: 'no' });
    expect((await readRows(db, 'tags', 'US')).map((r) => r.title)).toEqual(['old']);
  });

  it('shows an added row with a temporary id and a delete as gone', async () => {
    const db = await freshDb(S);
    await applyPage(db, page({ changes: { tags: [{ id: 1, version: 1, country: 'US', title: 'a' }] } }));
    await addRow(db, 'tags', call(API.tagsAdd, { country: 'US', title: 'b' }), {
      country: 'US',
      title: 'b',
    } as NewTag);
    await deleteRows(db, 'tags', call(API.tagsDel, { id: 1, country: 'US' }), [1]);
    const rows = await readRows(db, 'tags', 'US');
    expect(rows.map((r) => r.title)).toEqual(['b']);
    expect(rows[0]!.id).toBeLessThan(0);
  });

  it("shows an accepted add under the server's id, so the pulled copy is the same row, never a second one", async () => {
    const db = await freshDb(S);
    const seq = await addRow(db, 'tags', call(API.tagsAdd, { country: 'US', title: 'b' }), {
      country: 'US',
      title: 'b',
    } as NewTag);
    await markAcked(db, seq, 1000, { code: 0, msg: 'Added', data: { id: 42, country: 'US', title: 'b' } });
    expect((await readRows(db, 'tags', 'US')).map((r) => [r.id, r.title])).toEqual([[42, 'b']]);
    // The pull brings the saved row before the entry settles: still one row.
    await applyPage(db, page({ changes: { tags: [{ id: 42, version: 7, country: 'US', title: 'b' }] } }));
    expect((await readRows(db, 'tags', 'US')).map((r) => [r.id, r.title])).toEqual([[42, 'b']]);
    // Addressable at once: a delete by the saved id hides it.
    await deleteRows(db, 'tags', call(API.tagsDel, { id: 42, country: 'US' }), [42]);
    expect(await readRows(db, 'tags', 'US')).toEqual([]);
  });

  it('keeps the temporary id when the answer carries no usable id', async () => {
    const db = await freshDb(S);
    for (const data of [undefined, null, { id: '7' }, { id: -3 }, { id: 1.5 }]) {
      const seq = await addRow(db, 'tags', call(API.tagsAdd, { country: 'US', title: 'x' }), {
        country: 'US',
        title: 'x',
      } as NewTag);
      await markAcked(db, seq, 1000, { code: 0, msg: 'Added', data });
      const e = await db.outbox.get(seq);
      expect(e?.effect?.kind === 'upsert' && e.effect.row.id).toBeLessThan(0);
    }
  });

  it("applies creator patches and tag changes in outbox order, ignoring other users' edits", async () => {
    const db = await freshDb(S);
    await editCreators(db, 'US', [{ id: 1, unique_id: 'u1' }], { is_chat: 1 });
    await setCreatorTags(db, 'US', [{ id: 1, unique_id: 'u1' }], 'add', [{ tag_id: 5, tag_title: 't' }]);
    await editCreators(db, 'US', [{ id: 1, unique_id: 'u1' }], { is_chat: 0, is_invitation: 1 });
    const entries = await db.outbox.toArray();
    const [row] = overlayRows([creator(1), creator(2)], liveEffects(entries, 'creators'));
    expect(row).toMatchObject({ is_chat: 0, is_invitation: 1, tags: [{ tag_id: 5, tag_title: 't' }] });
  });
});
