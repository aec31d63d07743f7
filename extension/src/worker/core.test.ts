/**
 * The worker's logic over a fake chrome.storage: a new core over the same store stands for the
 * MV3 worker stopping and starting again, so these cover what browser tests cannot (queue
 * persistence, retries with the same Idempotency-Key, a dead token stopping everything).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { HarvestedVideo, IngestItem } from '../affiliate/adapter.ts';
import type { PopupState, Request, StatusAnswer, StatusChanged } from '../shared/messages.ts';
import type { FetchFn } from './api.ts';
import { backoffMs, createCore, type KV } from './core.ts';

class FakeStorage implements KV {
  data: Record<string, string> = {};
  async get(keys: string[]) {
    const out: Record<string, unknown> = {};
    for (const k of keys) if (k in this.data) out[k] = JSON.parse(this.data[k]!);
    return out;
  }
  async set(items: Record<string, unknown>) {
    for (const [k, v] of Object.entries(items)) this.data[k] = JSON.stringify(v);
  }
  async remove(keys: string[]) {
    for (const k of keys) delete this.data[k];
  }
}

interface Seen {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A CreatorDesk stand-in: answers by path; `down` makes every call fail like a closed port. */
class FakeServer {
  calls: Seen[] = [];
  down = false;
  revoked = false;
  ingested = new Map<string, IngestItem>();
  keys = new Set<string>();
  /** Video id → the /content/import body that recorded it. */
  videos = new Map<string, Record<string, unknown>>();
  messages = 0;
  fetch: FetchFn = async (url, init) => {
    if (this.down) throw new TypeError('Failed to fetch');
    const path = new URL(url).pathname.replace('/api/v0.1', '');
    const headers = init.headers as Record<string, string>;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    this.calls.push({ path, headers, body });
    const reply = (code: number, data: unknown = null, msg = '') =>
      new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
    if (path === '/ext/pair')
      return body.code === 'ABCDE-12345'
        ? reply(200, {
            token: 'ext-token',
            token_expiration_time: 2e9,
            member_name: 'Ann',
            workspace_name: 'Shop',
          })
        : reply(40001, null, 'The pairing code is wrong or expired');
    if (this.revoked || headers.token !== 'ext-token') return reply(10003, null, 'Please sign in again');
    if (path === '/blogger/ingest') {
      const key = headers['idempotency-key']!;
      const creators = body.creators as IngestItem[];
      if (!creators.length) return reply(40001, null, 'empty');
      let created = 0;
      let updated = 0;
      if (!this.keys.has(key)) {
        this.keys.add(key);
        for (const c of creators) {
          if (this.ingested.has(c.unique_id)) updated++;
          else created++;
          this.ingested.set(c.unique_id, c);
        }
      }
      return reply(200, { received: creators.length, created, updated, rejected: [] });
    }
    if (path === '/blogger/status') {
      const list = (body.bloggers as string[])
        .filter((h) => this.ingested.has(h))
        .map((h, i) => ({
          unique_id: h,
          id: i + 1,
          is_chat: 0,
          is_invitation: 0,
          is_black: 0,
          tags: [],
          plans: h.endsWith('_0') ? [{ plan_id: 1, name: 'Spring', stage: 'contacted' }] : [],
          connected: 0,
          messages: this.messages,
        }));
      return reply(200, { list, quota: { limit: 50, used: 49, reset_at: 2e9 } });
    }
    if (path === '/plan/message') {
      this.messages++;
      return this.messages > 5
        ? reply(40009, null, 'TikTok allows 5 messages before the creator replies')
        : reply(200, { creator_id: body.creator_id, messages: this.messages });
    }
    if (path === '/content/import') {
      const key = headers['idempotency-key']!;
      const rows = body.rows as { row: number; creator: string; video: string }[];
      // As the server: a row of a creator the workspace lacks is refused, the others count once.
      let added = 0;
      const refused = rows
        .filter((r) => !this.ingested.has(r.creator))
        .map((r) => ({ row: r.row, field: 'creator', value: r.creator, reason: 'no such creator' }));
      if (!this.keys.has(key)) {
        this.keys.add(key);
        for (const r of rows)
          if (this.ingested.has(r.creator) && !this.videos.has(r.video)) {
            this.videos.set(r.video, body);
            added++;
          }
      }
      return reply(200, { added, updated: 0, unchanged: 0, moved: 0, rows: rows.length, refused });
    }
    if (path === '/blogger/edit') return reply(200, { matched: 1, updated: 1, not_found: [] });
    if (path === '/blogger/invitation.add')
      return reply(200, { added: 1, updated: 0, created_creators: 0, blacklisted: [] });
    return reply(40004, null, 'not found');
  };
}

