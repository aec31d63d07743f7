/**
 * Fault injection: the real sync engine (fake-indexeddb) talks to the real server
 * through a loopback proxy that drops connections, delays, answers 5xx, loses or cuts answers
 * after the server applied the call, stalls answers mid-body, holds calls past the client's
 * timeout and delivers calls twice at once. Meanwhile a seeded script makes hundreds of random mutations and "reloads" the
 * page (the engine and its Dexie handle die, even mid-request; a new one opens the same
 * IndexedDB). Afterwards, with faults off and the outbox drained, the server's rows (and the
 * device's mirror) equal the script's model exactly: nothing lost, nothing applied twice, every
 * accepted key stored once, and the few calls the model expects refused (a live tag title) left
 * failed with 40009 and stored nowhere.
 *
 *   SEED=1234 npx vitest run tests/sync/sync-faults.test.ts     # replay a fault schedule
 *   FAULT_MUTATIONS=1000 SEED=1234 npx vitest run tests/sync/sync-faults.test.ts -t sqlite
 *
 * The seed fixes the script and the proxy's sequence of draws; which request meets which draw
 * also depends on timing, so a replay is close but not always identical.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEngines } from '../helpers/test-app.ts';
import { addCreators, addTag, signInDirect } from '../helpers/sync-fixtures.ts';
import { FAULT_KINDS, seededRandom, startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { FC_SEED } from '../helpers/fc-seed.ts';
import { LocalDB } from '../../src/db/db.ts';
import { loadCountry } from '../../src/db/mirror.ts';
import {
  addRow,
  deleteRows,
  editCreators,
  editRow,
  enqueue,
  setCreatorTags,
  type NewRow,
} from '../../src/db/actions.ts';
import { call, type Input } from '../../src/db/call.ts';
import { API } from '../../contract/api.ts';
import { SyncEngine } from '../../src/workers/sync-engine.ts';

// The script of mutations, reloads and faults comes from one seed: fixed in `npm test` (like the
// property tests, tests/helpers/fc-seed.ts), SEED=<n> replays a run, SEED=random explores.
const SEED =
  process.env.SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : process.env.SEED
      ? Number(process.env.SEED)
      : FC_SEED;
/** Mutations per engine (PostgreSQL's round trips are slower; its run is mostly for races). */
const MUTATIONS = { sqlite: 250, postgres: 150 };
const TIMEOUT_MS = 600;
const COUNTRY = 'US';
/** Each fault kind must have been drawn at least this often (else the test proves nothing). */
const MIN_EACH = 3;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- The model: what the client meant the server to hold ------------------------------------

interface MTag {
  title: string;
  id?: number;
  deleted: boolean;
}
interface MTemplate {
  title: string;
  content: string;
  id?: number;
  deleted: boolean;
}
interface MCreator {
  is_chat: number;
  is_invitation: number;
  is_black: number;
  status: number;
  tags: Set<MTag>;
}
interface MInvitation {
  status: number;
  sub_status: number | null;
  product_id: string;
  logistics: string;
  id?: number;
  /** History rows this invitation must have: 'created' plus one per status change. */
  history: number;
}

class Model {
  tags: MTag[] = [];
  templates: MTemplate[] = [];
  creators = new Map<string, MCreator>();
  blacklist = new Map<string, string>();
  /** Live invitations by creator name. */
  invitations = new Map<string, MInvitation>();
  deletedInvitations: MInvitation[] = [];
  /** Server ids already taken by a model row (a deleted row's id is never reused for another). */
  usedIds = { tags: new Set<number>(), chat_templates: new Set<number>(), invitations: new Set<number>() };
  /** Keys of the calls the server must accept … */
  keys: string[] = [];
  /** … and of those it must refuse (a tag title already live: 40009), however often they are sent. */
  rejected: string[] = [];
  kinds: Record<string, number> = {};

  creator(name: string): MCreator {
    let c = this.creators.get(name);
    if (!c) {
      c = { is_chat: 0, is_invitation: 0, is_black: 0, status: 0, tags: new Set() };
      this.creators.set(name, c);
    }
    return c;
  }
}

interface Page {
  db: LocalDB;
  engine: SyncEngine;
  kill(): void;
}

