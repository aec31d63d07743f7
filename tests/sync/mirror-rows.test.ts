/**
 * The mirror's row types (contract/sync-rows.ts) against what the server sends: a seeded workspace
 * is pulled through the real server on both engines and every table's rows are parsed with their
 * schema, strictly (a renamed or added column fails), and each schema's columns are held to the
 * server's column types (text, integer, double, nullable), so a changed type fails even for a
 * table the seed leaves empty.
 */
import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { SYNC_ROWS } from '../../contract/sync-rows.ts';
import { SYNC_TABLES, decodePull, type PullResponse, type PullWire } from '../../contract/sync.ts';
import { seedWorkspace } from '../../server/seed/workspace-seed.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

/** Columns the pull leaves out (server/services/sync.service.ts SERVER_ONLY). */
const SERVER_ONLY = new Set(['workspace_id', 'deleted_at', 'text_version', 'text_user_id']);

type Kind = 'text' | 'int' | 'double';
const SQL_KINDS: Record<string, Kind> = {
  text: 'text',
  bigint: 'int',
  int8: 'int',
  integer: 'int',
  int4: 'int',
  'double precision': 'double',
  float8: 'double',
  real: 'double',
};

/** What a column's schema says it holds, in the server's words. */
function kindOf(schema: z.ZodType): { kind: Kind | 'other'; nullable: boolean } {
  let s = schema;
  let nullable = false;
  if (s instanceof z.ZodNullable) {
    nullable = true;
    s = s.unwrap() as z.ZodType;
  }
  if (s instanceof z.ZodString || s instanceof z.ZodEnum) return { kind: 'text', nullable };
  if (s instanceof z.ZodNumber) return { kind: s.isInt ? 'int' : 'double', nullable };
  return { kind: 'other', nullable };
}

describeEngines('mirror rows', (t) => {
  let who: SignedIn;
  let page: PullResponse;

  beforeAll(async () => {
    const app = t();
    who = await app.signUp();
    await seedWorkspace(app.database, who.workspaceId, { creators: 40, seed: 7, anchor: 1_790_000_000 });
    const { token } = who;
    const call = async (method: string, path: string, body: Record<string, unknown>) => {
      const res = await app.call(method, path, body, { token });
      expect(res.code, `${path}: ${res.msg}`).toBe(200);
      return res.data;
    };
    // The tables the seed leaves empty get a row through their own calls.
    const first = await app.database.db
      .selectFrom('creators')
      .select(['id', 'country'])
      .where('workspace_id', '=', who.workspaceId)
      .where('country', '=', 'US')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const creatorId = Number(first.id);
    await call('POST', '/creator/note.add', { creator_id: creatorId, content: 'Likes cats' });
    await call('POST', '/creator/followup.add', {
      creator_id: creatorId,
      due_date: '2026-12-01',
      text: 'Ask',
    });
    await call('POST', '/view/add', { title: 'Big', query: 'followerCountMin=1000' });
    const plan = await call('POST', '/plan/add', { name: 'Spring', country: 'US', budget: 120.5 });
    await call('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: creatorId });
    await call('PUT', '/plan/quota', { weekly_quota: 50 });
    await call('POST', '/plan/sale.add', {
      creator_id: creatorId,
      product_id: '1729000000000000001',
      gmv: 19.99,
      units: 2,
      commission: 2.5,
      day: '2026-11-20',
      ref: '12345',
    });
    await call('POST', '/content/add', {
      country: 'US',
      link: 'https://www.tiktok.com/@mirror_rows/video/7300000000000000001',
      plan_id: plan.id,
      product_ids: '1729000000000000001',
      post_time: 1_790_000_000,
    });
    await call('POST', '/plan/cost.add', {
      plan_id: plan.id,
      creator_id: creatorId,
      kind: 'fee',
      amount: '120.50',
      start_date: '2026-11-20',
      note: 'Unboxing',
    });
    const res = await app.call<PullWire>('POST', '/sync/pull', { cursor: '', limit: 20_000 }, { token });
    expect(res.code).toBe(200);
    page = decodePull(res.data);
  });

  it('sends each table with exactly the columns its schema names', async () => {
    const tables = await t().database.db.introspection.getTables();
    for (const table of SYNC_TABLES) {
      const columns = tables
        .find((x) => x.name === table)!
        .columns.map((c) => c.name)
        .filter((c) => !SERVER_ONLY.has(c));
      expect(columns.sort(), table).toEqual(Object.keys(SYNC_ROWS[table].shape).sort());
    }
  });

  it("types each column as the server's column holds it", async () => {
    const tables = await t().database.db.introspection.getTables();
    const differ: string[] = [];
    for (const table of SYNC_TABLES) {
      const shape = SYNC_ROWS[table].shape as Record<string, z.ZodType>;
      for (const col of tables.find((x) => x.name === table)!.columns) {
        if (SERVER_ONLY.has(col.name)) continue;
        const sql = SQL_KINDS[col.dataType.toLowerCase()];
        // The id column is the key: NOT NULL whatever the engine's introspection says of it.
        const nullable = col.name === 'id' ? false : col.isNullable;
        const said = kindOf(shape[col.name]!);
        if (said.kind !== sql || said.nullable !== nullable)
          differ.push(`${table}.${col.name}: ${col.dataType}${nullable ? ' null' : ''} vs ${said.kind}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('parses every pulled row of every table with its schema', () => {
    const filled: string[] = [];
    for (const table of SYNC_TABLES) {
      const strict = SYNC_ROWS[table].strict();
      for (const row of page.changes[table]) {
        // A creator's tags travel apart from its columns (decodePull adds them).
        const { tags: _tags, ...columns } = row as Record<string, unknown>;
        const parsed = strict.safeParse(columns);
        expect(parsed.error?.issues, `${table} #${row.id}`).toBeUndefined();
      }
      if (page.changes[table].length) filled.push(table);
    }
    expect(filled.sort()).toEqual(
      [
        'creators',
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
        'plans',
        'plan_creators',
        'workspace_settings',
        'creator_sales',
        'contents',
        'plan_costs',
      ].sort(),
    );
  });

  it('refuses a row whose column was renamed or changed type', () => {
    const note = page.changes.creator_notes[0]!;
    const { content, ...rest } = note;
    expect(SYNC_ROWS.creator_notes.strict().safeParse({ ...rest, body: content }).success).toBe(false);
    expect(
      SYNC_ROWS.creator_notes.strict().safeParse({ ...note, add_time: String(note.add_time) }).success,
    ).toBe(false);
  });
});