const creators = (n: number, prefix = 'c') =>
  Array.from({ length: n }, (_, i) => ({
    oecuid: String(900 + i),
    profile: { unique_id: `${prefix}_${i}`, nick_name: `C ${i}`, follower_count: 100 + i } as IngestItem,
  }));

function setup(store = new FakeStorage(), server = new FakeServer()) {
  const wakes: number[] = [];
  const broadcasts: StatusChanged[] = [];
  let n = 0;
  const core = createCore({
    store,
    fetch: server.fetch,
    now: () => 1_000_000,
    uuid: () => `key-${++n}-${Math.random().toString(36).slice(2, 8)}`,
    broadcast: (m) => broadcasts.push(m),
    wakeIn: (ms) => wakes.push(ms),
  });
  return { core, store, server, wakes, broadcasts };
}

const video = (i: number, over: Partial<HarvestedVideo> = {}): HarvestedVideo => ({
  video_id: `730000000000000000${i}`,
  post_time: 1_772_366_400 + i,
  views: 100 + i,
  likes: 5,
  product_ids: i ? [] : ['1729000000000000555'],
  ...over,
});

const state = (core: ReturnType<typeof createCore>) => core.handle({ type: 'state' }) as Promise<PopupState>;
const harvestOn = { type: 'settings', settings: { harvest: { search: true } } } as const;

