/**
 * The sync engine, plain code so Node tests drive it; sync.worker.ts only
 * exposes it. It pulls pages into the mirror and drains the outbox in order.
 *
 * - `start(auth)` binds a session (a new workspace drops the mirror) and syncs; so do `syncNow`
 *   (focus, reconnect, the periodic timer) and every new outbox entry (a Dexie live query).
 * - One tab syncs at a time: everything runs under the Web Lock `creatordesk-sync`, asked for
 *   with ifAvailable, so another tab skips and tries again a moment later (the holder drains only
 *   its own user's entries); it sees the results through Dexie.
 * - The profile belongs to the latest sign-in: `start` stores its token's print, and an engine
 *   whose token is no longer the stored one (a tab left open after its user signed out and
 *   someone else signed in elsewhere in the profile) stops instead of pulling with it, which
 *   would bind the profile back to the old user.
 * - Transient faults stop the round and schedule the next one with backoff; order is kept.
 * - A rejected call (any answer that is neither success nor transient) is marked failed: its
 *   overlay stops applying, so the screens show the server's rows for exactly what it touched,
 *   and a notice with the server's msg is raised in the same transaction (db/notices.ts); a pull
 *   follows to bring those rows up to date. Later entries keep their overlays and are still sent.
 *   An accepted call whose answer names skipped creators raises a notice too. A force-logout code
 *   pauses everything, dropping nothing; the next `start` of the same user resumes the entries.
 */
import { liveQuery, type Subscription } from 'dexie';
import { REQUEST_TIMEOUT_MS } from '../../contract/constants.ts';
import {
  PULL_DEFAULT_LIMIT,
  PULL_FIRST_LIMIT,
  decodeCursor,
  decodePull,
  type PullResponse,
  type PullWire,
} from '../../contract/sync.ts';
import { META, getMeta, setMeta, type LocalDB, type LocalSession } from '../db/db.ts';
import { announceMirror, applyPage, clearMirror, unannounce } from '../db/mirror.ts';
import { tellPageApplied } from '../db/mirror-channel.ts';
import {
  entriesOf,
  markAcked,
  markFailed,
  markRetryLater,
  markSending,
  nextToSend,
  settle,
} from '../db/outbox.ts';
import { backoffMs, callApi, type HttpDeps } from './sync-http.ts';
import type { LiveFactory, LiveHandle, LiveState } from './live-stream.ts';

/**
 * The sign-in the worker syncs for. The login answer carries no ids, so userId/workspaceId are
 * usually learnt from the first pull; a token other than the last one forgets the stored
 * identity until then (actions refuse with NotSignedIn meanwhile).
 */
export interface SyncAuth extends Partial<LocalSession> {
  token: string;
  language: string;
}

export interface SyncState {
  phase: 'idle' | 'pulling' | 'pushing' | 'paused' | 'offline';
  /** Rows received in this pull run and the run's estimate (first sync: across resumes). */
  progress: { done: number; total: number } | null;
  firstSyncDone: boolean;
  lastError: string | null;
  /** The force-logout code that paused syncing. */
  pausedBy: number | null;
  quotaExceeded: boolean;
  /** The live-update stream: open, being reopened, or not running. */
  live: LiveState;
}

export interface EngineDeps {
  db: LocalDB;
  fetch: typeof fetch;
  apiBase: string;
  locks?: { request: LockManager['request'] } | undefined;
  timeoutMs?: number;
  pageLimit?: number;
  /** An empty mirror's pages until its first creators come (PULL_FIRST_LIMIT, never above pageLimit). */
  firstPageLimit?: number;
  periodMs?: number;
  onState?: (s: SyncState) => void;
  /** Opens the live-update stream; without it the engine pulls on its timer and triggers only. */
  live?: LiveFactory;
}

interface FirstSync {
  done: number;
  complete: boolean;
}

export class SyncEngine {
  state: SyncState = {
    phase: 'idle',
    progress: null,
    firstSyncDone: false,
    lastError: null,
    pausedBy: null,
    quotaExceeded: false,
    // A signed-in screen appears before the stream opens: it is on its way, not off.
    live: 'connecting',
  };
  private live: { handle: LiveHandle; token: string } | null = null;
  private auth: SyncAuth | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** The current round sent entries between the pages of a pull (their rows settle next pull). */
  private sentDuringPull = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private watch: Subscription | null = null;
  /** The print of this engine's token; another one in meta means a newer sign-in owns the profile. */
  private print = '';
  /**
   * Whether the page says the browser is online (window.navigator.onLine, kept up to date by
   * sync-client.ts). Offline, a round sends and pulls nothing: the page's word is the one that
   * holds from the first instant of a new worker (test browsers apply their offline emulation to a
   * freshly started worker a moment late, and a real one fails the call anyway).
   */
  private online = true;

