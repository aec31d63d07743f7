/**
 * The service worker's logic, apart from the chrome.* wiring (service-worker.ts) so unit tests can
 * run it against a fake chrome.storage. An MV3 worker stops when idle and may start again at any
 * message or alarm, so nothing lives in globals: every piece of state is in the store, and a new
 * instance over the same store carries on (the retry queue included).
 */
import { CODES } from '../../../contract/codes.ts';
import type { Country } from '../../../contract/constants.ts';
import { EXT_STATUS_MAX } from '../../../contract/limits.ts';
import type { CreatorStatus } from '../../../contract/schemas/extension.ts';
import { VIDEOS_PER_PROFILE_MAX, type HarvestedVideo, type IngestItem } from '../affiliate/adapter.ts';
import {
  DEFAULT_SETTINGS,
  type ContactAnswer,
  type Counts,
  type LinkState,
  type PopupState,
  type Quota,
  type Request,
  type Settings,
  type StatusAnswer,
  type StatusChanged,
  type TemplatesAnswer,
} from '../shared/messages.ts';
import { call, normalizeServer, type CallResult, type FetchFn } from './api.ts';

/** chrome.storage.local's promise API, the part used here. */
export interface KV {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface Deps {
  store: KV;
  fetch: FetchFn;
  /** Milliseconds. */
  now(): number;
  uuid(): string;
  /** Tells the content scripts that statuses changed. */
  broadcast(msg: StatusChanged): void;
  /** Asks to run `flush` again in about `ms` (a timer while alive; the alarm covers a stopped worker). */
  wakeIn(ms: number): void;
  /** chrome-extension://<id>, named when the server's cross-site guard refuses it. */
  selfOrigin?: string;
}

export interface Paired {
  server: string;
  token: string;
  token_expiration_time: number;
  member_name: string;
  workspace_name: string;
}

/**
 * One call waiting to be delivered; `id` is its Idempotency-Key, the same on every try. An ingest
 * of creators, or (with `content`) a creator's videos for /content/import, queued after the ingest
 * that adds the creator so the server knows them by then.
 */
export interface Batch {
  id: string;
  country: Country;
  creators: IngestItem[];
  tries: number;
  content?: { handle: string; videos: HarvestedVideo[] };
}

/** A creator the pages loaded, by the page's own id (IM and invitation URLs carry only that id). */
export interface Whois {
  handle: string;
  name: string;
  country: string;
}

interface CachedStatus {
  at: number;
  row: CreatorStatus | null;
}

/** Creators per ingest call (the server takes 5,000; smaller calls keep a retry cheap). */
export const BATCH_MAX = 500;
/** A status answer is reused this long; changes the extension makes drop it at once. */
export const STATUS_TTL_MS = 60_000;
/** Entries kept in each remembered map (oldest dropped first). */
export const MAP_CAP = 20_000;
/** Retry delays after a failed delivery. */
export function backoffMs(tries: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, tries - 1));
}

const K = {
  paired: 'paired',
  link: 'link',
  settings: 'settings',
  counts: 'counts',
  queue: 'queue',
  sent: 'sent',
  seen: 'seen',
  oec: 'oec',
  /** Per country and video id: the figures last queued, so a page seen again sends nothing new. */
  videos: 'videos',
  status: 'status',
  quota: 'quota',
  lastError: 'lastError',
} as const;

const ZERO: Counts = { seen: 0, created: 0, updated: 0, rejected: 0 };
const keyOf = (country: string, handle: string) => `${country}:${handle.toLowerCase()}`;
/** Object keys that look like integers are reordered by JS; a prefix keeps insertion order. */
const oecKey = (oecuid: string) => `o${oecuid}`;

/** A stable text of a profile, so the same data twice is recognised as unchanged. */
export function fingerprint(p: IngestItem): string {
  return JSON.stringify(
    Object.keys(p)
      .sort()
      .map((k) => [k, (p as Record<string, unknown>)[k]]),
  );
}

function capped<T>(map: Record<string, T>, cap = MAP_CAP): Record<string, T> {
  const keys = Object.keys(map);
  if (keys.length <= cap) return map;
  const out: Record<string, T> = {};
  for (const k of keys.slice(keys.length - cap)) out[k] = map[k] as T;
  return out;
}