describe('extension worker', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(async () => {
    t = setup();
    expect(await t.core.handle({ type: 'pair', server: '127.0.0.1:5180/', code: 'ABCDE-12345' })).toEqual({
      ok: true,
    });
  });

  it('pairs, keeping the token and the normalised address', async () => {
    const s = await state(t.core);
    expect(s).toMatchObject({
      link: 'ok',
      server: 'http://127.0.0.1:5180',
      member_name: 'Ann',
      workspace_name: 'Shop',
    });
    expect(t.server.calls[0]).toMatchObject({ path: '/ext/pair', body: { code: 'ABCDE-12345' } });
    expect(t.server.calls[0]!.headers.token).toBeUndefined();
    const bad = setup();
    expect(
      await bad.core.handle({ type: 'pair', server: 'http://127.0.0.1:5180', code: 'nope' }),
    ).toMatchObject({
      ok: false,
      error: 'The pairing code is wrong or expired',
    });
    expect((await state(bad.core)).link).toBe('unpaired');
  });

  it('collects nothing until the switch for that page is on', async () => {
    expect(
      await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(3) }),
    ).toEqual({
      queued: 0,
    });
    expect(t.server.calls.filter((c) => c.path === '/blogger/ingest')).toHaveLength(0);
    await t.core.handle(harvestOn);
    // The profile page is still off.
    await t.core.handle({ type: 'captured', page: 'profile', country: 'US', creators: creators(3) });
    expect(t.server.ingested.size).toBe(0);
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(3) });
    await t.core.flush();
    expect(t.server.ingested.size).toBe(3);
    const ingest = t.server.calls.find((c) => c.path === '/blogger/ingest')!;
    expect(ingest.headers['idempotency-key']).toMatch(/^key-/);
    expect(ingest.body).toMatchObject({ country: 'US', creators: [{ unique_id: 'c_0' }, {}, {}] });
    expect((await state(t.core)).counts).toEqual({ seen: 3, created: 3, updated: 0, rejected: 0 });
    expect(t.broadcasts.at(-1)).toEqual({ type: 'status-changed', handles: ['c_0', 'c_1', 'c_2'] });
  });

  it("records a profile's videos after its creator, only with the profile switch on, each again only when its figures change", async () => {
    const one = creators(1, 'v');
    const handle = one[0]!.profile.unique_id;
    const seen: Request = { type: 'videos', country: 'US', handle, videos: [video(0), video(1)] };
    expect(await t.core.handle(seen)).toEqual({ queued: 0 });
    await t.core.handle({ type: 'settings', settings: { harvest: { profile: true } } });
    await t.core.handle({ type: 'captured', page: 'profile', country: 'US', creators: one });
    expect(await t.core.handle(seen)).toEqual({ queued: 2 });
    await t.core.flush();
    // The ingest first, then the videos: the server knew the creator when their rows came.
    expect(t.server.calls.map((c) => c.path).filter((p) => p !== '/blogger/status')).toEqual([
      '/ext/pair',
      '/blogger/ingest',
      '/content/import',
    ]);
    const sent = t.server.calls.find((c) => c.path === '/content/import')!;
    expect(sent.headers['idempotency-key']).toMatch(/^key-/);
    expect(sent.body).toEqual({
      country: 'US',
      rows: [
        {
          row: 1,
          creator: handle,
          video: '7300000000000000000',
          post_time: '2026-03-01T12:00:00.000Z',
          products: '1729000000000000555',
          views: '100',
          likes: '5',
          comments: '',
        },
        expect.objectContaining({ row: 2, video: '7300000000000000001', products: '', views: '101' }),
      ],
    });
    expect((await state(t.core)).counts.videos).toBe(2);
    // The same page again: nothing new. A video whose views grew: that one alone.
    expect(await t.core.handle(seen)).toEqual({ queued: 0 });
    expect(await t.core.handle({ ...seen, videos: [video(0), video(1, { views: 900 })] })).toEqual({
      queued: 1,
    });
    await t.core.flush();
    const last = t.server.calls.filter((c) => c.path === '/content/import').at(-1)!;
    expect((last.body.rows as { video: string; views: string }[]).map((r) => [r.video, r.views])).toEqual([
      ['7300000000000000001', '900'],
    ]);
  });

  it('sends again the videos the server refused (a creator it did not know yet)', async () => {
    await t.core.handle({ type: 'settings', settings: { harvest: { profile: true } } });
    const seen: Request = { type: 'videos', country: 'US', handle: 'late_0', videos: [video(4)] };
    expect(await t.core.handle(seen)).toEqual({ queued: 1 });
    await t.core.flush();
    expect(t.server.videos.size).toBe(0);
    await t.core.handle({ type: 'captured', page: 'profile', country: 'US', creators: creators(1, 'late') });
    await t.core.flush();
    expect(await t.core.handle(seen)).toEqual({ queued: 1 });
    await t.core.flush();
    expect(t.server.videos.has('7300000000000000004')).toBe(true);
    expect((await state(t.core)).counts.videos).toBe(1);
  });

  it('keeps videos queued while the server is down and delivers them with the same key', async () => {
    await t.core.handle({ type: 'settings', settings: { harvest: { profile: true } } });
    await t.core.handle({ type: 'captured', page: 'profile', country: 'US', creators: creators(1, 'w') });
    await t.core.flush();
    t.server.down = true;
    await t.core.handle({ type: 'videos', country: 'US', handle: 'w_0', videos: [video(3)] });
    await t.core.flush();
    expect((await state(t.core)).queued).toBe(1);
    t.server.down = false;
    // A new worker over the same storage carries on.
    const again = setup(t.store, t.server);
    await again.core.flush();
    expect((await state(again.core)).queued).toBe(0);
    expect(t.server.videos.has('7300000000000000003')).toBe(true);
    const tries = t.server.calls.filter((c) => c.path === '/content/import');
    expect(new Set(tries.map((c) => c.headers['idempotency-key'])).size).toBe(1);
  });

  it('sends only new or changed creators', async () => {
    await t.core.handle(harvestOn);
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(3) });
    await t.core.flush();
    const changed = creators(4);
    changed[1]!.profile.follower_count = 999;
    expect(
      await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: changed }),
    ).toEqual({
      queued: 2,
    });
    await t.core.flush();
    const last = t.server.calls.filter((c) => c.path === '/blogger/ingest').at(-1)!;
    expect((last.body.creators as IngestItem[]).map((c) => c.unique_id)).toEqual(['c_1', 'c_3']);
    expect((await state(t.core)).counts).toEqual({ seen: 4, created: 4, updated: 1, rejected: 0 });
  });

  it('queues while the server is down and delivers after a worker restart with the same key', async () => {
    await t.core.handle(harvestOn);
    t.server.down = true;
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2, 'q') });
    await t.core.flush();
    expect(t.wakes).toEqual([backoffMs(1)]);
    const before = await state(t.core);
    expect(before.queued).toBe(1);
    expect(before.lastError).toMatch(/unreachable/);
    const queued = JSON.parse(t.store.data.queue!) as { id: string; tries: number }[];
    expect(queued[0]!.tries).toBe(1);

    // The worker stops; a new one starts over the same storage when the server is back.
    t.server.down = false;
    const again = setup(t.store, t.server);
    await again.core.flush();
    expect(t.server.ingested.size).toBe(2);
    const ingest = t.server.calls.filter((c) => c.path === '/blogger/ingest');
    expect(ingest.at(-1)!.headers['idempotency-key']).toBe(queued[0]!.id);
    expect((await state(again.core)).queued).toBe(0);
  });

  it('replays a batch whose answer was lost without counting it twice', async () => {
    await t.core.handle(harvestOn);
    // The server took the batch but the answer never arrived (the key is already known to it).
    const realFetch = t.server.fetch;
    let lose = true;
    t.server.fetch = async (url, init) => {
      const res = await realFetch(url, init);
      if (lose && url.includes('/blogger/ingest')) {
        lose = false;
        throw new TypeError('network changed');
      }
      return res;
    };
    const r = setup(t.store, t.server);
    await r.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2, 'lost') });
    await r.core.flush();
    expect((await state(r.core)).queued).toBe(1);
    await r.core.flush();
    const keys = t.server.calls
      .filter((c) => c.path === '/blogger/ingest')
      .map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect(t.server.ingested.size).toBe(2);
  });

  it('stops on a revoked token, keeps the queue, and asks to reconnect', async () => {
    await t.core.handle(harvestOn);
    t.server.revoked = true;
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2) });
    await t.core.flush();
    const s = await state(t.core);
    expect(s.link).toBe('reconnect');
    expect(s.queued).toBe(1);
    const calls = t.server.calls.length;
    // Nothing more goes out until a new pairing.
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(5, 'x') });
    await t.core.handle({ type: 'status', country: 'US', handles: ['c_0'] });
    await t.core.flush();
    expect(t.server.calls.length).toBe(calls);
    t.server.revoked = false;
    await t.core.handle({ type: 'pair', server: 'http://127.0.0.1:5180', code: 'ABCDE-12345' });
    await t.core.flush();
    expect(t.server.ingested.size).toBe(2);
    expect((await state(t.core)).link).toBe('ok');
  });

  it('drops a batch the server refuses as a whole', async () => {
    await t.core.handle(harvestOn);
    const realFetch = t.server.fetch;
    t.server.fetch = async (url, init) =>
      url.includes('/blogger/ingest')
        ? new Response(JSON.stringify({ code: 40001, msg: 'bad data', data: null }))
        : realFetch(url, init);
    const r = setup(t.store, t.server);
    await r.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(1) });
    await r.core.flush();
    const s = await state(r.core);
    expect(s.queued).toBe(0);
    expect(s.lastError).toBe('40001 bad data');
    // Forgotten as sent, so the next capture tries again.
    t.server.fetch = realFetch;
    expect(
      await r.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(1) }),
    ).toEqual({
      queued: 1,
    });
  });

  it('caches statuses, asks in chunks of 100 and refreshes after a change it made', async () => {
    await t.core.handle(harvestOn);
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(150) });
    await t.core.flush();
    const handles = creators(150).map((c) => c.profile.unique_id.toUpperCase());
    const a = (await t.core.handle({
      type: 'status',
      country: 'US',
      handles: [...handles, 'nobody'],
    })) as StatusAnswer;
    expect(Object.keys(a.statuses)).toHaveLength(151);
    expect(a.statuses.nobody).toBeNull();
    expect(a.statuses.c_0?.plans[0]?.name).toBe('Spring');
    expect(a.quota).toEqual({ limit: 50, used: 49, reset_at: 2e9 });
    const status = () => t.server.calls.filter((c) => c.path === '/blogger/status');
    expect(status().map((c) => (c.body.bloggers as string[]).length)).toEqual([100, 51]);
    await t.core.handle({ type: 'status', country: 'US', handles });
    expect(status()).toHaveLength(2);
    await t.core.handle({ type: 'contact', country: 'US', handle: 'c_3' });
    await t.core.handle({ type: 'status', country: 'US', handles });
    expect(status().at(-1)!.body.bloggers).toEqual(['c_3']);
  });

  it('asks the server on a fresh look, and keeps showing the last answer while it is away', async () => {
    await t.core.handle(harvestOn);
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2) });
    await t.core.flush();
    const status = () => t.server.calls.filter((c) => c.path === '/blogger/status');
    const look = (fresh: boolean) =>
      t.core.handle({
        type: 'status',
        country: 'US',
        handles: ['c_0', 'c_1'],
        fresh,
      }) as Promise<StatusAnswer>;
    await look(true);
    // The answer is cached in the background; let it land.
    await new Promise((r) => setTimeout(r, 10));
    await look(false);
    expect(status()).toHaveLength(1);
    // A page's first look asks again although the cache is young.
    await look(true);
    expect(status()).toHaveLength(2);
    t.server.down = true;
    const away = await look(true);
    expect(away.statuses.c_0?.unique_id).toBe('c_0');
    expect(away.statuses.c_1?.unique_id).toBe('c_1');
  });

  it('records a sent message: in a plan through /plan/message, else /blogger/edit', async () => {
    await t.core.handle(harvestOn);
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2) });
    await t.core.flush();
    expect(await t.core.handle({ type: 'contact', country: 'US', handle: 'c_0' })).toEqual({
      link: 'ok',
      ok: true,
      messages: 1,
    });
    expect(await t.core.handle({ type: 'contact', country: 'US', handle: 'c_1' })).toEqual({
      link: 'ok',
      ok: true,
    });
    expect(t.server.calls.find((c) => c.path === '/blogger/edit')!.body).toEqual({
      country: 'US',
      bloggers: ['c_1'],
      isChat: 1,
    });
    t.server.messages = 5;
    expect(await t.core.handle({ type: 'contact', country: 'US', handle: 'c_0' })).toMatchObject({
      ok: false,
      note: 'TikTok allows 5 messages before the creator replies',
    });
    expect(await t.core.handle({ type: 'contact', country: 'US', handle: 'stranger' })).toMatchObject({
      ok: false,
      note: expect.stringContaining('not in your CreatorDesk workspace'),
    });
  });

  it('remembers who an IM page is about even with collecting off', async () => {
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2) });
    expect(await t.core.handle({ type: 'whois', oecuid: '901' })).toEqual({
      handle: 'c_1',
      name: 'C 1',
      country: 'US',
    });
    expect(t.server.calls.filter((c) => c.path === '/blogger/ingest')).toHaveLength(0);
  });

  it('records an invitation the page itself made, by the creators’ page ids', async () => {
    await t.core.handle({ type: 'captured', page: 'other', country: 'US', creators: creators(3) });
    expect(
      await t.core.handle({
        type: 'invited',
        country: 'US',
        oecuids: ['900', '902', '999'],
        productIds: ['17'],
      }),
    ).toEqual({ ok: true });
    expect(t.server.calls.at(-1)).toMatchObject({
      path: '/blogger/invitation.add',
      body: { country: 'US', bloggers: ['c_0', 'c_2'], isInvitation: 1, productIds: ['17'] },
    });
    expect(t.broadcasts.at(-1)).toEqual({ type: 'status-changed', handles: ['c_0', 'c_2'] });
  });

  it('unpairs and forgets the queue', async () => {
    await t.core.handle(harvestOn);
    t.server.down = true;
    await t.core.handle({ type: 'captured', page: 'search', country: 'US', creators: creators(2) });
    await t.core.flush();
    const s = (await t.core.handle({ type: 'unpair' })) as PopupState;
    expect(s).toMatchObject({ link: 'unpaired', queued: 0, server: '' });
    expect(s.settings.harvest.search).toBe(true);
  });
});