  constructor(private readonly deps: EngineDeps) {
    if (!deps.live) this.state.live = 'off';
  }

  async start(auth: SyncAuth): Promise<void> {
    const { db } = this.deps;
    const fp = fingerprint(auth.token);
    if (auth.userId !== undefined && auth.workspaceId !== undefined) {
      await this.bind({ userId: auth.userId, workspaceId: auth.workspaceId });
    } else if ((await getMeta<string>(db, META.tokenPrint)) !== fp) {
      await db.meta.delete(META.session);
    }
    await setMeta(db, META.tokenPrint, fp);
    this.print = fp;
    this.auth = auth;
    this.failures = 0;
    // A mirror completed before (this session or an earlier one) is "up to date" between rounds.
    const firstSyncDone = Boolean((await getMeta<FirstSync>(db, META.firstSync))?.complete);
    this.set({ pausedBy: null, lastError: null, phase: 'idle', firstSyncDone });
    this.watch?.unsubscribe();
    // A new entry (from any tab) starts a round. Only new ones: an entry put back after a fault
    // waits for the backoff (watching every pending entry made an offline round restart itself).
    let fresh = 0;
    this.watch = liveQuery(() =>
      db.outbox
        .where('state')
        .equals('pending')
        .filter((e) => e.attempts === 0)
        .count(),
    ).subscribe((n) => {
      if (n > fresh) void this.syncNow();
      fresh = n;
    });
    this.startLive(auth.token);
    await this.syncNow();
  }

  /** One stream per sign-in: a start() with the same token keeps the one already open. */
  private startLive(token: string): void {
    if (!this.deps.live || (this.live?.token === token && this.live.handle.running)) return;
    this.live?.handle.stop();
    const handle = this.deps.live({
      token,
      onVersion: (v) => void this.poked(v),
      // The pull meets the same code with the server's words and pauses (force logout).
      onRefused: () => void this.syncNow(),
      onState: (live) => this.set({ live }),
    });
    this.live = { handle, token };
    handle.start();
  }

  /** A poke: pull when the workspace's head is past this mirror's cursor (bursts coalesce in syncNow). */
  private async poked(version: number): Promise<void> {
    const cursor = decodeCursor((await getMeta<string>(this.deps.db, META.cursor)) ?? '');
    if (!cursor || version > cursor.version) await this.syncNow();
  }

  /**
   * The page's connectivity; back online, a round runs at once and the backoff starts over: the
   * rounds skipped while offline were no failures of the server, and the first call after a
   * reconnect often fails while the connection settles (it is retried in about a second, not after
   * the minute an hour offline had grown the backoff to).
   */
  setOnline(online: boolean): void {
    const was = this.online;
    this.online = online;
    if (online && !was) {
      this.failures = 0;
      void this.syncNow();
    }
  }

  /** The browser is back online: reopen the stream now, and start the backoff over (as setOnline). */
  reconnect(): void {
    this.failures = 0;
    this.live?.handle.reconnectNow();
  }

  /** Records who is signed in; another workspace than the mirror's drops the mirror. */
  private async bind(s: LocalSession): Promise<boolean> {
    const { db } = this.deps;
    const current = await getMeta<LocalSession>(db, META.session);
    const mirror = await getMeta<number>(db, META.mirrorWorkspace);
    if (current?.userId === s.userId && current.workspaceId === s.workspaceId && mirror === s.workspaceId)
      return false;
    return db.transaction('rw', db.tables, async () => {
      if (mirror !== s.workspaceId) {
        await clearMirror(db);
        await db.meta.delete(META.firstSync);
        await setMeta(db, META.mirrorWorkspace, s.workspaceId);
      }
      await setMeta(db, META.session, s);
      return mirror !== s.workspaceId;
    });
  }

  /** The language the server words its answers in (refusal reasons shown to the user follow it). */
  setLanguage(language: string): void {
    if (this.auth) this.auth = { ...this.auth, language };
  }