export function createCore(deps: Deps) {
  const { store } = deps;
  let chain: Promise<unknown> = Promise.resolve();
  /** Runs read-modify-write steps one at a time (handlers overlap while awaiting the network). */
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };
  const read = async <T>(key: string, fallback: T): Promise<T> => {
    const got = await store.get([key]);
    return (got[key] as T | undefined) ?? fallback;
  };

  const paired = () => read<Paired | null>(K.paired, null);
  const link = async (): Promise<LinkState> =>
    (await paired()) ? read<LinkState>(K.link, 'ok') : 'unpaired';
  const settings = async (): Promise<Settings> => {
    const s = await read<Partial<Settings>>(K.settings, {});
    return { ...DEFAULT_SETTINGS, ...s, harvest: { ...DEFAULT_SETTINGS.harvest, ...s.harvest } };
  };

  /** A usable connection, or null when unpaired or waiting for a new pairing. */
  const connection = async (): Promise<Paired | null> => {
    const p = await paired();
    if (!p) return null;
    return (await read<LinkState>(K.link, 'ok')) === 'ok' ? p : null;
  };

  /** Handles an answer's auth failure: the token is dead, so stop until paired again. */
  const noteAuth = async (r: CallResult<unknown>) => {
    if (r.kind === 'auth') await store.set({ [K.link]: 'reconnect', [K.lastError]: `${r.code} ${r.msg}` });
  };

  const invalidate = (country: string, handles: string[]) =>
    exclusive(async () => {
      const cache = await read<Record<string, CachedStatus>>(K.status, {});
      for (const h of handles) delete cache[keyOf(country, h)];
      await store.set({ [K.status]: cache });
    });

  const changed = async (country: string, handles: string[]) => {
    await invalidate(country, handles);
    deps.broadcast({ type: 'status-changed', handles: handles.map((h) => h.toLowerCase()) });
  };

  let flushing: Promise<void> | null = null;
  /** Delivers queued batches in order; stops at the first that cannot be delivered now. */
  const flush = (): Promise<void> => {
    flushing ??= (async () => {
      try {
        for (;;) {
          const conn = await connection();
          if (!conn) return;
          const queue = await read<Batch[]>(K.queue, []);
          const batch = queue[0];
          if (!batch) return;
          const r = batch.content
            ? await deliverVideos(conn, batch)
            : await call(
                deps.fetch,
                conn,
                'bloggerIngest',
                { country: batch.country, creators: batch.creators },
                { idempotencyKey: batch.id },
              );
          if (r.kind === 'network') {
            const tries = batch.tries + 1;
            await exclusive(async () => {
              const q = await read<Batch[]>(K.queue, []);
              await store.set({
                [K.queue]: q.map((b) => (b.id === batch.id ? { ...b, tries } : b)),
                [K.lastError]: `server unreachable: ${r.msg}`,
              });
            });
            deps.wakeIn(backoffMs(tries));
            return;
          }
          if (r.kind === 'auth') {
            await noteAuth(r);
            return;
          }
          await exclusive(async () => {
            const q = await read<Batch[]>(K.queue, []);
            const updates: Record<string, unknown> = { [K.queue]: q.filter((b) => b.id !== batch.id) };
            if (r.kind === 'ok') {
              const c = await read<Counts>(K.counts, ZERO);
              if ('added' in r.data && batch.content) {
                // Rows the server refused (e.g. a creator it does not know yet) go again next time.
                const sent = await read<Record<string, string>>(K.videos, {});
                const rows = batch.content.videos;
                for (const refusal of r.data.refused) {
                  const v = rows[refusal.row - 1];
                  if (v) delete sent[keyOf(batch.country, v.video_id)];
                }
                updates[K.videos] = sent;
              }
              updates[K.counts] =
                'added' in r.data
                  ? { ...c, videos: (c.videos ?? 0) + r.data.added }
                  : {
                      ...c,
                      created: c.created + r.data.created,
                      updated: c.updated + r.data.updated,
                      rejected: c.rejected + r.data.rejected.length,
                    };
              updates[K.lastError] = '';
            } else if (batch.content) {
              // Refused as a whole: forget the videos were sent, so the next look sends them again.
              const sent = await read<Record<string, string>>(K.videos, {});
              for (const v of batch.content.videos) delete sent[keyOf(batch.country, v.video_id)];
              updates[K.videos] = sent;
              updates[K.lastError] = `${r.code} ${r.msg}`;
            } else {
              // Refused as a whole (40001): sending it again will not help; forget it was sent.
              const sent = await read<Record<string, string>>(K.sent, {});
              for (const p of batch.creators) delete sent[keyOf(batch.country, p.unique_id)];
              updates[K.sent] = sent;
              updates[K.lastError] = `${r.code} ${r.msg}`;
            }
            await store.set(updates);
          });
          if (r.kind === 'ok' && !batch.content)
            await changed(
              batch.country,
              batch.creators.map((p) => p.unique_id),
            );
        }
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  };

  /**
   * A creator's videos as content rows (contract/schemas/content-import.ts), recorded as source
   * 'extension' because this token is an extension's:
   * the server keeps one record per video, adds a snapshot when the figures changed, and refuses a
   * row of a creator the workspace does not have (the ingest before it adds them when it can).
   */
  const deliverVideos = (conn: Paired, batch: Batch) =>
    call(
      deps.fetch,
      conn,
      'contentImport',
      {
        country: batch.country,
        rows: batch.content!.videos.map((v, i) => ({
          row: i + 1,
          creator: batch.content!.handle,
          video: v.video_id,
          post_time: new Date(v.post_time * 1000).toISOString(),
          products: v.product_ids.join(','),
          views: v.views === undefined ? '' : String(v.views),
          likes: v.likes === undefined ? '' : String(v.likes),
          comments: v.comments === undefined ? '' : String(v.comments),
        })),
      },
      { idempotencyKey: batch.id },
    );

  /** A profile page's videos: queued when harvest is on for profiles, each only when its figures changed. */
  const videos = async (msg: Extract<Request, { type: 'videos' }>): Promise<{ queued: number }> => {
    const s = await settings();
    if (!s.harvest.profile || !(await connection())) return { queued: 0 };
    const fresh = await exclusive(async () => {
      const sent = await read<Record<string, string>>(K.videos, {});
      const out: HarvestedVideo[] = [];
      for (const v of msg.videos.slice(0, VIDEOS_PER_PROFILE_MAX)) {
        const key = keyOf(msg.country, v.video_id);
        const fp = JSON.stringify([
          msg.handle.toLowerCase(),
          v.post_time,
          v.views,
          v.likes,
          v.comments,
          v.product_ids,
        ]);
        if (sent[key] === fp) continue;
        delete sent[key];
        sent[key] = fp;
        out.push(v);
      }
      if (!out.length) return 0;
      const queue = await read<Batch[]>(K.queue, []);
      queue.push({
        id: deps.uuid(),
        country: msg.country,
        creators: [],
        tries: 0,
        content: { handle: msg.handle, videos: out },
      });
      await store.set({ [K.videos]: capped(sent), [K.queue]: queue });
      return out.length;
    });
    if (fresh) void flush();
    return { queued: fresh };
  };

  const captured = async (msg: Extract<Request, { type: 'captured' }>): Promise<{ queued: number }> => {
    const s = await settings();
    const harvesting = msg.page !== 'other' && s.harvest[msg.page] && (await connection()) !== null;
    const fresh = await exclusive(async () => {
      const oec = await read<Record<string, Whois>>(K.oec, {});
      for (const c of msg.creators)
        if (c.oecuid) {
          delete oec[oecKey(c.oecuid)];
          const name = typeof c.profile.nick_name === 'string' ? c.profile.nick_name : c.profile.unique_id;
          oec[oecKey(c.oecuid)] = { handle: c.profile.unique_id, name, country: msg.country };
        }
      const updates: Record<string, unknown> = { [K.oec]: capped(oec) };
      const out: IngestItem[] = [];
      if (harvesting) {
        const sent = await read<Record<string, string>>(K.sent, {});
        const seen = await read<Record<string, 1>>(K.seen, {});
        let newlySeen = 0;
        for (const { profile } of msg.creators) {
          const key = keyOf(msg.country, profile.unique_id);
          if (!seen[key]) newlySeen++;
          seen[key] = 1;
          const fp = fingerprint(profile);
          if (sent[key] === fp) continue;
          delete sent[key];
          sent[key] = fp;
          out.push(profile);
        }
        const queue = await read<Batch[]>(K.queue, []);
        for (let i = 0; i < out.length; i += BATCH_MAX)
          queue.push({
            id: deps.uuid(),
            country: msg.country,
            creators: out.slice(i, i + BATCH_MAX),
            tries: 0,
          });
        const c = await read<Counts>(K.counts, ZERO);
        Object.assign(updates, {
          [K.sent]: capped(sent),
          [K.seen]: capped(seen),
          [K.queue]: queue,
          [K.counts]: { ...c, seen: c.seen + newlySeen },
        });
      }
      await store.set(updates);
      return out.length;
    });
    if (fresh) void flush();
    return { queued: fresh };
  };

  const status = async (country: Country, asked: string[], fresh = false): Promise<StatusAnswer> => {
    const handles = [...new Set(asked.map((h) => h.replace(/^@/, '').toLowerCase()))];
    const cache = await read<Record<string, CachedStatus>>(K.status, {});
    const quotas = await read<Record<string, { at: number; quota: Quota }>>(K.quota, {});
    const now = deps.now();
    const statuses: Record<string, CreatorStatus | null> = {};
    const missing: string[] = [];
    for (const h of handles) {
      const c = cache[keyOf(country, h)];
      if (c) statuses[h] = c.row;
      if (fresh || !c || now - c.at > STATUS_TTL_MS) missing.push(h);
    }
    const conn = await connection();
    let quota = quotas[country]?.quota ?? null;
    if (!conn) return { link: await link(), statuses, quota };
    const fetched: Record<string, CachedStatus> = {};
    const chunks: string[][] = [];
    for (let i = 0; i < missing.length; i += EXT_STATUS_MAX)
      chunks.push(missing.slice(i, i + EXT_STATUS_MAX));
    // The quota comes with every answer: ask with no handles missing only when it is stale.
    const quotaStale = !quotas[country] || now - quotas[country].at > STATUS_TTL_MS;
    if (!chunks.length && quotaStale && handles.length) chunks.push(handles.slice(0, 1));
    for (const chunk of chunks) {
      const r = await call(deps.fetch, conn, 'bloggerStatus', { country, bloggers: chunk });
      if (r.kind !== 'ok') {
        await noteAuth(r);
        break;
      }
      const byHandle = new Map(r.data.list.map((row) => [row.unique_id.toLowerCase(), row]));
      for (const h of chunk) {
        const row = byHandle.get(h) ?? null;
        statuses[h] = row;
        fetched[keyOf(country, h)] = { at: now, row };
      }
      quota = r.data.quota;
    }
    // Kept in the background: the badges wait for the answer, not for the cache.
    if (Object.keys(fetched).length || quota !== (quotas[country]?.quota ?? null))
      void exclusive(async () => {
        const c = await read<Record<string, CachedStatus>>(K.status, {});
        const q = await read<Record<string, { at: number; quota: Quota }>>(K.quota, {});
        if (quota) q[country] = { at: now, quota };
        await store.set({ [K.status]: capped({ ...c, ...fetched }, 5000), [K.quota]: q });
      });
    return { link: await link(), statuses, quota };
  };

  const contact = async (country: Country, handle: string): Promise<ContactAnswer> => {
    const conn = await connection();
    if (!conn) return { link: await link(), ok: false, note: 'Not connected to CreatorDesk.' };
    const st = await status(country, [handle], true);
    const row = st.statuses[handle.toLowerCase()];
    if (!row)
      return {
        link: st.link,
        ok: false,
        note:
          st.link === 'ok'
            ? `@${handle} is not in your CreatorDesk workspace, so the message was not recorded.`
            : '',
      };
    let answer: ContactAnswer;
    if (row.plans.length) {
      const r = await call(deps.fetch, conn, 'planMessage', { creator_id: row.id });
      await noteAuth(r);
      answer =
        r.kind === 'ok'
          ? { link: 'ok', ok: true, messages: r.data.messages }
          : { link: await link(), ok: false, note: r.msg || 'Could not record the message.' };
    } else {
      const r = await call(deps.fetch, conn, 'bloggerEdit', {
        country,
        bloggers: [row.unique_id],
        isChat: 1,
      });
      await noteAuth(r);
      answer =
        r.kind === 'ok'
          ? { link: 'ok', ok: true }
          : { link: await link(), ok: false, note: r.msg || 'Could not record the message.' };
    }
    await changed(country, [handle]);
    return answer;
  };

  const invited = async (country: Country, oecuids: string[], productIds: string[]) => {
    const conn = await connection();
    if (!conn) return { ok: false };
    const oec = await read<Record<string, { handle: string }>>(K.oec, {});
    const handles = oecuids.map((id) => oec[oecKey(id)]?.handle).filter((h): h is string => !!h);
    if (!handles.length) return { ok: false };
    const r = await call(deps.fetch, conn, 'invitationAdd', {
      country,
      bloggers: handles,
      isInvitation: 1,
      productIds,
    });
    await noteAuth(r);
    await changed(country, handles);
    return { ok: r.kind === 'ok' };
  };

  const templates = async (country: Country): Promise<TemplatesAnswer> => {
    const conn = await connection();
    const s = await settings();
    if (!conn) return { link: await link(), templates: [], seller_name: '', productId: s.productId };
    const r = await call(deps.fetch, conn, 'chatTmpList', { country });
    await noteAuth(r);
    return {
      link: await link(),
      templates: r.kind === 'ok' ? r.data : [],
      seller_name: conn.member_name,
      productId: s.productId,
    };
  };

  const state = async (): Promise<PopupState> => {
    const p = await paired();
    return {
      link: await link(),
      server: p?.server ?? '',
      member_name: p?.member_name ?? '',
      workspace_name: p?.workspace_name ?? '',
      settings: await settings(),
      counts: await read<Counts>(K.counts, ZERO),
      queued: (await read<Batch[]>(K.queue, [])).length,
      lastError: await read<string>(K.lastError, ''),
    };
  };

  const pair = async (serverInput: string, code: string, name?: string) => {
    const server = normalizeServer(serverInput);
    if (!server) return { ok: false, error: 'Enter the CreatorDesk address, e.g. http://127.0.0.1:5180.' };
    const r = await call(deps.fetch, { server }, 'extPair', { code, name: name ?? 'Browser extension' });
    if (r.kind === 'network') return { ok: false, error: `Could not reach ${server}: ${r.msg}` };
    if (r.kind === 'auth' && r.code === CODES.FORBIDDEN)
      return {
        ok: false,
        error: `${r.msg} — the server must allow this extension: add ${deps.selfOrigin ?? 'its chrome-extension:// origin'} to ALLOWED_ORIGINS.`,
      };
    if (r.kind !== 'ok') return { ok: false, error: r.msg || `Pairing refused (${r.code}).` };
    const p: Paired = { server, ...r.data };
    await exclusive(() => store.set({ [K.paired]: p, [K.link]: 'ok', [K.lastError]: '', [K.status]: {} }));
    void flush();
    return { ok: true };
  };

  /** One message from a content script or the popup; the answer goes back through sendResponse. */
  const handle = async (msg: Request): Promise<unknown> => {
    switch (msg.type) {
      case 'pair':
        return pair(msg.server, msg.code, msg.name);
      case 'unpair':
        await exclusive(() =>
          store.remove([K.paired, K.link, K.queue, K.status, K.quota, K.sent, K.videos, K.lastError]),
        );
        deps.broadcast({ type: 'status-changed', handles: null });
        return state();
      case 'state':
        return state();
      case 'settings':
        await exclusive(async () => {
          const s = await settings();
          const next: Settings = {
            ...s,
            ...msg.settings,
            harvest: { ...s.harvest, ...msg.settings.harvest },
          };
          await store.set({ [K.settings]: next });
        });
        return state();
      case 'retry':
        await flush();
        return state();
      case 'captured':
        return captured(msg);
      case 'status':
        return status(msg.country, msg.handles, msg.fresh);
      case 'whois': {
        const oec = await read<Record<string, Whois>>(K.oec, {});
        return oec[oecKey(msg.oecuid)] ?? null;
      }
      case 'templates':
        return templates(msg.country);
      case 'contact':
        return contact(msg.country, msg.handle);
      case 'invited':
        return invited(msg.country, msg.oecuids, msg.productIds);
      case 'videos':
        return videos(msg);
      default:
        return { error: 'unknown message' };
    }
  };

  return { handle, flush };
}
export type Core = ReturnType<typeof createCore>;
