/**
 * "Samples without content" is computed twice: by the server in SQL
 * (server/services/samples-overdue.service.ts) and by the query worker from the mirror
 * (src/workers/overdue-samples.ts). The same workspace, pulled through the real /sync/pull, goes to
 * both at moments around month ends in every shop time zone, and the answers must be equal: rows,
 * value at stake, post-by day, days overdue, order and total. The data has more overdue samples than
 * one answer holds, ties on the post-by moment, samples shipped just before and after a shop's
 * midnight at a month's end, and rows either list must leave out (a deleted plan, creator or
 * product, other stages, no sample time, another workspace's creator, an unknown country). Both
 * engines.
 */
import { beforeAll, expect, it } from 'vitest';
import { COUNTRIES } from '../../contract/constants.ts';
import { OVERDUE_LIST_MAX } from '../../contract/limits.ts';
import { shopDayStart } from '../../contract/shop-time.ts';
import { decodePull, type PullResponse, type PullWire } from '../../contract/sync.ts';
import { seedWorkspace } from '../../server/seed/workspace-seed.ts';
import { overdueSamples } from '../../server/services/samples-overdue.service.ts';
import { overdueFromMirror, type OverdueMirror } from '../../src/workers/overdue-samples.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

const ANCHOR = 1_772_000_000; // 2026-02-25
/** A small reproducible generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Month ends of 2026 (first day of the next month), the days samples ship around. */
const MONTH_STARTS = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01'];
const STAGES = [...Array<string>(9).fill('shipped'), 'posted', 'sample_approved', 'to_contact'];
const utc = (day: string, hours = 0) => Date.parse(`${day}T00:00:00Z`) / 1000 + hours * 3600;

