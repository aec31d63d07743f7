/**
 * Fills one workspace with demo data: the catalog, then creators streamed in batches. Each
 * batch (≤ 1,000 creators) gets its own version, so a sync page never has to carry more than
 * one batch's rows of a version; several batches share a transaction to amortise commits.
 * A batch writes its creators, their creator_tags, invitations (+ history) and blacklist rows.
 */
import { sql } from 'kysely';
import { COUNTRIES, type Country, type Language } from '../../contract/constants.ts';
import type { Database } from '../db/connection.ts';
import { nextVersion } from '../db/versioning.ts';
import { insertRows, rowsPerStatement, type Executor, type Value } from './bulk.ts';
import { readCatalog, writeCatalog, type CatalogIndex } from './catalog-writer.ts';
import { CreatorFactory, type CreatorRow, type CreatorSeed } from './creators.ts';
import type { InvitationRow } from './invitations.ts';
import { seedTexts, type SeedTexts } from './seed-texts.ts';

export interface SeedOptions {
  /** How many creators to add. */
  creators: number;
  seed: number;
  /** "Now" for the generated times (unix seconds); fixed, so a seed is reproducible. */
  anchor: number;
  /** Creators per version; defaults to 1,000 (fewer when the engine's parameter limit says so). */
  batch?: number;
  /** Batches per transaction. */
  batchesPerTransaction?: number;
  onProgress?: (p: SeedProgress) => void;
  /** The seller's language: tags, templates, notes and reasons are written in it (seed-texts.ts). */
  language?: Language;
}

export interface SeedProgress {
  creators: number;
  total: number;
  rows: number;
  elapsedMs: number;
}

export interface SeedResult {
  creators: number;
  rows: number;
  elapsedMs: number;
}

const CREATOR_COLUMNS = [
  'country', 'unique_id', 'status', 'is_chat', 'is_invitation', 'is_black', 'daren_name', 'daren_sex',
  'daren_email', 'daren_phone', 'signature', 'daren_socialize', 'daren_addr', 'email', 'bio_link', 'nick_name',
  'head_img', 'follower_count', 'categorys', 'product_count', 'gmv_t30', 'video_count', 'units_sold_t30',
  'video_publish_t30', 'video_view_t30', 'video_engagement_t30', 'digg_count', 'following_count', 'heart',
  'heart_count', 'video_last_time', 'check_time', 'nick_update_time', 'add_time', 'update_time',
] as const satisfies readonly (keyof CreatorRow)[]; // prettier-ignore

const INVITATION_COLUMNS = [
  'country', 'unique_id', 'status', 'sub_status', 'daren_name', 'daren_sex', 'daren_email', 'daren_phone',
  'daren_addr', 'logistics', 'cooperate', 'product_id', 'add_time', 'update_time',
] as const satisfies readonly (keyof InvitationRow)[]; // prettier-ignore

const keyOf = (country: unknown, uniqueId: unknown): string => `${String(country)}\u0000${String(uniqueId)}`;

