/**
 * This file owns the signals behind the live-update stream: "workspace W is now at
 * version V" after every committed change, and "user U's sessions or workspace changed".
 *
 * - PostgreSQL: one dedicated client LISTENs on the channel the triggers of migration 0025 notify,
 *   so several server processes on one database hear each other's commits. It connects on the
 *   first subscriber; when the connection drops it reconnects with backoff and then signals
 *   `resync` (notifications sent meanwhile are lost, so every stream re-reads its head).
 * - SQLite (one process): TEMP triggers on the one connection call a JS function that notes the
 *   signal; the driver flushes the notes when it releases the connection outside a transaction,
 *   i.e. after COMMIT. A noted version the counter no longer reaches was rolled back and is dropped.
 */
import pg from 'pg';
import type SQLite from 'better-sqlite3';
import { LIVE_CHANNEL } from './migrations/0025_live_notify.ts';

export type LiveSignal =
  | { kind: 'version'; workspaceId: number; version: number }
  | { kind: 'user'; userId: number }
  | { kind: 'resync' };

export interface LiveFeed {
  /** Listens (connecting on first use); the promise settles once signals flow. */
  subscribe(fn: (s: LiveSignal) => void): Promise<() => void>;
  close(): Promise<void>;
}

class Listeners {
  readonly set = new Set<(s: LiveSignal) => void>();
  emit(s: LiveSignal): void {
    for (const fn of this.set) {
      try {
        fn(s);
      } catch (err) {
        console.warn(`live: listener failed (${(err as Error).message})`);
      }
    }
  }
}

export function parseLivePayload(p: string): LiveSignal | undefined {
  const v = /^v:(\d+):(\d+)$/.exec(p);
  if (v) return { kind: 'version', workspaceId: Number(v[1]), version: Number(v[2]) };
  const u = /^u:(\d+)$/.exec(p);
  return u ? { kind: 'user', userId: Number(u[1]) } : undefined;
}

export function createPgLiveFeed(connectionString: string, applicationName: string): LiveFeed {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = (isRetry: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString, application_name: applicationName });
    c.on('notification', (msg) => {
      const s = msg.channel === LIVE_CHANNEL && msg.payload ? parseLivePayload(msg.payload) : undefined;
      if (s) listeners.emit(s);
    });
    const lost = (err?: Error) => {
      if (client !== c || closed) return;
      client = null;
      console.warn(`live: LISTEN connection lost (${err?.message ?? 'closed'}), reconnecting`);
      schedule();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    return c
      .connect()
      .then(() => c.query(`LISTEN ${LIVE_CHANNEL}`))
      .then(() => {
        if (closed) return void c.end().catch(() => undefined);
        client = c;
        failures = 0;
        if (isRetry) listeners.emit({ kind: 'resync' });
      })
      .catch((err: Error) => {
        void c.end().catch(() => undefined);
        if (closed) return;
        console.warn(`live: LISTEN failed (${err.message}), retrying`);
        schedule();
      });
  };
  const schedule = () => {
    failures += 1;
    const ms = Math.min(30_000, 500 * 2 ** failures) * (0.75 + Math.random() * 0.5);
    retry = setTimeout(() => {
      retry = null;
      connecting = connect(true);
    }, ms);
    retry.unref();
  };

  return {
    async subscribe(fn) {
      listeners.set.add(fn);
      connecting ??= connect(false);
      await connecting;
      return () => void listeners.set.delete(fn);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.set.clear();
      await connecting;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

const SQLITE_TRIGGERS = `
create temp trigger if not exists cd_live_version after update of version_seq on main.workspaces
  when old.version_seq is not new.version_seq begin select cd_live('v', new.id, new.version_seq); end;
create temp trigger if not exists cd_live_session after update of revoked_at, workspace_id on main.sessions
  when old.revoked_at is not new.revoked_at or old.workspace_id is not new.workspace_id
  begin select cd_live('u', new.user_id, 0); end;
create temp trigger if not exists cd_live_account after update of workspace_id, disabled on main.users
  when old.workspace_id is not new.workspace_id or old.disabled is not new.disabled
  begin select cd_live('u', new.id, 0); end;`;

export interface SqliteLiveFeed extends LiveFeed {
  /** Called by the driver each time it releases the connection. */
  flush(): void;
}

export function createSqliteLiveFeed(sqlite: SQLite.Database): SqliteLiveFeed {
  const listeners = new Listeners();
  const versions = new Map<number, number>();
  const users = new Set<number>();
  let installed = false;
  let head: SQLite.Statement<[number], { version_seq: number }> | null = null;

  // Runs inside the writing statement: it only takes notes (no database access from here).
  sqlite.function('cd_live', { deterministic: false, directOnly: false }, (kind, id, version) => {
    if (kind === 'v') versions.set(Number(id), Math.max(Number(version), versions.get(Number(id)) ?? 0));
    else users.add(Number(id));
    return null;
  });
  const install = () => {
    // Not inside someone else's transaction: a rollback would take the triggers with it.
    if (installed || !listeners.set.size || sqlite.inTransaction) return;
    sqlite.exec(SQLITE_TRIGGERS);
    head = sqlite.prepare('select version_seq from workspaces where id = ?');
    installed = true;
  };
  const flush = () => {
    install();
    if (sqlite.inTransaction || (!versions.size && !users.size)) return;
    // Users first, as PostgreSQL delivers a removal's notices (the member's move, then the team's
    // version): the hub holds a moved user's pokes until it has checked their token (live-hub.ts).
    const out: LiveSignal[] = [...users].map((userId) => ({ kind: 'user' as const, userId }));
    for (const [workspaceId, version] of versions) {
      const now = Number(head?.get(workspaceId)?.version_seq ?? -1);
      if (now >= version) out.push({ kind: 'version', workspaceId, version: now });
    }
    versions.clear();
    users.clear();
    queueMicrotask(() => out.forEach((s) => listeners.emit(s)));
  };
  return {
    flush,
    async subscribe(fn) {
      listeners.set.add(fn);
      install();
      return () => void listeners.set.delete(fn);
    },
    async close() {
      listeners.set.clear();
    },
  };
}
