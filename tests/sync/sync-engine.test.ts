/**
 * The sync engine against the real server over HTTP, with IndexedDB from fake-indexeddb.
 * Faults (offline, 5xx) are injected by wrapping fetch; rejections and forced logout are real.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addCreators, addTag, signInDirect } from '../helpers/sync-fixtures.ts';
import { LocalDB, META, getMeta, setMeta } from '../../src/db/db.ts';
import { loadCountry } from '../../src/db/mirror.ts';
import { countsOf } from '../../src/db/outbox.ts';
import { addRow, enqueue, type NewRow } from '../../src/db/actions.ts';
import { call } from '../../src/db/call.ts';
import { API } from '../../contract/api.ts';
import { readRows } from '../../src/db/queries.ts';
import { SyncEngine, type SyncState } from '../../src/workers/sync-engine.ts';

let t: TestApp & { close(): Promise<void> };
let apiBase = '';
let dbn = 0;

beforeAll(async () => {
  t = await createTestApp('sqlite');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiBase = `${address}/api/v0.1`;
});
afterAll(async () => t?.close());

interface Harness {
  db: LocalDB;
  engine: SyncEngine;
  states: SyncState[];
  sent: { path: string; key: string | null; body: string }[];
  /** The `limit` of every pull, in order. */
  pullLimits: number[];
  faults: { offline: number; http500: number; lostAnswer: number };
  /** Runs before every request the engine makes (pulls included). */
  onFetch?: (path: string) => Promise<void>;
}

function harness(opts: { pageLimit?: number; firstPageLimit?: number; locks?: FakeLocks } = {}): Harness {
  const db = new LocalDB(`engine-${++dbn}-${Math.random()}`);
  const states: SyncState[] = [];
  const sent: Harness['sent'] = [];
  const pullLimits: number[] = [];
  const faults = { offline: 0, http500: 0, lostAnswer: 0 };
  const wrapped: typeof fetch = async (input, init) => {
    const path = String(input).slice(apiBase.length);
    await h.onFetch?.(path);
    if (path === '/sync/pull') pullLimits.push(Number(new URLSearchParams(String(init?.body)).get('limit')));
    if (path !== '/sync/pull') {
      if (faults.offline > 0) {
        faults.offline--;
        throw new TypeError('Failed to fetch');
      }
      if (faults.http500 > 0) {
        faults.http500--;
        return new Response('{"code":50000,"msg":"down","data":null}', { status: 500 });
      }
      const headers = new Headers(init?.headers);
      sent.push({ path, key: headers.get('idempotency-key'), body: String(init?.body ?? '') });
      if (faults.lostAnswer > 0) {
        // The server applies the call; its answer never arrives (a dropped connection or a reload).
        faults.lostAnswer--;
        await (await fetch(input, init)).text();
        faults.offline = Number.POSITIVE_INFINITY; // and the network is gone until the test says

        throw new TypeError('Failed to fetch');
      }
    }
    return fetch(input, init);
  };
  const engine = new SyncEngine({
    db,
    fetch: wrapped,
    apiBase,
    pageLimit: opts.pageLimit ?? 50,
    firstPageLimit: opts.firstPageLimit,
    locks: opts.locks,
    periodMs: 3_600_000,
    onState: (s) => states.push(s),
  });
  const h: Harness = { db, engine, states, sent, pullLimits, faults };
  return h;
}

/** Web Locks with ifAvailable, as another tab holding the lock would behave. */
class FakeLocks {
  held = false;
  request = (async (_name: string, _opts: unknown, cb: (lock: unknown) => Promise<void>) => {
    if (this.held) return cb(null);
    this.held = true;
    try {
      return await cb({ name: 'creatordesk-sync' });
    } finally {
      this.held = false;
    }
  }) as unknown as LockManager['request'];
}

