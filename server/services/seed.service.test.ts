import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { createTestApp, describeEngines } from '../../tests/helpers/test-app.ts';
import { openDatabase } from '../db/connection.ts';
import { COUNTRIES } from '../../contract/constants.ts';
import { createAccount } from '../db/account.repository.ts';
import type { Database } from '../db/connection.ts';
import { seedWorkspace } from '../seed/workspace-seed.ts';
import { insertRows } from '../seed/bulk.ts';
import { STATUS_TOUR } from '../seed/invitations.ts';
import { seedIfEmpty, seedAnchor } from './seed.service.ts';
import { DEMO_ACCOUNTS } from './demo.ts';

const ANCHOR = seedAnchor(1_790_000_000);
const CREATORS = 1500;

async function newWorkspace(database: Database, name: string): Promise<number> {
  const user = await createAccount(database.db, {
    email: `${name}@seed.test`,
    member_name: name,
    password_hash: 'x',
    region: 'en-us',
  });
  return user.workspace_id;
}

/** A digest of a workspace's creators in (country, unique_id) order, ids and workspace left out. */
async function creatorDigest(database: Database, workspaceId: number): Promise<string> {
  const rows = await database.db
    .selectFrom('creators')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('country')
    .orderBy('unique_id')
    .execute();
  const hash = crypto.createHash('sha256');
  for (const { id: _id, workspace_id: _ws, ...rest } of rows) hash.update(JSON.stringify(rest));
  return hash.digest('hex');
}

