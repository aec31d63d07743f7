/**
 * This file owns the open live-update streams of one server process. Each stream is
 * a Server-Sent Events response of one signed-in session; it carries only its workspace's version
 * (contract/live.ts). The hub listens to the database's live feed once and fans signals out:
 * a version signal pokes the streams of that workspace; a user signal makes that user's streams
 * check their token again and end (with the force-logout code) on sign-out, revocation, removal
 * from the team or a moved workspace. Until that check has answered, the user's streams hold their
 * version pokes back: a removal commits the member's move and the team's next version together
 * (the new invite link, team.service.ts), and the removed member must not hear the latter. A
 * hub-wide timer sends heartbeats and re-checks every
 * token each LIVE_RECHECK_TICKS beats (expiry, changes made by another program on SQLite).
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  encodeLiveEvent,
  LIVE_HEARTBEAT_MS,
  LIVE_STREAMS_PER_SESSION,
  type LiveEvent,
} from '../../contract/live.ts';
import { CODES } from '../../contract/codes.ts';
import type { DB } from '../db/schema.ts';
import type { LiveFeed, LiveSignal } from '../db/live-feed.ts';
import { authenticate, type AuthContext } from '../services/session.service.ts';
import { AppError } from '../domain/errors.ts';

/** Heartbeats between two token checks of every stream (one query per stream a minute). */
const LIVE_RECHECK_TICKS = 3;

interface Stream {
  auth: AuthContext;
  token: string;
  out: PassThrough;
  /** A version held back while the client reads slowly; written on drain. */
  pending: number | null;
  /** Token checks after a user signal still running: versions wait in `pending` meanwhile. */
  checking: number;
  ended: boolean;
}

export interface LiveHubDeps {
  db: Kysely<DB>;
  feed: LiveFeed;
  gauge: { inc(): void; dec(): void };
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}

export class LiveHub {
  private readonly byWorkspace = new Map<number, Set<Stream>>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly bySession = new Map<number, Stream[]>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticks = 0;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: LiveHubDeps) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.deps.feed.subscribe((s) => this.signal(s));
    this.timer = setInterval(() => this.beat(), this.deps.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Ends every stream (the server is closing: clients reconnect, perhaps to another process). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    for (const set of this.byWorkspace.values()) for (const s of [...set]) this.end(s, CODES.OK);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byWorkspace.values()) n += set.size;
    return n;
  }

  /** Answers the request with a stream of the caller's workspace (the caller passed requireAuth). */
  async open(
    req: FastifyRequest,
    reply: FastifyReply,
    auth: AuthContext,
    token: string,
  ): Promise<FastifyReply> {
    const out = new PassThrough();
    const s: Stream = { auth, token, out, pending: null, checking: 0, ended: false };
    // A newer stream of the same session pushes out the oldest (likely a half-open connection).
    let same = this.bySession.get(auth.session.id) ?? [];
    while (same.length >= LIVE_STREAMS_PER_SESSION) {
      this.end(same[0]!, CODES.TOO_MANY_REQUESTS);
      same = this.bySession.get(auth.session.id) ?? [];
    }
    add(this.byWorkspace, auth.workspaceId, s);
    add(this.byUser, auth.user.id, s);
    this.bySession.set(auth.session.id, [...(this.bySession.get(auth.session.id) ?? []), s]);
    this.deps.gauge.inc();
    req.raw.on('close', () => this.end(s, null));
    out.on('drain', () => {
      if (s.pending !== null) this.poke(s, s.pending);
    });
    const row = await this.deps.db
      .selectFrom('workspaces')
      .select('version_seq')
      .where('id', '=', auth.workspaceId)
      .executeTakeFirst();
    this.poke(s, Number(row?.version_seq ?? 0));
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(out);
  }

  private signal(sig: LiveSignal): void {
    if (sig.kind === 'version') {
      for (const s of this.byWorkspace.get(sig.workspaceId) ?? []) this.poke(s, sig.version);
    } else if (sig.kind === 'user') {
      for (const s of [...(this.byUser.get(sig.userId) ?? [])]) void this.recheck(s, true);
    } else void this.resync();
  }

  /** After the feed lost signals: every stream checks its token and gets its head again. */
  private async resync(): Promise<void> {
    const ids = [...this.byWorkspace.keys()];
    if (!ids.length) return;
    const heads = await sql<{ id: number; version_seq: number }>`
      select id, version_seq from workspaces where id in (${sql.join(ids)})`.execute(this.deps.db);
    for (const h of heads.rows)
      for (const s of this.byWorkspace.get(Number(h.id)) ?? []) this.poke(s, Number(h.version_seq));
    for (const set of this.byWorkspace.values()) for (const s of [...set]) void this.recheck(s);
  }

  private beat(): void {
    this.ticks += 1;
    const recheck = this.ticks % LIVE_RECHECK_TICKS === 0;
    for (const set of this.byWorkspace.values())
      for (const s of [...set]) {
        this.write(s, { event: 'ping' });
        if (recheck) void this.recheck(s);
      }
  }

  /** `hold`: keep this stream's version pokes until the check has answered (a user signal). */
  private async recheck(s: Stream, hold = false): Promise<void> {
    if (s.ended) return;
    if (hold) s.checking += 1;
    try {
      const now = await authenticate(this.deps.db, s.token);
      // The session itself moved (its user left a team, keeping this session): reconnect there.
      if (now.workspaceId !== s.auth.workspaceId) this.end(s, CODES.OK);
    } catch (err) {
      if (err instanceof AppError) this.end(s, err.code);
      else this.deps.log.warn({ err }, 'live: token check failed');
    } finally {
      if (hold) s.checking -= 1;
      if (hold && !s.checking && s.pending !== null) this.poke(s, s.pending);
    }
  }

  private poke(s: Stream, version: number): void {
    if (s.ended) return;
    if (s.checking || s.out.writableNeedDrain) {
      s.pending = Math.max(version, s.pending ?? 0);
      return;
    }
    s.pending = null;
    this.write(s, { event: 'version', version });
  }

  private write(s: Stream, e: LiveEvent): void {
    if (!s.ended) s.out.write(encodeLiveEvent(e));
  }

  /** Removes the stream; with a code, tells the client why first (null: the client went away). */
  private end(s: Stream, code: number | null): void {
    if (s.ended) return;
    // Marked first: writing the last frame may close the socket, whose handler calls end again.
    s.ended = true;
    if (code !== null) s.out.write(encodeLiveEvent({ event: 'end', code }));
    s.out.end();
    remove(this.byWorkspace, s.auth.workspaceId, s);
    remove(this.byUser, s.auth.user.id, s);
    const rest = (this.bySession.get(s.auth.session.id) ?? []).filter((x) => x !== s);
    if (rest.length) this.bySession.set(s.auth.session.id, rest);
    else this.bySession.delete(s.auth.session.id);
    this.deps.gauge.dec();
  }
}

function add<K, V>(map: Map<K, Set<V>>, key: K, v: V): void {
  const set = map.get(key) ?? new Set<V>();
  set.add(v);
  map.set(key, set);
}

function remove<K, V>(map: Map<K, Set<V>>, key: K, v: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(v);
  if (!set.size) map.delete(key);
}