describeEngines('samples without content: server and worker agree', (t) => {
  let mine: SignedIn;
  let page: PullResponse;

  beforeAll(async () => {
    const app = t();
    const db = app.database.db;
    mine = await app.signUp();
    const theirs = await app.signUp();
    await seedWorkspace(app.database, mine.workspaceId, { creators: 240, seed: 11, anchor: ANCHOR });
    await seedWorkspace(app.database, theirs.workspaceId, { creators: 5, seed: 12, anchor: ANCHOR });
    const ws = mine.workspaceId;
    const creators = (
      await db.selectFrom('creators').select('id').where('workspace_id', '=', ws).orderBy('id').execute()
    ).map((c) => Number(c.id));
    const theirCreator = Number(
      (
        await db
          .selectFrom('creators')
          .select('id')
          .where('workspace_id', '=', theirs.workspaceId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    const products = (
      await db.selectFrom('products').select('id').where('workspace_id', '=', ws).orderBy('id').execute()
    ).map((p) => Number(p.id));
    const theirProduct = await db
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', theirs.workspaceId)
      .executeTakeFirst();
    expect(creators.length).toBe(240);
    expect(products.length).toBeGreaterThan(3);
    const version = 1;
    // A deleted product (and another workspace's) named by a plan: neither list shows it.
    await db.updateTable('products').set({ deleted_at: ANCHOR }).where('id', '=', products[2]!).execute();
    // A deleted creator with shipped samples: left out.
    await db.updateTable('creators').set({ deleted_at: ANCHOR }).where('id', '=', creators[5]!).execute();

    const within = [1, 3, 7, 14, 30, 2, 10, 21];
    const planIds: number[] = [];
    const planRows = [
      ...COUNTRIES.map((country, i) => ({ country, within: within[i % within.length]!, deleted: false })),
      { country: 'US', within: 14, deleted: true },
      { country: 'XX', within: 5, deleted: false },
    ];
    for (const [i, p] of planRows.entries()) {
      const named = [
        products[i % products.length]!,
        products[2]!,
        ...(theirProduct ? [Number(theirProduct.id)] : []),
      ];
      const row = await db
        .insertInto('plans')
        .values({
          workspace_id: ws,
          version,
          deleted_at: p.deleted ? ANCHOR : null,
          name: `Plan ${i}`,
          country: p.country,
          product_ids: named.join(','),
          sample_cost: 10 + i * 1.005,
          shipping_cost: 3.335,
          post_within_days: p.within,
          chat_template_id: i,
          user_id: mine.userId,
          add_time: ANCHOR,
          update_time: ANCHOR,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      planIds.push(Number(row.id));
    }

    const rand = rng(41);
    const members: Record<string, unknown>[] = [];
    for (const plan of planIds)
      for (const creator of [...creators, theirCreator]) {
        if (rand() < 0.1) continue;
        const monthStart = MONTH_STARTS[Math.floor(rand() * MONTH_STARTS.length)]!;
        // Within a day either side of a month's first UTC midnight, often on a whole hour (ties).
        const offset =
          rand() < 0.5 ? Math.round((rand() - 0.5) * 48) * 3600 : Math.round((rand() - 0.5) * 172_800);
        members.push({
          workspace_id: ws,
          version,
          deleted_at: rand() < 0.03 ? ANCHOR : null,
          plan_id: plan,
          creator_id: creator,
          stage: STAGES[Math.floor(rand() * STAGES.length)]!,
          sample_time: rand() < 0.03 ? 0 : utc(monthStart) + offset,
          user_id: mine.userId,
          add_time: ANCHOR,
          update_time: ANCHOR,
        });
      }
    for (let i = 0; i < members.length; i += 200)
      await db
        .insertInto('plan_creators')
        .values(members.slice(i, i + 200) as any)
        .execute();

    const res = await app.call<PullWire>(
      'POST',
      '/sync/pull',
      { cursor: '', limit: 20_000 },
      { token: mine.token },
    );
    expect(res.code).toBe(200);
    expect(res.data.has_more).toBe(false);
    page = decodePull(res.data);
  }, 120_000);

  const mirror = (): OverdueMirror => ({
    plans: page.changes.plans,
    samples: page.changes.plan_creators,
    creators: new Map(page.changes.creators.map((c) => [c.id, c])),
    products: new Map(page.changes.products.map((p) => [p.id, p])),
  });

  // Moments around month ends: each shop's midnight and a second either side, and UTC hours.
  const moments: number[] = [];
  for (const day of ['2026-02-01', '2026-03-01', '2026-04-01', '2026-05-01', '2026-05-20'])
    for (const country of ['US', 'GB', 'ID', 'PH'] as const) {
      const start = shopDayStart(day, country);
      moments.push(start - 1, start);
    }
  moments.push(utc('2026-02-28', 23.5), utc('2026-03-31', 7.5), utc('2026-04-30', 16.25));

  it('gives the same rows, values, days overdue, order and total at every moment', async () => {
    const db = t().database.db;
    let overflowed = 0;
    let overdue = 0;
    for (const at of moments) {
      const server = await overdueSamples(db, mine.workspaceId, undefined, at);
      const worker = overdueFromMirror(mirror(), at);
      expect(worker.total, `total at ${at}`).toBe(server.total);
      expect(worker.rows, `rows at ${at}`).toEqual(server.rows);
      if (server.total > OVERDUE_LIST_MAX) overflowed++;
      overdue += server.rows.length;
    }
    // The data reaches both edges: empty answers early, more than one answer holds later.
    expect(overflowed).toBeGreaterThan(0);
    expect(overdue).toBeGreaterThan(0);
    expect((await overdueSamples(db, mine.workspaceId, undefined, moments[0]!)).total).toBeLessThan(
      OVERDUE_LIST_MAX,
    );
  });

  it("agrees for one plan's samples", async () => {
    const db = t().database.db;
    const at = utc('2026-04-01', 9);
    for (const plan of page.changes.plans) {
      if (plan.country === 'XX') continue;
      const server = await overdueSamples(db, mine.workspaceId, plan.id, at);
      expect(overdueFromMirror(mirror(), at, plan.id), plan.name).toEqual(server);
    }
  });
});