const count = async (database: Database, table: 'creators' | 'tags' | 'invitations', ws: number) =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('workspace_id', '=', ws)
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEngines('demo seed', (t) => {
  let ws = 0;

  it('seeds both demo accounts on first start, and only then', async () => {
    const { database } = t();
    expect(await seedIfEmpty(database, { creators: CREATORS, anchor: ANCHOR })).toBe(true);
    const users = await database.db.selectFrom('users').select(['phone', 'email', 'workspace_id']).execute();
    const zh = users.find((u) => u.phone === DEMO_ACCOUNTS.zh.phone);
    const en = users.find((u) => u.email === DEMO_ACCOUNTS.en.email);
    expect(zh && en && zh.workspace_id !== en.workspace_id).toBe(true);
    ws = en!.workspace_id;
    expect(await count(database, 'creators', ws)).toBe(CREATORS);
    expect(await count(database, 'creators', zh!.workspace_id)).toBe(CREATORS);
    expect(await creatorDigest(database, ws)).not.toBe(await creatorDigest(database, zh!.workspace_id));

    expect(await seedIfEmpty(database, { creators: CREATORS, anchor: ANCHOR })).toBe(false);
    expect(await database.db.selectFrom('users').select('id').execute()).toHaveLength(2);
    expect(await count(database, 'creators', ws)).toBe(CREATORS);
  });

  it('lets only one of two servers starting together seed', async () => {
    const fresh = await createTestApp(t().engine);
    // Two servers on one PostgreSQL are two pools; SQLite serves one process, so overlapping calls.
    const second =
      fresh.engine === 'postgres'
        ? openDatabase({ dataDir: fresh.config.dataDir, databaseUrl: fresh.config.databaseUrl })
        : fresh.database;
    try {
      const results = await Promise.all([
        seedIfEmpty(fresh.database, { creators: 200, anchor: ANCHOR }),
        seedIfEmpty(second, { creators: 200, anchor: ANCHOR }),
      ]);
      expect(results.sort()).toEqual([false, true]);
      expect(await fresh.database.db.selectFrom('users').select('id').execute()).toHaveLength(2);
      const all = await fresh.database.db.selectFrom('creators').select('id').execute();
      expect(all).toHaveLength(400);
    } finally {
      if (second !== fresh.database) await second.close();
      // pg's pool.end() resolves before its sockets close; the harness then drops the database
      // with force, which would hit a closing connection. Let them close first.
      await fresh.database.close();
      await new Promise((r) => setTimeout(r, 300));
      await fresh.close();
    }
  });

  it('produces identical rows for the same seed', async () => {
    const { database } = t();
    const a = await newWorkspace(database, 'same-a');
    const b = await newWorkspace(database, 'same-b');
    const c = await newWorkspace(database, 'other');
    await seedWorkspace(database, a, { creators: 800, seed: 42, anchor: ANCHOR });
    await seedWorkspace(database, b, { creators: 800, seed: 42, anchor: ANCHOR });
    await seedWorkspace(database, c, { creators: 800, seed: 43, anchor: ANCHOR });
    expect(await creatorDigest(database, a)).toBe(await creatorDigest(database, b));
    expect(await creatorDigest(database, a)).not.toBe(await creatorDigest(database, c));
  });

  it('fills every country, status and sub-status', async () => {
    const { db } = t().database;
    const perCountry = await db
      .selectFrom('creators')
      .select(['country', (eb) => eb.fn.countAll().as('n')])
      .where('workspace_id', '=', ws)
      .groupBy('country')
      .execute();
    for (const c of COUNTRIES)
      expect(Number(perCountry.find((r) => r.country === c)?.n ?? 0)).toBeGreaterThan(0);
    for (const table of ['tags', 'chat_templates', 'products', 'topics'] as const) {
      const countries = await db
        .selectFrom(table)
        .select('country')
        .distinct()
        .where('workspace_id', '=', ws)
        .execute();
      expect(countries.map((r) => r.country).sort()).toEqual([...COUNTRIES].sort());
    }
    const steps = await db
      .selectFrom('invitations')
      .select(['status', 'sub_status'])
      .distinct()
      .where('workspace_id', '=', ws)
      .execute();
    const seen = steps.map((s) => `${s.status}/${s.sub_status}`);
    for (const [status, sub] of STATUS_TOUR) expect(seen).toContain(`${status}/${sub}`);
    expect(seen.filter((s) => s.startsWith('3/null'))).toEqual([]);
    const invited = await db
      .selectFrom('creators')
      .innerJoin('invitations', (j) =>
        j
          .onRef('invitations.workspace_id', '=', 'creators.workspace_id')
          .onRef('invitations.country', '=', 'creators.country')
          .onRef('invitations.unique_id', '=', 'creators.unique_id'),
      )
      .select(['creators.is_invitation'])
      .where('creators.workspace_id', '=', ws)
      .execute();
    expect(invited.length).toBe(await count(t().database, 'invitations', ws));
    expect(invited.every((r) => r.is_invitation === 1)).toBe(true);
    const history = await db
      .selectFrom('invitation_history')
      .innerJoin('invitations', 'invitations.id', 'invitation_history.invitation_id')
      .select(['invitations.workspace_id'])
      .where('invitation_history.workspace_id', '=', ws)
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(invited.length);
    expect(history.every((h) => h.workspace_id === ws)).toBe(true);
  });

  it('blacklists exactly the creators flagged is_black', async () => {
    const { db } = t().database;
    const flagged = await db
      .selectFrom('creators')
      .select(['country', 'unique_id'])
      .where('workspace_id', '=', ws)
      .where('is_black', '=', 1)
      .execute();
    const listed = await db
      .selectFrom('blacklist')
      .select(['country', 'unique_id', 'reason'])
      .where('workspace_id', '=', ws)
      .execute();
    expect(flagged.length).toBeGreaterThan(0);
    const key = (r: { country: string; unique_id: string }) => `${r.country}/${r.unique_id}`;
    expect(listed.map(key).sort()).toEqual(flagged.map(key).sort());
    expect(listed.every((r) => r.reason.length > 0)).toBe(true);
  });

  it('tags creators only with tags of their workspace and country', async () => {
    const { db } = t().database;
    const links = await db
      .selectFrom('creator_tags')
      .innerJoin('creators', 'creators.id', 'creator_tags.creator_id')
      .leftJoin('tags', 'tags.id', 'creator_tags.tag_id')
      .select([
        'creator_tags.workspace_id as link_ws',
        'creators.workspace_id as creator_ws',
        'creators.country as creator_country',
        'tags.workspace_id as tag_ws',
        'tags.country as tag_country',
      ])
      .where('creator_tags.workspace_id', '=', ws)
      .execute();
    expect(links.length).toBeGreaterThan(CREATORS / 10);
    for (const l of links) {
      expect([l.creator_ws, l.tag_ws]).toEqual([l.link_ws, l.link_ws]);
      expect(l.tag_country).toBe(l.creator_country);
    }
  });

  it("writes the zh-cn demo seller's own words in Chinese, and tags their creators with them", async () => {
    const { db } = t().database;
    const zh = await db
      .selectFrom('users')
      .select('workspace_id')
      .where('phone', '=', DEMO_ACCOUNTS.zh.phone)
      .executeTakeFirstOrThrow();
    const han = /[\u4e00-\u9fff]/;
    const of = async (table: 'tags' | 'chat_templates' | 'blacklist', column: 'title' | 'reason') =>
      (
        await db
          .selectFrom(table)
          .select(column)
          .where('workspace_id', '=', zh.workspace_id)
          .where('country', '=', 'US')
          .execute()
      ).map((r) => String((r as Record<string, unknown>)[column]));
    const tags = await of('tags', 'title');
    expect(tags.length).toBeGreaterThan(4);
    expect(tags.every((t) => han.test(t))).toBe(true);
    expect((await of('chat_templates', 'title')).every((t) => han.test(t))).toBe(true);
    expect((await of('blacklist', 'reason')).every((t) => han.test(t))).toBe(true);
    const tagged = await db
      .selectFrom('creator_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', zh.workspace_id)
      .executeTakeFirstOrThrow();
    expect(Number(tagged.n)).toBeGreaterThan(CREATORS / 10);
    // The English seller keeps English words.
    const en = await db.selectFrom('tags').select('title').where('workspace_id', '=', ws).execute();
    expect(en.some((t) => t.title === 'Top seller')).toBe(true);
  });

  it('stamps versions that increase batch by batch', async () => {
    const { db } = t().database;
    const { version_seq } = await db
      .selectFrom('workspaces')
      .select('version_seq')
      .where('id', '=', ws)
      .executeTakeFirstOrThrow();
    const creators = await db
      .selectFrom('creators')
      .select(['version', 'deleted_at'])
      .where('workspace_id', '=', ws)
      .orderBy('id')
      .execute();
    const versions = creators.map((c) => c.version);
    expect(versions.every((v, i) => v > 0 && v <= version_seq && (i === 0 || v >= versions[i - 1]!))).toBe(
      true,
    );
    expect(new Set(versions).size).toBeGreaterThanOrEqual(2); // 1,500 creators → two batches
    expect(creators.every((c) => c.deleted_at === null)).toBe(true);
    for (const table of [
      'tags',
      'chat_templates',
      'products',
      'topics',
      'invitations',
      'blacklist',
    ] as const) {
      const rows = await db
        .selectFrom(table)
        .select(['version', 'deleted_at'])
        .where('workspace_id', '=', ws)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.version > 0 && r.version <= version_seq && r.deleted_at === null)).toBe(
        true,
      );
    }
  });

  it('appends new creators to a seeded workspace without touching the catalog', async () => {
    const { database } = t();
    const tags = await count(database, 'tags', ws);
    const before = await count(database, 'creators', ws);
    await seedWorkspace(database, ws, { creators: 300, seed: 20260101, anchor: ANCHOR });
    expect(await count(database, 'creators', ws)).toBe(before + 300);
    expect(await count(database, 'tags', ws)).toBe(tags);
  });

  it('splits inserts larger than one statement allows', async () => {
    const { database } = t();
    const target = await newWorkspace(database, 'bulk');
    // 4 values a row: SQLite takes 8,191 rows a statement, PostgreSQL 16,383.
    const rows = Array.from({ length: 17_000 }, (_, i) => ['US', `tag ${i}`, i, i]);
    const out = await insertRows(
      database.db,
      database.engine,
      'tags',
      ['country', 'title', 'add_time', 'update_time'],
      rows,
      {
        constants: { workspace_id: target, version: 1, deleted_at: null },
        returning: ['id'],
      },
    );
    expect(new Set(out.map((r) => r.id)).size).toBe(17_000);
    expect(await count(database, 'tags', target)).toBe(17_000);
  });
});
