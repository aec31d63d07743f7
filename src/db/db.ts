/**
 * The local database. Layout, chosen for a fast first sync:
 *
 * - `creatorBlocks`: creators in blocks of up to BLOCK_SIZE rows, keyed [country, block] where
 *   block = floor(id / BLOCK_SIZE). The id → block index is that formula (ids are assigned in
 *   bulk, so a block is dense); a tombstone, which carries only an id, looks in the few blocks
 *   with that number. One record per creator wrote 3–6k rows/s; blocks write 100k in ~0.5 s.
 *   Each written block gets a new `rev` so the query worker reloads only what changed.
 * - Small tables (tags … blacklist): one record per row, read by screens with useLiveQuery.
 * - `outbox`: the unsent calls, each with its optimistic effect (see outbox.ts). Mirror tables
 *   hold only what the server sent; local edits are overlays applied on top (overlay.ts), so
 *   undoing a rejected change is dropping its overlay, and a pull can never erase a pending edit.
 * - `notices`: outcomes of outbox entries the user has not read yet (a refusal, a partial success).
 * - `meta`: cursor, client id, session, first-sync progress, the block revision counter.
 *
 * Upgrades: the one declaration below holds the whole schema. To change it, edit it and raise
 * SCHEMA_VERSION: Dexie (3 and later) compares the schema a device has with the declared one and
 * adds or drops what differs, so earlier declarations are not kept (they cost a parse each at every
 * start). A change that must move data adds a `this.version(n + 1).stores({...}).upgrade(...)`, and
 * that one stays. A change in what a mirrored row holds bumps SYNC_VERSION instead; the server then
 * resets the mirror.
 */
import Dexie, { type Table } from 'dexie';
import type { CreatorRow, SyncRows, SyncTable } from '../../contract/sync.ts';
import type { Notice, OutboxEntry } from './outbox-types.ts';

/** Versions 1-8 were declared one by one until 2026-11; a device on any of them upgrades to this. */
export const SCHEMA_VERSION = 12;

export const BLOCK_SIZE = 1000;
export const blockOf = (id: number): number => Math.floor(id / BLOCK_SIZE);

export type SmallTable = Exclude<SyncTable, 'creators'>;
export const SMALL_TABLES: readonly SmallTable[] = [
  'tags',
  'chat_templates',
  'products',
  'topics',
  'invitations',
  'blacklist',
  'creator_notes',
  'creator_followups',
  'creator_events',
  'saved_views',
  'text_conflicts',
  'plans',
  'plan_creators',
  'workspace_settings',
  'creator_sales',
  'order_imports',
  'contents',
  'plan_costs',
];

export interface CreatorBlock {
  country: string;
  block: number;
  rev: number;
  rows: CreatorRow[];
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class LocalDB extends Dexie {
  creatorBlocks!: Table<CreatorBlock, [string, number]>;
  tags!: Table<SyncRows['tags'], number>;
  chat_templates!: Table<SyncRows['chat_templates'], number>;
  products!: Table<SyncRows['products'], number>;
  topics!: Table<SyncRows['topics'], number>;
  invitations!: Table<SyncRows['invitations'], number>;
  blacklist!: Table<SyncRows['blacklist'], number>;
  creator_notes!: Table<SyncRows['creator_notes'], number>;
  creator_followups!: Table<SyncRows['creator_followups'], number>;
  creator_events!: Table<SyncRows['creator_events'], number>;
  saved_views!: Table<SyncRows['saved_views'], number>;
  text_conflicts!: Table<SyncRows['text_conflicts'], number>;
  plans!: Table<SyncRows['plans'], number>;
  plan_creators!: Table<SyncRows['plan_creators'], number>;
  workspace_settings!: Table<SyncRows['workspace_settings'], number>;
  creator_sales!: Table<SyncRows['creator_sales'], number>;
  order_imports!: Table<SyncRows['order_imports'], number>;
  contents!: Table<SyncRows['contents'], number>;
  plan_costs!: Table<SyncRows['plan_costs'], number>;
  outbox!: Table<OutboxEntry, number>;
  notices!: Table<Notice, number>;
  meta!: Table<MetaRow, string>;

  constructor(name = 'creatordesk') {
    super(name);
    // The whole schema in one declaration (see the header): one parse instead of eight, in each of
    // the three contexts that open the database (the page, the sync and query workers).
    this.version(SCHEMA_VERSION).stores({
      creatorBlocks: '[country+block], block, [country+rev]',
      tags: 'id, country',
      chat_templates: 'id, country',
      products: 'id, country',
      topics: 'id, country',
      invitations: 'id, country, unique_id',
      blacklist: 'id, country, unique_id',
      outbox: '++seq, state, [userId+workspaceId]',
      meta: 'key',
      // Outcomes the user has not read yet (notices.ts).
      notices: '++id, [userId+workspaceId], seq',
      // The creator workbench: read per creator; follow-ups also by due day; history
      // rows by time, for this week's quota count.
      creator_notes: 'id, creator_id',
      creator_followups: 'id, creator_id, due_date',
      creator_events: 'id, creator_id, add_time',
      // Saved views of the Home list.
      saved_views: 'id',
      // Resolved conflicts on text records, listed newest first in the sync panel.
      text_conflicts: 'id',
      // Collaboration plans; a plan's board reads its creators by plan_id.
      plans: 'id',
      plan_creators: 'id, plan_id',
      // Workspace settings.
      workspace_settings: 'id',
      // Counted sales per creator and product, from imported orders.
      creator_sales: 'id, creator_id',
      // Imports of order downloads, listed newest first on /plans (so one can be undone).
      order_imports: 'id',
      // Content records (videos, LIVEs): read per creator (by country and handle, as the server
      // matches them: features/ledger/creator-videos.ts) and per plan.
      contents: 'id, creator_id, plan_id, [country+handle]',
      // A plan's cost lines, read per plan.
      plan_costs: 'id, plan_id',
    });
  }

  /** A small table by name, typed with its row (contract/sync.ts `SyncRows`). */
  small<T extends SmallTable>(table: T): Table<SyncRows[T], number> {
    return this[table] as Table<SyncRows[T], number>;
  }
}

export async function getMeta<T>(db: LocalDB, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: LocalDB, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/** Who is signed in: outbox rows are stamped with it and only drained for the same pair. */
export interface LocalSession {
  userId: number;
  workspaceId: number;
}

export const META = {
  cursor: 'cursor',
  clientId: 'client_id',
  session: 'session',
  /** The workspace the mirror holds; another one means the mirror is dropped. */
  mirrorWorkspace: 'mirror_workspace',
  rev: 'rev',
  firstSync: 'first_sync',
  tokenPrint: 'token_print',
} as const;
