/**
 * The sync engine with its live-update stream, against the real server over HTTP
 * (IndexedDB from fake-indexeddb): another member's change lands in the mirror without any timer,
 * focus or reconnect pull; a burst of changes costs a few pulls, not one per change; a dropped
 * stream is reopened and catches up; a stream refused after sign-out pauses the engine with the
 * server's code, and stop() closes the stream.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signInDirect } from '../helpers/sync-fixtures.ts';
import { LocalDB } from '../../src/db/db.ts';
import { readRows } from '../../src/db/queries.ts';
import { SyncEngine, type SyncState } from '../../src/workers/sync-engine.ts';
import { LiveStream } from '../../src/workers/live-stream.ts';

let t: TestApp & { close(): Promise<void> };
let apiBase = '';
let n = 0;
const engines: SyncEngine[] = [];

beforeAll(async () => {
  t = await createTestApp('sqlite');
  apiBase = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v0.1`;
});
afterAll(async () => {
  engines.forEach((e) => e.stop());
  t.app.server.closeAllConnections();
  await t?.close();
});

function harness(opts: { dropFirstStream?: boolean } = {}) {
  const db = new LocalDB(`live-${++n}-${Math.random()}`);
  const states: SyncState[] = [];
  const calls = { pulls: 0, streams: 0 };
  const counted: typeof fetch = async (input, init) => {
    const path = String(input).slice(apiBase.length);
    if (path === '/sync/pull') calls.pulls++;
    if (path === '/sync/events') {
      calls.streams++;
      if (opts.dropFirstStream && calls.streams === 1) {
        // The first stream opens, then the connection drops after its first event.
        const res = await fetch(input, init);
        const reader = res.body!.getReader();
        const first = await reader.read();
        void reader.cancel();
        return new Response(first.value, { headers: res.headers });
      }
    }
    return fetch(input, init);
  };
  const engine = new SyncEngine({
    db,
    fetch: counted,
    apiBase,
    periodMs: 3_600_000,
    onState: (s) => states.push(s),
    live: (d) => new LiveStream({ ...d, fetch: counted, apiBase }),
  });
  engines.push(engine);
  return { db, engine, states, calls };
}

const addTag = (token: string, title: string) =>
  t.call('POST', '/tags/add', { country: 'US', title }, { token }).then((r) => expect(r.code).toBe(200));

describe('sync engine with the live stream', () => {
  it("pulls a teammate's changes as they commit, a burst in a few pulls", async () => {
    const user = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ token: user.token, language: 'en-us' });
    await expect.poll(() => h.engine.state.live).toBe('live');
    // Until the stream first opens the header says it is connecting, never that live updates are off.
    const beforeLive = h.states
      .slice(
        0,
        h.states.findIndex((s) => s.live === 'live'),
      )
      .map((s) => s.live);
    expect(beforeLive.length).toBeGreaterThan(0);
    expect(new Set(beforeLive)).toEqual(new Set(['connecting']));
    const pullsBefore = h.calls.pulls;
    // Another session of the same workspace (a teammate's device) writes through the server.
    await addTag(user.token, 'pushed-1');
    await expect.poll(async () => (await readRows(h.db, 'tags')).map((r) => r.title)).toContain('pushed-1');
    for (let i = 0; i < 20; i++) await addTag(user.token, `burst-${i}`);
    await expect.poll(async () => (await readRows(h.db, 'tags')).length, { timeout: 10_000 }).toBe(21);
    // Each pull round takes whatever has committed by then: fewer pulls than changes.
    expect(h.calls.pulls - pullsBefore).toBeLessThan(21);
    expect(h.calls.pulls - pullsBefore).toBeGreaterThanOrEqual(2);
  });

  it('reopens a dropped stream and catches up on what it missed', async () => {
    const user = await signInDirect(t.database.db);
    const h = harness({ dropFirstStream: true });
    await h.engine.start({ token: user.token, language: 'en-us' });
    await expect
      .poll(() => h.states.some((s) => s.live === 'reconnecting' && h.calls.streams >= 1))
      .toBe(true);
    await addTag(user.token, 'while-away');
    await expect.poll(() => h.calls.streams, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => h.engine.state.live).toBe('live');
    await expect.poll(async () => (await readRows(h.db, 'tags')).map((r) => r.title)).toContain('while-away');
  });

  it('a stream ended by sign-out pauses the engine with the code; stop() closes the stream', async () => {
    const user = await signInDirect(t.database.db);
    const h = harness();
    await h.engine.start({ token: user.token, language: 'en-us' });
    await expect.poll(() => h.engine.state.live).toBe('live');
    const open = async () => (await t.app.metrics.eventStreams.get()).values[0]?.value ?? 0;
    const before = await open();
    expect((await t.call('GET', '/member/logout', {}, { token: user.token })).code).toBe(200);
    await expect.poll(() => h.engine.state.pausedBy).toBe(10003);
    expect(h.engine.state.live).toBe('off');
    await expect.poll(open).toBe(before - 1);

    const other = await signInDirect(t.database.db);
    const h2 = harness();
    await h2.engine.start({ token: other.token, language: 'en-us' });
    await expect.poll(() => h2.engine.state.live).toBe('live');
    const withIt = await open();
    h2.engine.stop();
    await expect.poll(open).toBe(withIt - 1);
    expect(h2.engine.state.live).toBe('off');
  });
});
