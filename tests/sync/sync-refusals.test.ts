/**
 * Refused changes in the sync engine, against the real server over HTTP with
 * IndexedDB from fake-indexeddb: a refusal rolls back exactly the rows its change touched, leaves
 * every other local change in place (earlier and later ones, on the same rows or not), is listed
 * with the server's reason and raises a notice; an acceptance that skipped blacklisted creators
 * raises one too; retry and discard clear the notice.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeForm } from '../../contract/wire.ts';
import type { CreatorRow } from '../../contract/sync.ts';
import { addRow, editCreators, enqueue, setCreatorTags, type NewRow } from '../../src/db/actions.ts';
import { call } from '../../src/db/call.ts';
import { API } from '../../contract/api.ts';
import { LocalDB } from '../../src/db/db.ts';
import { loadCountry } from '../../src/db/mirror.ts';
import { unreadOf } from '../../src/db/notices.ts';
import { countsOf, discard, entriesOf, retry } from '../../src/db/outbox.ts';
import { liveEffects, overlayRows } from '../../src/db/overlay.ts';
import { readRows } from '../../src/db/queries.ts';
import { SyncEngine } from '../../src/workers/sync-engine.ts';
import { addCreators, addTag, signInDirect } from '../helpers/sync-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp & { close(): Promise<void> };
let apiBase = '';
let dbn = 0;

beforeAll(async () => {
  t = await createTestApp('sqlite');
  apiBase = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v0.1`;
});
afterAll(async () => t?.close());

type Session = Awaited<ReturnType<typeof signInDirect>>;

/** An engine whose calls fail as offline while `net.blocks(path)` says so (pulls too, if asked). */
function harness() {
  const db = new LocalDB(`refusals-${++dbn}-${Math.random()}`);
  const net = { blocks: (_path: string): boolean => false };
  const engine = new SyncEngine({
    db,
    apiBase,
    periodMs: 3_600_000,
    fetch: async (input, init) => {
      if (net.blocks(String(input).slice(apiBase.length))) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    },
  });
  return { db, engine, net };
}