describeEngines('sync under injected network faults', (t) => {
  let proxy: FaultProxy;
  let origin = '';

  beforeAll(async () => {
    origin = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('answers both copies of a racing call with the first one’s answer (no “not found” for a done delete)', async () => {
    const db = t().database.db;
    const a = await signInDirect(db);
    for (let i = 0; i < 5; i++) {
      const id = await addTag(db, a.workspaceId, `race-${i}`);
      const key = `race-key-${i}-${SEED}`;
      const del = () =>
        t().call(
          'DELETE',
          '/tags/del',
          { id, country: COUNTRY },
          { token: a.token, headers: { 'idempotency-key': key } },
        );
      const [first, second] = await Promise.all([del(), del()]);
      expect(first.code).toBe(200);
      expect(second).toEqual(first);
    }
    const stored = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', a.userId)
      .execute();
    expect(stored).toHaveLength(5);
  });

  it(`applies every mutation exactly once across drops, lost answers, duplicates and reloads (seed ${SEED})`, async () => {
    const started = Date.now();
    const target = Number(process.env.FAULT_MUTATIONS ?? MUTATIONS[t().engine]);
    console.log(`[sync-faults ${t().engine}] SEED=${SEED} mutations=${target}`);
    const rnd = seededRandom(SEED);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
    const some = <T>(list: readonly T[], max: number): T[] => {
      const n = 1 + Math.floor(rnd() * Math.min(max, list.length));
      const pool = [...list];
      const out: T[] = [];
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
      return out;
    };

    proxy = await startFaultProxy({
      target: origin,
      seed: SEED ^ 0x5bd1e995,
      lateMs: TIMEOUT_MS + 250,
      stallMs: TIMEOUT_MS * 5,
      caps: { late: 10, stall: 10 },
      atLeast: Object.fromEntries(FAULT_KINDS.filter((k) => k !== 'ok').map((k) => [k, MIN_EACH])),
      weights: {
        ok: 40,
        delay: 8,
        refuse: 7,
        http5xx: 7,
        lostReply: 10,
        midReply: 6,
        truncated: 6,
        late: 3,
        duplicate: 10,
        stall: 3,
      },
    });
    const db = t().database.db;
    const a = await signInDirect(db);
    const seeded = Array.from({ length: 24 }, (_, i) => `fx${i}`);
    await addCreators(db, a.workspaceId, seeded.length, { country: COUNTRY, prefix: 'fx' });
    const model = new Model();
    for (const name of seeded) model.creator(name);
    const tagPool = seeded.slice(0, 16); // creators whose flags and tags the script edits
    const invitePool = seeded.slice(0, 8); // names invited (fresh ones are added too)
    const blackPool = seeded.slice(16); // names blacklisted (disjoint from invitations)

    const dbName = `faults-${t().engine}-${SEED}-${Math.random()}`;
    const pages: Page[] = [];
    const open = async (): Promise<Page> => {
      const local = new LocalDB(dbName);
      let dead = false;
      // A dead page runs no more code: its calls never settle (the one in flight still reaches
      // the server through the proxy, as a request does when its tab reloads).
      const f: typeof fetch = (input, init) => (dead ? new Promise<Response>(() => {}) : fetch(input, init));
      const engine = new SyncEngine({
        db: local,
        fetch: f,
        apiBase: `${proxy.url}/api/v0.1`,
        pageLimit: 40,
        periodMs: 3_600_000,
        timeoutMs: TIMEOUT_MS,
      });
      const page: Page = {
        db: local,
        engine,
        kill: () => {
          dead = true;
          engine.stop();
          local.close();
        },
      };
      pages.push(page);
      await engine.start({ ...a, language: 'en-us' });
      return page;
    };
    let page = await open();
    let reloads = 0;
    let midFlightReloads = 0;
    let awaitedSyncs = 0;
    const spent = { reload: 0, sync: 0, mutate: 0 };
    const timed = async (k: keyof typeof spent, fn: () => Promise<unknown>) => {
      const t0 = Date.now();
      await fn();
      spent[k] += Date.now() - t0;
    };

    /** Server ids of rows the model created, learnt from the mirror (only server rows live there). */
    const learnIds = async (p: Page) => {
      const tagRows = await p.db.tags.toArray();
      for (const m of model.tags.filter((x) => x.id === undefined && !x.deleted)) {
        const row = tagRows.find((r) => r.title === m.title && !model.usedIds.tags.has(r.id));
        if (row) model.usedIds.tags.add((m.id = row.id));
      }
      const tplRows = await p.db.chat_templates.toArray();
      for (const m of model.templates.filter((x) => x.id === undefined && !x.deleted)) {
        const row = tplRows.find((r) => r.title === m.title && !model.usedIds.chat_templates.has(r.id));
        if (row) model.usedIds.chat_templates.add((m.id = row.id));
      }
      const invRows = await p.db.invitations.toArray();
      for (const [name, m] of model.invitations) {
        if (m.id !== undefined) continue;
        const row = invRows.find((r) => r.unique_id === name && !model.usedIds.invitations.has(r.id));
        if (row) model.usedIds.invitations.add((m.id = row.id));
      }
    };

    let n = 0;
    const fresh = (prefix: string) => `${prefix}${++n}`;
    const refs = (names: string[]) => names.map((unique_id, i) => ({ id: -1 - i, unique_id }));
    const remember = async (seq: number, kind: string, refused = false) => {
      const e = await page.db.outbox.get(seq);
      (refused ? model.rejected : model.keys).push(e!.idempotencyKey);
      model.kinds[kind] = (model.kinds[kind] ?? 0) + 1;
    };

    /** One random mutation the model says the server must accept; false when none fits now. */
    const mutate = async (): Promise<boolean> => {
      const liveTags = model.tags.filter((x) => !x.deleted && x.id !== undefined);
      const liveTemplates = model.templates.filter((x) => !x.deleted && x.id !== undefined);
      const knownInvitations = [...model.invitations].filter(([, m]) => m.id !== undefined);
      const r = rnd();
      const db2 = page.db;
      const liveTitles = model.tags.filter((x) => !x.deleted).map((x) => x.title);
      if (liveTitles.length && model.rejected.length < Math.floor(model.keys.length / 40)) {
        // One in ~40: a title that is live when the server gets to it: refused, and must stay so.
        const body = { country: COUNTRY, title: pick(liveTitles) };
        const entry = call(API.tagsAdd, body);
        await remember(await addRow(db2, 'tags', entry, body as NewRow<'tags'>), 'tag.add (duplicate)', true);
      } else if (r < 0.1) {
        const title = fresh('tag-');
        model.tags.push({ title, deleted: false });
        const body = { country: COUNTRY, title };
        await remember(await addRow(db2, 'tags', call(API.tagsAdd, body), body as NewRow<'tags'>), 'tag.add');
      } else if (r < 0.15) {
        if (!liveTags.length) return false;
        const m = pick(liveTags);
        m.title = fresh('tag-');
        const body = { id: m.id!, country: COUNTRY, title: m.title };
        await remember(await editRow(db2, 'tags', call(API.tagsEdit, body), body), 'tag.edit');
      } else if (r < 0.19) {
        if (liveTags.length < 3) return false;
        const m = pick(liveTags);
        m.deleted = true;
        for (const c of model.creators.values()) c.tags.delete(m);
        const entry = call(API.tagsDel, { id: m.id!, country: COUNTRY });
        await remember(await deleteRows(db2, 'tags', entry, [m.id!]), 'tag.del');
      } else if (r < 0.27) {
        const title = fresh('tpl-');
        const content = `Hello {creator_name} ${n}`;
        model.templates.push({ title, content, deleted: false });
        const body = { country: COUNTRY, title, content };
        const entry = call(API.chatTmpAdd, body);
        await remember(
          await addRow(db2, 'chat_templates', entry, body as NewRow<'chat_templates'>),
          'chattmp.add',
        );
      } else if (r < 0.32) {
        if (!liveTemplates.length) return false;
        const m = pick(liveTemplates);
        m.content = `Edited ${fresh('c')}`;
        if (rnd() < 0.5) m.title = fresh('tpl-');
        const body = { id: m.id!, country: COUNTRY, title: m.title, content: m.content };
        const entry = call(API.chatTmpEdit, body);
        await remember(await editRow(db2, 'chat_templates', entry, body), 'chattmp.edit');
      } else if (r < 0.35) {
        if (liveTemplates.length < 2) return false;
        const m = pick(liveTemplates);
        m.deleted = true;
        const entry = call(API.chatTmpDel, { id: m.id!, country: COUNTRY });
        await remember(await deleteRows(db2, 'chat_templates', entry, [m.id!]), 'chattmp.del');
      } else if (r < 0.5) {
        const names = some(tagPool, 4);
        const patch: { is_chat?: 0 | 1; is_invitation?: 0 | 1 } = {};
        const roll = rnd();
        if (roll < 0.7) patch.is_chat = rnd() < 0.5 ? 0 : 1;
        if (roll >= 0.4) patch.is_invitation = rnd() < 0.5 ? 0 : 1;
        for (const name of names) Object.assign(model.creator(name), patch);
        await remember(await editCreators(db2, COUNTRY, refs(names), patch), 'blogger.edit');
      } else if (r < 0.63) {
        if (!liveTags.length) return false;
        const names = some(tagPool, 4);
        const tags = some(liveTags, 2);
        const op = rnd() < 0.6 ? 'add' : 'del';
        for (const name of names)
          for (const tag of tags) {
            if (op === 'add') model.creator(name).tags.add(tag);
            else model.creator(name).tags.delete(tag);
          }
        const refTags = tags.map((x) => ({ tag_id: x.id!, tag_title: x.title }));
        await remember(await setCreatorTags(db2, COUNTRY, refs(names), op, refTags), 'set.tags');
      } else if (r < 0.71) {
        const names = rnd() < 0.5 ? some(blackPool, 2) : [fresh('bk_')]; // new creators' ids are TikTok handles
        const reason = `reason ${fresh('r')}`;
        for (const name of names) {
          model.blacklist.set(name, reason);
          model.creator(name).is_black = 1;
        }
        const entry = call(API.blackAdd, { country: COUNTRY, bloggers: names, reason });
        await remember(await enqueue(db2, entry), 'black.add');
      } else if (r < 0.76) {
        const listed = [...model.blacklist.keys()];
        if (!listed.length) return false;
        const names = some(listed, 2);
        for (const name of names) {
          model.blacklist.delete(name);
          model.creator(name).is_black = 0;
        }
        const entry = call(API.blackDel, { country: COUNTRY, bloggers: names });
        await remember(await enqueue(db2, entry), 'black.del');
      } else if (r < 0.86) {
        const names =
          rnd() < 0.5 ? some(invitePool, 2) : [fresh('iv_'), ...(rnd() < 0.3 ? [fresh('iv_')] : [])];
        const isInvitation = rnd() < 0.3 ? 1 : 0;
        const productIds = rnd() < 0.4 ? [fresh('p')] : [];
        const productId = productIds.join(',');
        for (const name of names) {
          const c = model.creator(name);
          const inv = model.invitations.get(name);
          if (inv) {
            if (productId) inv.product_id = productId;
          } else {
            model.invitations.set(name, {
              status: 1,
              sub_status: null,
              product_id: productId,
              logistics: '',
              history: 1,
            });
            c.status = 1;
          }
          if (isInvitation) c.is_invitation = 1;
        }
        const entry = call(API.invitationAdd, {
          country: COUNTRY,
          bloggers: names,
          isInvitation,
          productIds,
        });
        await remember(await enqueue(db2, entry), 'invitation.add');
      } else if (r < 0.95) {
        if (!knownInvitations.length) return false;
        const [name, m] = pick(knownInvitations);
        const body: Input<typeof API.invitationEdit> = { id: m.id! };
        if (rnd() < 0.75) {
          const status = pick([1, 2, 3, 4].filter((s) => s !== m.status));
          body.status = status;
          m.status = status;
          m.sub_status = status === 3 ? 1 + Math.floor(rnd() * 5) : null;
          if (m.sub_status !== null) body.sub_status = m.sub_status;
          m.history += 1;
          model.creator(name).status = status;
        }
        if (rnd() < 0.5 || body.status === undefined) {
          m.logistics = `parcel ${fresh('l')}`;
          body.logistics = m.logistics;
        }
        const entry = call(API.invitationEdit, body);
        await remember(await enqueue(db2, entry), 'invitation.edit');
      } else {
        if (!knownInvitations.length) return false;
        const [name, m] = pick(knownInvitations);
        model.invitations.delete(name);
        model.deletedInvitations.push(m);
        model.creator(name).status = 0;
        const entry = call(API.invitationDel, { ids: [m.id!] });
        await remember(await deleteRows(db2, 'invitations', entry, [m.id!]), 'invitation.del');
      }
      return true;
    };

    // ---- The script ----------------------------------------------------------------------
    while (model.keys.length < target) {
      const r = rnd();
      if (r < 0.04) {
        // A reload, half the time in the middle of a sync round (possibly mid-request).
        await timed('reload', async () => {
          if (rnd() < 0.5) {
            void page.engine.syncNow();
            await sleep(Math.floor(rnd() * 25));
            midFlightReloads += 1;
          }
          page.kill();
          reloads += 1;
          page = await open();
        });
      } else if (r < 0.14) {
        await timed('sync', () => page.engine.syncNow());
        awaitedSyncs += 1;
        await learnIds(page);
      } else {
        await timed('mutate', mutate);
        await learnIds(page);
      }
    }

    // ---- Faults off: drain everything ----------------------------------------------------
    const scripted = Date.now();
    proxy.enabled = false;
    await proxy.idle();
    let rounds = 0;
    for (; rounds < 40; rounds++) {
      await page.engine.syncNow();
      const left = await page.db.outbox.toArray();
      if (left.length === 0 || left.every((e) => e.state === 'failed')) break;
    }
    await proxy.idle();
    page.kill();
    for (const p of pages) p.engine.stop();

    const after = new LocalDB(dbName);
    const outbox = await after.outbox.toArray();
    const summary = {
      engine: t().engine,
      seed: SEED,
      mutations: model.keys.length,
      refused: model.rejected.length,
      byKind: model.kinds,
      reloads,
      midFlightReloads,
      awaitedSyncs,
      drainRounds: rounds,
      spentMs: spent,
      faults: proxy.counts,
      mutationFaults: proxy.mutationCounts,
      deliveriesOfKeys: [...proxy.delivered.values()].reduce((s, x) => s + x, 0),
      serverMs: Object.fromEntries(proxy.serverMs),
      scriptMs: scripted - started,
      totalMs: Date.now() - started,
    };
    console.log(`[sync-faults] ${JSON.stringify(summary)}`);

    // Only the calls the model expects refused are left, failed with 40009; nothing else.
    expect(outbox.map((e) => [e.idempotencyKey, e.path, e.state, e.lastError?.code]).sort()).toEqual(
      model.rejected.map((k) => [k, '/tags/add', 'failed', 40009]).sort(),
    );
    expect(model.rejected.length).toBeGreaterThan(0);
    expect(proxy.mismatches).toEqual([]);
    // A stalled answer is given up on at the client's timeout, not sat through.
    expect(proxy.stallsOutwaited).toBe(0);

    // Every fault kind was exercised, and the ones that test idempotency hit mutations.
    for (const kind of FAULT_KINDS) expect(proxy.counts[kind], kind).toBeGreaterThanOrEqual(MIN_EACH);
    for (const kind of ['lostReply', 'midReply', 'truncated', 'duplicate'] as const)
      expect(proxy.mutationCounts[kind], `${kind} on mutations`).toBeGreaterThanOrEqual(MIN_EACH);

    // Keys: each mutation stored exactly once, nothing else stored.
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', '=', a.userId)
      .execute();
    expect(keys.length).toBe(model.keys.length);
    expect(new Set(keys.map((k) => k.key))).toEqual(new Set(model.keys));
    for (const k of [...model.keys, ...model.rejected])
      expect(proxy.delivered.get(k) ?? 0, k).toBeGreaterThanOrEqual(1);

    const ws = a.workspaceId;
    // Tags: each created once (a double add would be a second row or a 40009), live ones as modelled.
    const tags = await db
      .selectFrom('tags')
      .select(['id', 'title', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .execute();
    expect(tags.length).toBe(model.tags.length);
    expect(
      tags
        .filter((x) => x.deleted_at === null)
        .map((x) => x.title)
        .sort(),
    ).toEqual(
      model.tags
        .filter((x) => !x.deleted)
        .map((x) => x.title)
        .sort(),
    );
    const tagTitle = new Map(tags.map((x) => [Number(x.id), x.title]));

    // Templates: titles may repeat on the server, so a double add would show as a second row.
    const templates = await db
      .selectFrom('chat_templates')
      .select(['title', 'content', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .execute();
    expect(templates.length).toBe(model.templates.length);
    const liveTpl = (list: { title: string; content: string }[]) =>
      list.map((x) => `${x.title}|${x.content}`).sort();
    expect(liveTpl(templates.filter((x) => x.deleted_at === null))).toEqual(
      liveTpl(model.templates.filter((x) => !x.deleted)),
    );

    // Creators: flags, status and tags; no creator made twice.
    const creators = await db
      .selectFrom('creators')
      .select(['id', 'unique_id', 'is_chat', 'is_invitation', 'is_black', 'status'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .execute();
    expect(creators.map((c) => c.unique_id).sort()).toEqual([...model.creators.keys()].sort());
    const links = await db
      .selectFrom('creator_tags')
      .select(['creator_id', 'tag_id'])
      .where('workspace_id', '=', ws)
      .execute();
    const serverCreators = Object.fromEntries(
      creators.map((c) => [
        c.unique_id,
        {
          is_chat: Number(c.is_chat),
          is_invitation: Number(c.is_invitation),
          is_black: Number(c.is_black),
          status: Number(c.status),
          tags: links
            .filter((l) => Number(l.creator_id) === Number(c.id))
            .map((l) => tagTitle.get(Number(l.tag_id)))
            .sort(),
        },
      ]),
    );
    const modelCreators = Object.fromEntries(
      [...model.creators].map(([name, c]) => [name, { ...c, tags: [...c.tags].map((x) => x.title).sort() }]),
    );
    expect(serverCreators).toEqual(modelCreators);

    // Blacklist: one live row per name with the last reason.
    const black = await db
      .selectFrom('blacklist')
      .select(['unique_id', 'reason'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .execute();
    expect(Object.fromEntries(black.map((b) => [b.unique_id, b.reason]))).toEqual(
      Object.fromEntries(model.blacklist),
    );
    expect(black.length).toBe(model.blacklist.size);

    // Invitations: one live row per name, and exactly the modelled history (a doubled add or
    // status change would add rows); every row ever made belongs to one model invitation.
    const invitations = await db
      .selectFrom('invitations')
      .select(['id', 'unique_id', 'status', 'sub_status', 'product_id', 'logistics', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .execute();
    expect(invitations.length).toBe(model.invitations.size + model.deletedInvitations.length);
    const live = invitations.filter((i) => i.deleted_at === null);
    expect(
      Object.fromEntries(
        live.map((i) => [
          i.unique_id,
          {
            status: Number(i.status),
            sub_status: i.sub_status === null ? null : Number(i.sub_status),
            product_id: i.product_id,
            logistics: i.logistics,
          },
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...model.invitations].map(([name, m]) => [
          name,
          { status: m.status, sub_status: m.sub_status, product_id: m.product_id, logistics: m.logistics },
        ]),
      ),
    );
    const history = await db
      .selectFrom('invitation_history')
      .select('invitation_id')
      .where('workspace_id', '=', ws)
      .execute();
    const historyOf = (id: number) => history.filter((h) => Number(h.invitation_id) === id).length;
    for (const [name, m] of model.invitations) {
      const row = live.find((i) => i.unique_id === name)!;
      expect(historyOf(Number(row.id)), `history of ${name}`).toBe(m.history);
    }
    const expectedHistory = [...model.invitations.values(), ...model.deletedInvitations].reduce(
      (s, m) => s + m.history,
      0,
    );
    expect(history.length).toBe(expectedHistory);

    // The device's mirror (pulled through the same faults, across reloads) equals the server.
    const byId = <R extends { id: number | bigint }>(rows: R[], f: (r: R) => unknown) =>
      Object.fromEntries(rows.map((r) => [Number(r.id), f(r)]));
    expect(byId(await after.tags.toArray(), (r) => r.title)).toEqual(
      byId(
        tags.filter((x) => x.deleted_at === null),
        (r) => r.title,
      ),
    );
    const serverTemplates = await db
      .selectFrom('chat_templates')
      .select(['id', 'title', 'content'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .execute();
    expect(byId(await after.chat_templates.toArray(), (r) => `${r.title}|${r.content}`)).toEqual(
      byId(serverTemplates, (r) => `${r.title}|${r.content}`),
    );
    expect(byId(await after.invitations.toArray(), (r) => [r.unique_id, r.status, r.sub_status])).toEqual(
      byId(live, (r) => [r.unique_id, Number(r.status), r.sub_status === null ? null : Number(r.sub_status)]),
    );
    expect((await after.blacklist.toArray()).map((r) => r.unique_id).sort()).toEqual(
      black.map((b) => b.unique_id).sort(),
    );
    const tagIdsOf = (id: number) =>
      links
        .filter((l) => Number(l.creator_id) === id)
        .map((l) => Number(l.tag_id))
        .sort((x, y) => x - y);
    const flags = (c: Record<string, unknown>) =>
      [c.is_chat, c.is_invitation, c.is_black, c.status].map(Number).join(',');
    const mirrorCreators = await loadCountry(after, COUNTRY);
    expect(
      Object.fromEntries(
        mirrorCreators.map((c) => [
          c.unique_id,
          `${flags(c)};${c.tags.map((x) => x.tag_id).sort((x, y) => x - y)}`,
        ]),
      ),
    ).toEqual(
      Object.fromEntries(creators.map((c) => [c.unique_id, `${flags(c)};${tagIdsOf(Number(c.id))}`])),
    );
    after.close();
  }, 180_000);
});
