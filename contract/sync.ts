/**
 * The sync contract: what POST /sync/pull takes and answers, the mirrored tables,
 * and SYNC_VERSION. Bump SYNC_VERSION whenever the shape of a pulled row changes: every client
 * whose cursor carries an older number gets `reset` and mirrors the workspace again.
 *
 * Cursor: an opaque string `s{SYNC_VERSION}.w{workspaceId}.v{version}.t{issuedAt}`. The server
 * answers `reset: true` (and a full first page) when the cursor is malformed, from another schema
 * version or workspace, ahead of the workspace's counter, or older than CURSOR_MAX_AGE_SECONDS
 * (tombstones may be purged after that age).
 */
import type { z } from 'zod';
import type { SYNC_ROWS } from './sync-rows.ts';

/**
 * 2: content records (`contents`) joined the mirror. The table is older than that, so a cursor of
 * version 1 has already passed its rows: such a client mirrors the workspace again.
 * 3: a plan's cost lines (`plan_costs`) joined it, for the same reason the same way; creators carry
 * `gpm_t30`.
 */
export const SYNC_VERSION = 3;

/** The workspace tables every client mirrors, in the order a page lists them. */
export const SYNC_TABLES = [
  'creators',
  'tags',
  'chat_templates',
  'products',
  'topics',
  'invitations',
  'blacklist',
  // The creator workbench; new tables, so older cursors miss nothing.
  'creator_notes',
  'creator_followups',
  'creator_events',
  // Saved views of the Home list, shared with the workspace.
  'saved_views',
  // Resolved conflicts on text records.
  'text_conflicts',
  // Collaboration plans and the creators in them.
  'plans',
  'plan_creators',
  // What the team sets once, e.g. TikTok's weekly quota of new creators.
  'workspace_settings',
  // Counted sales per creator and product, from imported Seller Center orders.
  'creator_sales',
  // Each import of an order download, so it can be undone (a new table: older cursors miss nothing).
  'order_imports',
  // What creators posted (videos and LIVEs): the samples-without-content list and the creator page
  // read them offline. The performance snapshots stay on the server.
  'contents',
  // A plan's fees, retainers and ad spend: entered and listed offline, sent through the outbox. The
  // net profit that sums them with the order lines stays on the server.
  'plan_costs',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

export const PULL_DEFAULT_LIMIT = 5000;
/**
 * An empty mirror pulls pages of this many rows until its first creators have come (a version is
 * never split, so a page may be larger), then full pages: the first creators reach the screen
 * after a short page or two (tens of kB) instead of after a full one (~350 kB, ~1.8 s on a phone's
 * slow 4G). The catalog (tags, templates, products…) usually fills the first short page.
 */
export const PULL_FIRST_LIMIT = 1000;
export const PULL_MAX_LIMIT = 20_000;
/** Tombstones are kept at least this long; an older cursor is answered with reset. */
export const CURSOR_MAX_AGE_SECONDS = 30 * 24 * 3600;

export interface CreatorTag {
  tag_id: number;
  tag_title: string;
}

/**
 * Each mirrored table's row, typed from contract/sync-rows.ts (a type-only import: the PWA loads no
 * schema for it). A creator also carries its tags, which a pull sends apart (`decodePull`).
 */
export type SyncRows = { [T in Exclude<SyncTable, 'creators'>]: z.infer<(typeof SYNC_ROWS)[T]> } & {
  creators: CreatorRow;
};
export type RowOf<T extends SyncTable> = SyncRows[T];
export type CreatorRow = z.infer<typeof SYNC_ROWS.creators> & { tags: CreatorTag[] };
/** Any mirrored row: what code that serves every table (the outbox's effects, the mirror) knows. */
export type SyncRow = SyncRows[SyncTable];

/**
 * On the wire each table's rows are columnar (`columns` once, then one array per row) and the
 * page's creator tags travel as [creator_id, tag_id, tag_title] triples: a third of the bytes of
 * row objects, and the server builds it in SQL. `decodePull` gives the row-object form. The zod
 * schemas of the call are in contract/schemas/sync.ts (it checks they infer these types), so the
 * sync worker, which only decodes, loads no zod.
 */
export interface TableRows {
  columns: string[];
  rows: unknown[][];
}

export interface PullRequest {
  cursor: string;
  limit: number;
  /** 1: also answer `remaining` (rows left after the cursor), for progress bars. */
  estimate?: number | undefined;
}

export interface PullWire {
  changes: Record<SyncTable, TableRows>;
  creator_tags: [number, number, string][];
  deletes: Record<SyncTable, number[]>;
  cursor: string;
  has_more: boolean;
  /** The client must drop its mirror and apply this page as a fresh start. */
  reset: boolean;
  /** Rows (changes + deletes) after the request's cursor, when `estimate` was 1. */
  remaining?: number | undefined;
  /** Who pulled: the client stamps its outbox with these (the login answer carries no ids). */
  user_id: number;
  workspace_id: number;
}

/** A pulled page with row objects; creators carry `tags: [{tag_id, tag_title}]`. */
export type PullResponse = Omit<PullWire, 'changes' | 'creator_tags'> & {
  changes: { [T in SyncTable]: SyncRows[T][] };
};

export function decodePull(w: PullWire): PullResponse {
  const changes = {} as Record<SyncTable, SyncRow[]>;
  for (const t of SYNC_TABLES) {
    const { columns, rows } = w.changes[t];
    const out = new Array<SyncRow>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const o: Record<string, unknown> = {};
      for (let j = 0; j < columns.length; j++) o[columns[j]!] = r[j];
      out[i] = o as SyncRow;
    }
    changes[t] = out;
  }
  const creators = changes.creators as CreatorRow[];
  const byId = new Map<number, CreatorRow>();
  for (const c of creators) {
    c.tags = [];
    byId.set(c.id, c);
  }
  for (const [creatorId, tagId, title] of w.creator_tags)
    byId.get(creatorId)?.tags.push({ tag_id: tagId, tag_title: title });
  const { creator_tags: _tags, changes: _changes, ...rest } = w;
  return { ...rest, changes: changes as PullResponse['changes'] };
}

export interface Cursor {
  workspaceId: number;
  version: number;
  issuedAt: number;
}

export function encodeCursor(c: Cursor): string {
  return `s${SYNC_VERSION}.w${c.workspaceId}.v${c.version}.t${c.issuedAt}`;
}

/** Undefined for an empty, malformed or other-schema cursor. */
export function decodeCursor(s: string): Cursor | undefined {
  const m = /^s(\d+)\.w(\d+)\.v(\d+)\.t(\d+)$/.exec(s);
  if (!m || Number(m[1]) !== SYNC_VERSION) return undefined;
  return { workspaceId: Number(m[2]), version: Number(m[3]), issuedAt: Number(m[4]) };
}