/** A call as a second device makes it. */
async function api(s: Session, method: string, path: string, body: Record<string, unknown>) {
  const res = await fetch(`${apiBase}${path}`, {
    method,
    headers: { token: s.token, 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm({ language: 'en-us', ...body }),
  });
  return (await res.json()) as { code: number; msg: string; data: unknown };
}

/** The creators as the screens see them: the mirror with the live entries' effects on top. */
async function shownCreators(db: LocalDB, s: Session): Promise<Map<string, CreatorRow>> {
  const rows = overlayRows(await loadCountry(db, 'US'), liveEffects(await entriesOf(db, s), 'creators'));
  return new Map(rows.map((r) => [r.unique_id, r]));
}

describe('a refused change', () => {
  it('rolls back exactly what it touched and leaves every other local change alone', async () => {
    const a = await signInDirect(t.database.db);
    const ids = await addCreators(t.database.db, a.workspaceId, 4, { prefix: 'rb' });
    const tag = await addTag(t.database.db, a.workspaceId, 'vip-list');
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    const ref = (i: number) => ({ id: ids[i]!, unique_id: `rb${i}` });

    // Held back (offline) so all four are recorded before any is sent.
    h.net.blocks = (path) => path !== '/sync/pull';
    await editCreators(h.db, 'US', [ref(0), ref(1)], { is_chat: 1 }); // accepted later
    await setCreatorTags(h.db, 'US', [ref(1), ref(2)], 'add', [{ tag_id: tag, tag_title: 'vip-list' }]);
    // Refused (40004: no such tag). It touches rb1's and rb2's tags, nothing else.
    await setCreatorTags(h.db, 'US', [ref(1), ref(2)], 'add', [{ tag_id: 987_654, tag_title: 'ghost' }]);
    await editCreators(h.db, 'US', [ref(3)], { is_invitation: 1 }); // later, another row: stays pending
    await h.engine.syncNow();
    const before = await shownCreators(h.db, a);
    expect(before.get('rb1')!.tags.map((x) => x.tag_title)).toEqual(['vip-list', 'ghost']);

    // Back online, except that the last edit's send fails: it stays unsent.
    let edits = 0;
    h.net.blocks = (path) => path === '/blogger/edit' && ++edits > 1;
    await h.engine.syncNow();

    const shown = await shownCreators(h.db, a);
    // rb1 and rb2: the accepted tag stays, the refused one is gone; rb1's accepted chat flag stays.
    expect(shown.get('rb1')).toMatchObject({ is_chat: 1, is_invitation: 0 });
    expect(shown.get('rb1')!.tags.map((x) => x.tag_title)).toEqual(['vip-list']);
    expect(shown.get('rb2')!.tags.map((x) => x.tag_title)).toEqual(['vip-list']);
    expect(shown.get('rb2')).toMatchObject({ is_chat: 0 });
    // The later change to another row still shows, and still waits to be sent.
    expect(shown.get('rb3')).toMatchObject({ is_invitation: 1 });
    expect(await countsOf(h.db, a)).toEqual({ unsent: 1, failed: 1 });
    // rb0 keeps its accepted change; the server agrees with what is shown for every row.
    expect(shown.get('rb0')).toMatchObject({ is_chat: 1 });
    const server = await t.database.db
      .selectFrom('creators')
      .select(['unique_id', 'is_chat', 'is_invitation'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(server.map((r) => [r.unique_id, Number(r.is_chat), Number(r.is_invitation)])).toEqual([
      ['rb0', 1, 0],
      ['rb1', 1, 0],
      ['rb2', 0, 0],
      ['rb3', 0, 0],
    ]);

    // Listed with its reason, and a notice says so.
    const failed = (await entriesOf(h.db, a)).filter((e) => e.state === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ path: '/blogger/set.tags', lastError: { code: 40004 } });
    expect(failed[0]!.lastError!.msg).not.toBe('');
    const notices = await unreadOf(h.db, a);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'refused',
      seq: failed[0]!.seq,
      code: 40004,
      msg: failed[0]!.lastError!.msg,
      path: '/blogger/set.tags',
    });
    h.engine.stop();
  });

  it('a 4th topic on the free plan: refused with 40201, the row gone, the notice kept; retry after VIP', async () => {
    const a = await signInDirect(t.database.db);
    for (const title of ['one', 'two', 'three'])
      expect((await api(a, 'POST', '/challenge/add', { country: 'US', title })).code).toBe(200);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await addRow(h.db, 'topics', call(API.challengeAdd, { country: 'US', title: 'summerglow' }), {
      country: 'US',
      challenge_title: 'summerglow',
    } as NewRow<'topics'>);
    await addRow(h.db, 'tags', call(API.tagsAdd, { country: 'US', title: 'after' }), {
      country: 'US',
      title: 'after',
    } as NewRow<'tags'>);
    await h.engine.syncNow();
    const topics = (await readRows(h.db, 'topics', 'US')).map((r) => r.challenge_title).sort();
    expect(topics).toEqual(['one', 'three', 'two']);
    expect((await readRows(h.db, 'tags', 'US')).map((r) => r.title)).toEqual(['after']);
    const [notice] = await unreadOf(h.db, a);
    expect(notice).toMatchObject({ kind: 'refused', code: 40201, path: '/challenge/add' });
    expect(notice!.msg).toMatch(/free plan/i);

    // After an upgrade the same entry goes through on retry, and its notice is gone.
    await t.database.db
      .updateTable('users')
      .set({ vip_until: Math.floor(Date.now() / 1000) + 86_400 })
      .where('id', '=', a.userId)
      .execute();
    await retry(h.db, notice!.seq);
    expect(await unreadOf(h.db, a)).toEqual([]);
    await h.engine.syncNow();
    expect((await readRows(h.db, 'topics', 'US')).map((r) => r.challenge_title)).toContain('summerglow');
    expect(await countsOf(h.db, a)).toEqual({ unsent: 0, failed: 0 });
    h.engine.stop();
  });

  it('an invitation of blacklisted creators: refused naming them, nothing created; discard clears it', async () => {
    const a = await signInDirect(t.database.db);
    expect(
      (await api(a, 'POST', '/blogger/black.add', { country: 'US', bloggers: ['bad.one'], reason: 'x' }))
        .code,
    ).toBe(200);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await enqueue(
      h.db,
      call(API.invitationAdd, { country: 'US', bloggers: ['bad.one'], isInvitation: 1, productIds: [] }),
    );
    await h.engine.syncNow();
    const [notice] = await unreadOf(h.db, a);
    expect(notice).toMatchObject({ kind: 'refused', code: 40009 });
    expect(notice!.msg).toContain('bad.one');
    expect(await readRows(h.db, 'invitations', 'US')).toEqual([]);
    await discard(h.db, notice!.seq);
    expect(await unreadOf(h.db, a)).toEqual([]);
    expect(await h.db.outbox.count()).toBe(0);
    h.engine.stop();
  });
});

describe('an accepted change that skipped part of it', () => {
  it('raises a notice naming the blacklisted creators and keeps the success text', async () => {
    const a = await signInDirect(t.database.db);
    await api(a, 'POST', '/blogger/black.add', { country: 'US', bloggers: ['skip.me'], reason: 'x' });
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await enqueue(
      h.db,
      call(API.invitationAdd, {
        country: 'US',
        bloggers: ['skip.me', 'fine.one'],
        isInvitation: 1,
        productIds: [],
      }),
    );
    await h.engine.syncNow();
    expect((await readRows(h.db, 'invitations', 'US')).map((r) => r.unique_id)).toEqual(['fine.one']);
    const [notice] = await unreadOf(h.db, a);
    expect(notice).toMatchObject({ kind: 'partial', code: 200 });
    expect(notice!.msg).toContain('skip.me');
    expect(await countsOf(h.db, a)).toEqual({ unsent: 0, failed: 0 });
    h.engine.stop();
  });

  it('an accepted change without skips raises no notice', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'plain' }));
    await h.engine.syncNow();
    expect(await unreadOf(h.db, a)).toEqual([]);
    h.engine.stop();
  });
});
