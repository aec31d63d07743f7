/**
 * Writes the per-country catalog (tags, chat templates, products, topics) of a workspace under
 * one version, and reads back what the creator stream needs from it: tag ids by title and
 * product ids, per country. Existing catalogs are left alone (append mode reuses them).
 */
import { COUNTRIES, type Country } from '../../contract/constants.ts';
import type { Database } from '../db/connection.ts';
import { nextVersion } from '../db/versioning.ts';
import { insertRows, type Executor } from './bulk.ts';
import { catalogFor } from './catalog.ts';
import { Rng } from './prng.ts';
import { seedTexts, type SeedTexts } from './seed-texts.ts';

export interface CatalogIndex {
  tagIds: Record<Country, Map<string, number>>;
  products: Record<Country, string[]>;
}

const perCountry = <T>(make: () => T): Record<Country, T> =>
  Object.fromEntries(COUNTRIES.map((c) => [c, make()])) as Record<Country, T>;

/** Inserts the catalog unless the workspace already has tags; returns the rows written. */
export async function writeCatalog(
  database: Database,
  workspaceId: number,
  seed: number,
  anchor: number,
  texts: SeedTexts = seedTexts(),
): Promise<number> {
  const { db, engine } = database;
  const existing = await db
    .selectFrom('tags')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  // Its own random stream, so the catalog never shifts the creator sequence.
  const rng = new Rng((seed ^ 0x5eed_ca7a) >>> 0);
  const tags: (string | number)[][] = [];
  const templates: (string | number)[][] = [];
  const products: (string | number)[][] = [];
  const topics: (string | number | null)[][] = [];
  for (const country of COUNTRIES) {
    const c = catalogFor(country, rng, anchor);
    for (const t of c.tags) tags.push([country, texts.tag(t.title), t.add_time, t.update_time]);
    for (const t of c.templates)
      templates.push([country, ...texts.template(t.title, t.content), t.add_time, t.update_time]);
    for (const p of c.products) {
      products.push([
        country,
        p.product_id,
        p.product_title,
        p.category,
        p.product_img,
        c.times.add_time,
        c.times.update_time,
      ]);
    }
    for (const t of c.topics) {
      topics.push([
        country,
        t.challenge_id,
        t.challenge_title,
        t.end_time,
        t.cover_larger,
        t.video_count,
        t.view_count,
        t.is_commerce,
        c.times.add_time,
        c.times.update_time,
        t.check_time,
      ]);
    }
  }
  await db.transaction().execute(async (trx: Executor) => {
    const version = await nextVersion(trx, workspaceId);
    const constants = { workspace_id: workspaceId, version, deleted_at: null };
    const opts = { constants };
    await insertRows(trx, engine, 'tags', ['country', 'title', 'add_time', 'update_time'], tags, opts);
    await insertRows(
      trx,
      engine,
      'chat_templates',
      ['country', 'title', 'content', 'add_time', 'update_time'],
      templates,
      opts,
    );
    await insertRows(
      trx,
      engine,
      'products',
      ['country', 'product_id', 'product_title', 'category', 'product_img', 'add_time', 'update_time'],
      products,
      opts,
    );
    await insertRows(
      trx,
      engine,
      'topics',
      [
        'country',
        'challenge_id',
        'challenge_title',
        'end_time',
        'cover_larger',
        'video_count',
        'view_count',
        'is_commerce',
        'add_time',
        'update_time',
        'check_time',
      ],
      topics,
      opts,
    );
  });
  return tags.length + templates.length + products.length + topics.length;
}

/** Tag ids by title and product ids, per country, of the workspace's live catalog. */
export async function readCatalog(database: Database, workspaceId: number): Promise<CatalogIndex> {
  const { db } = database;
  const tagIds = perCountry(() => new Map<string, number>());
  const products = perCountry((): string[] => []);
  const tags = await db
    .selectFrom('tags')
    .select(['id', 'country', 'title'])
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const t of tags) {
    const map = tagIds[t.country as Country];
    if (map && !map.has(t.title)) map.set(t.title, Number(t.id));
  }
  const rows = await db
    .selectFrom('products')
    .select(['country', 'product_id'])
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const p of rows) products[p.country as Country]?.push(p.product_id);
  return { tagIds, products };
}