  /** Stops timers and watching; outbox entries stay for the same user's next start. */
  stop(): void {
    this.auth = null;
    this.live?.handle.stop();
    this.live = null;
    this.watch?.unsubscribe();
    this.watch = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Runs one round now (or right after the current one). */
  syncNow(): Promise<void> {
    if (!this.auth || this.state.pausedBy !== null) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.round());
        } while (this.again && this.auth && this.state.pausedBy === null);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async withLock(fn: () => Promise<void>): Promise<void> {
    const locks = this.deps.locks;
    if (!locks) return fn();
    await locks.request('creatordesk-sync', { ifAvailable: true }, async (lock) => {
      if (lock) await fn();
      // Another tab is syncing, perhaps for another user than this tab's entries: look again soon.
      else this.schedule(LOCK_RETRY_MS);
    });
  }

  private http(): HttpDeps {
    const a = this.auth!;
    return {
      fetch: this.deps.fetch,
      apiBase: this.deps.apiBase,
      token: a.token,
      language: a.language,
      timeoutMs: this.deps.timeoutMs ?? REQUEST_TIMEOUT_MS,
    };
  }

  private async round(): Promise<void> {
    if ((await getMeta<string>(this.deps.db, META.tokenPrint)) !== this.print) {
      this.stop();
      return this.set({ phase: 'idle', progress: null });
    }
    // Offline: nothing to send or pull; setOnline(true) starts the next round, the backoff is a fallback.
    if (!this.online) {
      this.set({ phase: 'offline' });
      return this.retryLater();
    }
    try {
      // Send first: the user waits for the server's verdict on what they just did, not
      // for a pull that may take a minute on a first sync. A call sent before without an answer
      // (a timeout, a dropped connection, a reload mid-call) may already be applied: it goes again
      // with the same key, so the pull that brings its row back finds it acked and the row never
      // shows twice (the overlay's copy and the server's).
      this.sentDuringPull = false;
      if ((await this.drain()) === 'transient') return this.retryLater();
      if (!(await this.pullAll())) return this.retryLater();
      // Entries recorded during the pull (it sends them between pages too); pull again when the
      // outbox changed anything since that pull started, so their overlays settle.
      const pushed = await this.drain();
      if (pushed === 'transient') return this.retryLater();
      if ((pushed === 'changed' || this.sentDuringPull) && !(await this.pullAll())) return this.retryLater();
      this.failures = 0;
      if (this.state.pausedBy === null) this.set({ phase: 'idle', lastError: null });
      this.schedule(this.deps.periodMs ?? 30_000);
    } catch (err) {
      const quota =
        (err as Error)?.name === 'QuotaExceededError' || /quota/i.test(String((err as Error)?.message));
      this.set({
        lastError: String((err as Error)?.message ?? err),
        quotaExceeded: quota || this.state.quotaExceeded,
      });
      this.retryLater();
    }
  }

  private retryLater(): void {
    if (this.state.pausedBy !== null) return;
    this.failures += 1;
    this.schedule(backoffMs(this.failures));
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (!this.auth) return;
    this.timer = setTimeout(() => void this.syncNow(), ms);
  }

  /**
   * Pulls until has_more is false. False on a transient fault or a pause.
   *
   * Pages with more to follow are written quietly (mirror.ts `applyPage`): the query worker hears
   * of each through the mirror channel, and the rest (a screen's live query on the creator blocks
   * or the sync bookkeeping) once, with the last page or, when the pull stops early, from here.
   * So the page's main thread does no IndexedDB work per page while a first sync runs.
   */
  private async pullAll(): Promise<boolean> {
    let unannounced = false;
    try {
      return await this.pullPages((quiet) => (unannounced = quiet));
    } finally {
      if (unannounced) await announceMirror(this.deps.db).catch(() => undefined);
    }
  }