describe('sync engine', () => {
  it('does nothing while another tab holds the sync lock, and drains once it is free', async () => {
    const a = await signInDirect(t.database.db);
    const locks = new FakeLocks();
    const h = harness({ locks });
    locks.held = true; // the other tab
    await h.engine.start({ ...a, language: 'en-us' });
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'one' }));
    await h.engine.syncNow();
    expect(h.sent).toHaveLength(0);
    locks.held = false;
    await h.engine.syncNow();
    expect(h.sent).toHaveLength(1);
    h.engine.stop();
  });

  it('sends nothing more once the browser says it is offline during a round, and sends it when back', async () => {
    const a = await signInDirect(t.database.db);
    await addCreators(t.database.db, a.workspaceId, 30);
    const h = harness({ pageLimit: 10 });
    await h.engine.start({ ...a, language: 'en-us' });
    // Mid-pull, a change is made and the browser goes offline; the network itself still answers.
    let once = true;
    h.onFetch = async (path) => {
      if (path !== '/sync/pull' || !once) return;
      once = false;
      await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'offline' }));
      h.engine.setOnline(false);
    };
    await addCreators(t.database.db, a.workspaceId, 30);
    await h.engine.syncNow();
    expect(h.sent).toHaveLength(0);
    const session = (await getMeta(h.db, META.session))!;
    expect((await countsOf(h.db, session as never)).unsent).toBe(1);
    expect(h.engine.state.phase).toBe('offline');
    h.onFetch = undefined;
    h.engine.setOnline(true);
    await expect.poll(() => h.sent.length, { timeout: 10_000 }).toBe(1);
    h.engine.stop();
  });

  it('starts the backoff over when the browser is back: a first call that fails on reconnect is retried within seconds', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    // A long offline spell: every round skipped counts up the backoff (here to 2^7 s, capped at 60 s).
    h.engine.setOnline(false);
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'after the tunnel' }));
    for (let i = 0; i < 8; i++) await h.engine.syncNow();
    await new Promise((r) => setTimeout(r, 50)); // the outbox watch's own round, over before going on
    await h.engine.syncNow();
    expect(h.engine.state.phase).toBe('offline');
    // Back online, the first send fails (the connection is still settling); the retry follows in ~1 s.
    h.faults.offline = 1;
    h.engine.setOnline(true);
    await expect.poll(() => h.sent.length, { timeout: 6_000, interval: 100 }).toBe(1);
    expect(h.faults.offline).toBe(0);
    h.engine.stop();
  });

  it('pulls short pages into an empty mirror until its first creators come, then full ones; later rounds start full', async () => {
    const a = await signInDirect(t.database.db);
    // The catalog first (25 tags, one version each), as a new workspace's data usually starts.
    for (let i = 0; i < 25; i++) await addTag(t.database.db, a.workspaceId, `tag ${i}`);
    for (let i = 0; i < 4; i++) await addCreators(t.database.db, a.workspaceId, 20);
    const h = harness({ pageLimit: 40, firstPageLimit: 20 });
    await h.engine.start({ ...a, language: 'en-us' });
    // Short pages (20 tags, the other 5, the first 20 creators), then full pages.
    expect(h.pullLimits.slice(0, 3)).toEqual([20, 20, 20]);
    expect(h.pullLimits.length).toBeGreaterThan(3);
    expect(h.pullLimits.slice(3).every((l) => l === 40)).toBe(true);
    expect(await loadCountry(h.db, 'US')).toHaveLength(80);
    // The mirror is whole: the next round's first page is a full one.
    await addCreators(t.database.db, a.workspaceId, 5);
    const before = h.pullLimits.length;
    await h.engine.syncNow();
    expect(h.pullLimits[before]).toBe(40);
    h.engine.stop();
  });

  it('mirrors the workspace over several pages with progress, then resumes from its cursor', async () => {
    const a = await signInDirect(t.database.db);
    await addCreators(t.database.db, a.workspaceId, 30);
    await addCreators(t.database.db, a.workspaceId, 30);
    await addCreators(t.database.db, a.workspaceId, 30, { country: 'GB' });
    const h = harness({ pageLimit: 40 });
    await h.engine.start({ ...a, language: 'en-us' });
    expect(await loadCountry(h.db, 'US')).toHaveLength(60);
    expect(await loadCountry(h.db, 'GB')).toHaveLength(30);
    const progress = h.states.map((s) => s.progress).filter((p) => p !== null);
    expect(progress.at(-1)).toEqual({ done: 90, total: 90 });
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(h.engine.state.firstSyncDone).toBe(true);

    await addCreators(t.database.db, a.workspaceId, 5);
    await h.engine.syncNow();
    expect(await loadCountry(h.db, 'US')).toHaveLength(65);
    h.engine.stop();
  });

  it('learns who is signed in from the pull, sends an action with its key and form body, and settles it', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ token: a.token, language: 'en-us' });
    expect(await getMeta(h.db, META.session)).toEqual({ userId: a.userId, workspaceId: a.workspaceId });
    await addRow(h.db, 'tags', call(API.tagsAdd, { country: 'US', title: 'fresh' }), {
      country: 'US',
      title: 'fresh',
    } as NewRow<'tags'>);
    await h.engine.syncNow();
    expect(h.sent).toHaveLength(1);
    expect(h.sent[0]!.body).toContain('title=fresh');
    expect(h.sent[0]!.key).toMatch(/.{16,}/);
    const rows = await readRows(h.db, 'tags', 'US');
    expect(rows.map((r) => r.title)).toEqual(['fresh']);
    expect(rows[0]!.id).toBeGreaterThan(0); // the server's row, the overlay settled
    expect(await h.db.outbox.count()).toBe(0);
    h.engine.stop();
  });

  it('drains the rows an earlier build stored (plain method, path and body) after an update, in order and once', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    // Written as the outbox stored calls before they were built from the endpoint table: no
    // field of the row names an endpoint, only the wire's method, path and form body.
    const before = { userId: a.userId, workspaceId: a.workspaceId, createdAt: Date.now(), attempts: 0 };
    await h.db.outbox.bulkAdd([
      {
        ...before,
        method: 'POST',
        path: '/tags/add',
        body: { country: 'US', title: 'stored-before' },
        idempotencyKey: 'earlier-build-key-0001',
        state: 'pending',
        effect: {
          table: 'tags',
          kind: 'upsert',
          row: { id: -7, version: 0, country: 'US', title: 'stored-before', add_time: 1, update_time: 1 },
        },
      },
      {
        ...before,
        method: 'POST',
        path: '/chattmp/add',
        body: { country: 'US', title: 'Hello', content: 'Hi {creator_name}' },
        idempotencyKey: 'earlier-build-key-0002',
        state: 'sending',
        about: 'Hello',
      },
    ]);
    await h.engine.syncNow();
    expect(h.sent.map((x) => [x.path, x.key])).toEqual([
      ['/tags/add', 'earlier-build-key-0001'],
      ['/chattmp/add', 'earlier-build-key-0002'],
    ]);
    const titles = async (table: 'tags' | 'chat_templates') =>
      (
        await t.database.db
          .selectFrom(table)
          .select('title')
          .where('workspace_id', '=', a.workspaceId)
          .execute()
      ).map((x) => x.title);
    expect(await titles('tags')).toEqual(['stored-before']);
    expect(await titles('chat_templates')).toEqual(['Hello']);
    expect((await readRows(h.db, 'tags', 'US')).map((r) => [r.title, r.id > 0])).toEqual([
      ['stored-before', true],
    ]);
    expect(await h.db.outbox.count()).toBe(0);
    h.engine.stop();
  });

  it('retries after offline and 5xx with the same key, in order, applying once', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    h.faults.offline = 1;
    h.faults.http500 = 1;
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'first' }));
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'second' }));
    for (let i = 0; i < 3; i++) await h.engine.syncNow();
    expect(h.sent.map((s) => s.body.match(/title=(\w+)/)?.[1])).toEqual(['first', 'second']);
    const tags = await t.database.db
      .selectFrom('tags')
      .select('title')
      .where('workspace_id', '=', a.workspaceId)
      .orderBy('id')
      .execute();
    expect(tags.map((x) => x.title)).toEqual(['first', 'second']);
    expect((await readRows(h.db, 'tags', 'US')).map((r) => r.title).sort()).toEqual(['first', 'second']);
    h.engine.stop();
  });

  it('never shows a row twice when a call whose answer was lost is already applied on the server', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    h.faults.lostAnswer = 1;
    await addRow(h.db, 'tags', call(API.tagsAdd, { country: 'US', title: 'once' }), {
      country: 'US',
      title: 'once',
    } as NewRow<'tags'>);
    await h.engine.syncNow(); // applied on the server, the answer lost, then offline: the entry waits
    expect(await countsOf(h.db, a)).toEqual({ unsent: 1, failed: 0 });

    // The next round (a retry, or the app reopened): what the screens read at every step.
    const seen: number[] = [];
    const look = async (): Promise<void> => {
      seen.push((await readRows(h.db, 'tags', 'US')).filter((r) => r.title === 'once').length);
    };
    h.onFetch = look;
    h.engine.stop();
    h.faults.offline = 0;
    await h.engine.start({ ...a, language: 'en-us' });
    await look();
    h.engine.stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(1);
    expect(seen.at(-1)).toBe(1);
    expect(await countsOf(h.db, a)).toEqual({ unsent: 0, failed: 0 });
    const onServer = await t.database.db
      .selectFrom('tags')
      .select('id')
      .where('workspace_id', '=', a.workspaceId)
      .where('title', '=', 'once')
      .execute();
    expect(onServer).toHaveLength(1);
  });

  it('marks a rejected call failed, drops its overlay, and goes on with the next one', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await addRow(h.db, 'tags', call(API.tagsAdd, { country: 'US', title: '' }), {
      country: 'US',
      title: '',
    } as NewRow<'tags'>);
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'ok' }));
    await h.engine.syncNow();
    const failed = (await h.db.outbox.toArray()).filter((e) => e.state === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.lastError?.code).toBe(40001);
    expect((await readRows(h.db, 'tags', 'US')).map((r) => r.title)).toEqual(['ok']);
    expect(await countsOf(h.db, a)).toEqual({ unsent: 0, failed: 1 });
    h.engine.stop();
  });

  it('pauses on a forced logout keeping the entry, and resumes on the same user’s next start', async () => {
    const a = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    await t.database.db
      .updateTable('sessions')
      .set({ revoked_at: 1, revoked_reason: 'replaced' })
      .where('user_id', '=', a.userId)
      .execute();
    await enqueue(h.db, call(API.tagsAdd, { country: 'US', title: 'later' }));
    await h.engine.syncNow();
    expect(h.engine.state.pausedBy).toBe(10007);
    expect(await countsOf(h.db, a)).toEqual({ unsent: 1, failed: 0 });

    // Another user on this device never sends it.
    const b = await signInDirect(t.database.db);
    await h.engine.start({ ...b, language: 'en-us' });
    expect(await countsOf(h.db, a)).toEqual({ unsent: 1, failed: 0 });

    const again = await signInDirect(t.database.db);
    await t.database.db
      .updateTable('sessions')
      .set({ user_id: a.userId, workspace_id: a.workspaceId })
      .where('user_id', '=', again.userId)
      .execute();
    await h.engine.start({ ...a, token: again.token, language: 'en-us' });
    expect(await countsOf(h.db, a)).toEqual({ unsent: 0, failed: 0 });
    const titles = await t.database.db
      .selectFrom('tags')
      .select('title')
      .where('workspace_id', '=', a.workspaceId)
      .execute();
    expect(titles.map((x) => x.title)).toEqual(['later']);
    h.engine.stop();
  });

  it('drops the mirror when the session moves to another workspace', async () => {
    const a = await signInDirect(t.database.db);
    const b = await signInDirect(t.database.db);
    await addCreators(t.database.db, a.workspaceId, 4);
    const h = harness();
    await h.engine.start({ ...a, language: 'en-us' });
    expect(await loadCountry(h.db, 'US')).toHaveLength(4);
    await h.engine.start({ ...b, language: 'en-us' });
    expect(await loadCountry(h.db, 'US')).toHaveLength(0);
    expect(await getMeta(h.db, META.mirrorWorkspace)).toBe(b.workspaceId);
    await setMeta(h.db, META.cursor, 'garbage');
    await h.engine.syncNow();
    expect(await getMeta<string>(h.db, META.cursor)).toMatch(/^s\d+\./);
    h.engine.stop();
  });
});