async function takenHandles(database: Database, workspaceId: number) {
  const taken: Record<Country, string[]> = Object.fromEntries(COUNTRIES.map((c) => [c, []])) as never;
  const rows = await database.db
    .selectFrom('creators')
    .select(['country', 'unique_id'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  for (const r of rows) taken[r.country as Country]?.push(r.unique_id);
  return { taken, count: rows.length };
}

export async function seedWorkspace(
  database: Database,
  workspaceId: number,
  opts: SeedOptions,
): Promise<SeedResult> {
  const started = performance.now();
  const { db, engine } = database;
  const texts = seedTexts(opts.language);
  let rows = await writeCatalog(database, workspaceId, opts.seed, opts.anchor, texts);
  const catalog = await readCatalog(database, workspaceId);
  const owner = await db
    .selectFrom('workspaces')
    .select('owner_user_id')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  const { taken, count } = await takenHandles(database, workspaceId);
  // Appending continues with a different stream, so new creators are not suffixed copies.
  const seed = count === 0 ? opts.seed : (opts.seed + count * 7919) >>> 0;
  const factory = new CreatorFactory({ seed, anchor: opts.anchor, products: catalog.products, taken });
  const batch = rowsPerStatement(engine, CREATOR_COLUMNS.length, opts.batch ?? 1000);
  const perTx = opts.batchesPerTransaction ?? 50;
  const userId = owner.owner_user_id === null ? null : Number(owner.owner_user_id);

  let done = 0;
  while (done < opts.creators) {
    await db.transaction().execute(async (trx) => {
      for (let b = 0; b < perTx && done < opts.creators; b++) {
        const size = Math.min(batch, opts.creators - done);
        const seeds: CreatorSeed[] = new Array<CreatorSeed>(size);
        for (let i = 0; i < size; i++) seeds[i] = factory.next();
        rows += await writeBatch(trx, database, workspaceId, userId, seeds, catalog, texts);
        done += size;
      }
    });
    opts.onProgress?.({ creators: done, total: opts.creators, rows, elapsedMs: performance.now() - started });
  }
  await refreshPlannerStatistics(database);
  return { creators: done, rows, elapsedMs: performance.now() - started };
}

/**
 * PostgreSQL after a bulk load: fresh statistics (else the list queries are planned for empty
 * tables) and a set visibility map (else every index-only scan, such as a list's count, visits
 * the heap row by row). Autovacuum gets there too, but minutes later at 1M rows. SQLite keeps no
 * statistics (no ANALYZE): its plans without them are the ones the list indexes were built for.
 */
async function refreshPlannerStatistics(database: Database): Promise<void> {
  if (database.engine !== 'postgres') return;
  await sql`vacuum (analyze) creators, creator_tags, creator_names, creator_counts, invitations, invitation_history, blacklist`.execute(
    database.db,
  );
}

async function writeBatch(
  trx: Executor,
  database: Database,
  workspaceId: number,
  userId: number | null,
  seeds: CreatorSeed[],
  catalog: CatalogIndex,
  texts: SeedTexts,
): Promise<number> {
  const { engine } = database;
  const version = await nextVersion(trx, workspaceId);
  const constants = { workspace_id: workspaceId, version, deleted_at: null };
  const creatorRows = seeds.map((s) => CREATOR_COLUMNS.map((c) => s.row[c]) as Value[]);
  const inserted = await insertRows(trx, engine, 'creators', CREATOR_COLUMNS, creatorRows, {
    constants,
    returning: ['id', 'country', 'unique_id'],
  });
  const ids = new Map<string, number>();
  for (const r of inserted) ids.set(keyOf(r.country, r.unique_id), Number(r.id));

  const links: Value[][] = [];
  const invitations: Value[][] = [];
  const blacklist: Value[][] = [];
  for (const s of seeds) {
    const { country, unique_id } = s.row;
    const creatorId = ids.get(keyOf(country, unique_id));
    if (creatorId === undefined) throw new Error(`creator ${country}/${unique_id} was not returned`);
    const tagIds = catalog.tagIds[country];
    for (const title of s.tags) {
      const tagId = tagIds.get(texts.tag(title));
      if (tagId !== undefined) links.push([creatorId, tagId]);
    }
    if (s.invitation) {
      const invitation = { ...s.invitation.row, cooperate: texts.text(s.invitation.row.cooperate) };
      invitations.push(INVITATION_COLUMNS.map((c) => invitation[c]) as Value[]);
    }
    if (s.black)
      blacklist.push([country, unique_id, texts.text(s.black.reason), s.black.add_time, s.black.add_time]);
  }
  await insertRows(trx, engine, 'creator_tags', ['creator_id', 'tag_id'], links, {
    constants: { workspace_id: workspaceId },
  });
  const invited = await insertRows(trx, engine, 'invitations', INVITATION_COLUMNS, invitations, {
    constants,
    returning: ['id', 'country', 'unique_id'],
  });
  const invitationIds = new Map<string, number>();
  for (const r of invited) invitationIds.set(keyOf(r.country, r.unique_id), Number(r.id));
  // History in creator order (RETURNING order is not guaranteed), so its ids are reproducible too.
  const history: Value[][] = [];
  for (const s of seeds) {
    if (!s.invitation) continue;
    const id = invitationIds.get(keyOf(s.row.country, s.row.unique_id));
    if (id === undefined) throw new Error(`invitation ${s.row.country}/${s.row.unique_id} was not returned`);
    for (const h of s.invitation.history)
      history.push([id, h.status, h.sub_status, texts.text(h.note), h.created_at]);
  }
  await insertRows(
    trx,
    engine,
    'invitation_history',
    ['invitation_id', 'status', 'sub_status', 'note', 'created_at'],
    history,
    { constants: { workspace_id: workspaceId, user_id: userId } },
  );
  await insertRows(
    trx,
    engine,
    'blacklist',
    ['country', 'unique_id', 'reason', 'add_time', 'update_time'],
    blacklist,
    {
      constants,
    },
  );
  return seeds.length + links.length + invitations.length + history.length + blacklist.length;
}