  private async pullPages(applied: (quiet: boolean) => void): Promise<boolean> {
    const { db } = this.deps;
    const startedAt = Date.now();
    let first = (await getMeta<FirstSync>(db, META.firstSync)) ?? { done: 0, complete: false };
    let cursor = (await getMeta<string>(db, META.cursor)) ?? '';
    let done = 0;
    let total = 0;
    const limit = this.deps.pageLimit ?? PULL_DEFAULT_LIMIT;
    const shortLimit = Math.min(limit, this.deps.firstPageLimit ?? PULL_FIRST_LIMIT);
    // An empty mirror pulls short pages until its first creators have come: they show sooner.
    let short = !first.complete && first.done === 0;
    for (let i = 0; ; i++) {
      if (!this.online) {
        this.set({ phase: 'offline' });
        return false;
      }
      this.set({ phase: 'pulling' });
      const out = await callApi(this.http(), 'POST', '/sync/pull', {
        cursor,
        limit: short ? shortLimit : limit,
        estimate: i === 0 ? 1 : 0,
      });
      if (out.kind !== 'ok') return this.fault(out.kind, out.code, out.msg);
      const page = decodePull(out.env.data as PullWire);
      if (page.changes.creators.length > 0) short = false;
      if (await this.bind({ userId: page.user_id, workspaceId: page.workspace_id })) {
        first = { done: 0, complete: false };
        this.set({ firstSyncDone: false });
      }
      if (i === 0) total = (page.remaining ?? 0) + (first.complete ? 0 : first.done);
      if (page.reset) first.done = 0;
      const rows = countRows(page);
      done += rows;
      if (!first.complete) first.done += rows;
      const quiet = page.has_more;
      const { countries } = await applyPage(db, page, quiet);
      applied(quiet);
      if (countries.length) tellPageApplied({ db: db.name, countries });
      const shown = first.complete ? done : first.done;
      this.set({ progress: { done: shown, total: Math.max(total, shown) } });
      if (!first.complete) {
        const mark = { ...first, complete: !page.has_more };
        // The progress kept for a resume is bookkeeping; the mark's completion is news (useFirstSyncDone).
        await db.transaction('rw', db.meta, async (tx) => {
          await setMeta(db, META.firstSync, mark);
          if (quiet) unannounce(tx, [db.meta.name]);
        });
      }
      cursor = page.cursor;
      if (!page.has_more) break;
      // A change recorded meanwhile is sent between pages rather than after the whole pull.
      if (await this.freshEntries()) {
        const sent = await this.drain();
        if (sent === 'transient') return false;
        if (sent === 'changed') this.sentDuringPull = true;
      }
    }
    await settle(db, startedAt);
    this.set({ progress: null, firstSyncDone: true });
    return true;
  }

  /** Whether the session has an entry never sent yet (recorded since the round began). */
  private async freshEntries(): Promise<boolean> {
    const session = await getMeta<LocalSession>(this.deps.db, META.session);
    if (!session) return false;
    return (await entriesOf(this.deps.db, session)).some((e) => e.state === 'pending' && e.attempts === 0);
  }

  /** Sends pending entries in order: 'changed' when any was accepted or rejected. */
  private async drain(): Promise<'none' | 'changed' | 'transient'> {
    const { db } = this.deps;
    const session = await getMeta<LocalSession>(db, META.session);
    if (!session) return 'none';
    let result: 'none' | 'changed' = 'none';
    for (;;) {
      const e = await nextToSend(db, session);
      if (!e || e.seq === undefined) return result;
      // The browser went offline during the round: nothing more is sent until it is back (a request
      // that happened to get through, a service worker's for instance, would still be a surprise).
      if (!this.online) {
        this.set({ phase: 'offline' });
        return 'transient';
      }
      this.set({ phase: 'pushing' });
      await markSending(db, e.seq);
      const out = await callApi(this.http(), e.method, e.path, e.body, e.idempotencyKey);
      if (out.kind === 'ok')
        await markAcked(db, e.seq, Date.now(), { code: out.env.code, msg: out.env.msg, data: out.env.data });
      else if (out.kind === 'rejected') await markFailed(db, e.seq, { code: out.code, msg: out.msg });
      else {
        await markRetryLater(db, e.seq, { code: out.code, msg: out.msg });
        this.fault(out.kind, out.code, out.msg);
        return 'transient';
      }
      result = 'changed';
    }
  }

  private fault(kind: string, code: number, msg: string): false {
    if (kind === 'logout') {
      this.live?.handle.stop();
      this.set({ phase: 'paused', pausedBy: code, lastError: msg });
      if (this.timer) clearTimeout(this.timer);
    } else this.set({ phase: code === 0 ? 'offline' : this.state.phase, lastError: msg });
    return false;
  }

  private set(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    this.deps.onState?.(this.state);
  }
}

const LOCK_RETRY_MS = 1000;

/** A short FNV-1a print of the token: enough to tell sign-ins apart without storing it. */
function fingerprint(token: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

const countRows = (p: PullResponse): number =>
  Object.values(p.changes).reduce((n, l) => n + l.length, 0) +
  Object.values(p.deletes).reduce((n, l) => n + l.length, 0);
