/**
 * The ledger's first answer carries one page of lines with the whole ledger's totals, count and
 * charts summed in the database (ledger.service.ts). Property: for any lines and any page size,
 * the pages read one after another (by key, `after` = the last answer's `next`, and by `offset` as
 * installed apps still ask) are the whole ledger laid out from every line (ledger.ts), and the
 * totals, count and per-week and per-video GMV are the ones the screen summed from every line
 * before (src/features/ledger/ledger-rules.ts, gmvPerWeek and gmvPerVideo, restated below), for a
 * creator and for the whole plan, on both engines.
 *
 * Second property: order lines added and removed between page reads (a sync, an import) never
 * make a page by key repeat or skip a line that was there when the first page was read and is
 * still there, and each page's lines, running totals included, are those of the ledger as it was
 * when that page was read. The same property fails for pages by offset (shown below).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { LedgerLine } from '../../contract/schemas/ledger.ts';
import { shopDayStart } from '../../contract/shop-time.ts';
import { addCreators } from '../../tests/helpers/sync-fixtures.ts';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { planLedger } from './ledger.service.ts';
import { inputOf, ledgerLines } from './ledger.ts';
import { planMoneyInput } from './plan-money.service.ts';

const VIDEO = '7312345678900000001';
const T0 = 1_773_144_000;
/** What the screen summed from every line: positive sale GMV per shop week's Monday and per video. */
function screenSums(lines: readonly LedgerLine[]) {
  const weeks = new Map<number, number>();
  const videos = new Map<string, number>();
  for (const l of lines) {
    if (l.kind !== 'sale' || l.gmv_cents <= 0) continue;
    if (l.day) {
      const t = Date.parse(`${l.day}T00:00:00Z`) / 1000;
      const week = t - ((new Date(t * 1000).getUTCDay() + 6) % 7) * 86_400;
      weeks.set(week, (weeks.get(week) ?? 0) + l.gmv_cents);
    }
    if (l.video_id) videos.set(l.video_id, (videos.get(l.video_id) ?? 0) + l.gmv_cents);
  }
  return {
    weeks: [...weeks].sort((a, b) => a[0] - b[0]).map(([week, gmv_cents]) => ({ week, gmv_cents })),
    videos: [...videos]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([video_id, gmv_cents]) => ({ video_id, gmv_cents })),
  };
}

const DAYS = ['2026-03-01', '2026-03-08', '2026-03-09', '2026-03-16', '2026-11-01', '2026-11-02'];

describeEngines('the ledger in pages', (t) => {
  /** A plan of two shipped creators with a video, a fee, an ad spend and a retainer. */
  async function setUp() {
    const a = await t().signUp();
    const db = t().database.db;
    const ids = await addCreators(db, a.workspaceId, 2, { prefix: 'pg' });
    await db
      .insertInto('products')
      .values({
        workspace_id: a.workspaceId,
        version: 1,
        deleted_at: null,
        product_id: '1729001',
        product_title: 'Lamp',
        category: '',
        product_img: '',
        country: 'US',
        add_time: T0,
        update_time: T0,
      })
      .execute();
    const product = await db
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', a.workspaceId)
      .executeTakeFirstOrThrow();
    const call = (path: string, body: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
      t().call(method, path, body, { token: a.token });
    const plan = await call('/plan/add', {
      name: 'Pages',
      country: 'US',
      product_ids: [Number(product.id)],
      sample_cost: 10,
      shipping_cost: 5,
    });
    expect(plan.code, JSON.stringify(plan)).toBe(200);
    const planId = plan.data.id as number;
    expect((await call('/plan/creator.add', { plan_id: planId, creator_ids: ids })).code).toBe(200);
    expect(
      (await call('/plan/creator.stage', { plan_id: planId, creator_ids: ids, stage: 'shipped' }, 'PUT'))
        .code,
    ).toBe(200);
    const video = await call('/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@pg0/video/${VIDEO}`,
      plan_id: planId,
    });
    expect(video.code, JSON.stringify(video)).toBe(200);
    for (const c of [
      { creator_id: ids[1], kind: 'fee', amount: '200.25', start_date: '2026-03-09' },
      {
        creator_id: ids[0],
        kind: 'ad',
        amount: 40,
        start_date: '2026-03-08',
        content_id: video.data.id,
        channel: 'spark',
      },
      {
        creator_id: ids[0],
        kind: 'retainer',
        amount: 1000,
        start_date: '2026-02-16',
        end_date: '2026-05-31',
      },
    ])
      expect((await call('/plan/cost.add', { plan_id: planId, ...c })).code).toBe(200);

    return { a, db, ids, planId };
  }

  async function insertLines(
    db: Awaited<ReturnType<typeof setUp>>['db'],
    ws: number,
    lines: readonly { creator: number; void: number; time: number; content: string; gmv: number }[],
    first: number,
  ) {
    if (lines.length)
      await db
        .insertInto('orders')
        .values(
          lines.map((l, i) => ({
            workspace_id: ws,
            layout: 'affiliate',
            order_id: String(first + i),
            sku_id: '1',
            content_id: l.content,
            product_id: '1729001',
            creator: `pg${l.creator}`,
            country: 'US',
            currency: 'USD',
            status: 'Settled',
            quantity: 1,
            void: l.void,
            // Same-second sales keep their order by id on every page.
            created_time: l.time,
            add_time: T0,
            update_time: T0,
            gmv: l.gmv / 100,
            commission: Math.abs(l.gmv) / 1000,
          })),
        )
        .execute();
  }

  const edges = [0, 1, 4_102_444_800];
  for (const d of DAYS) {
    const s = shopDayStart(d, 'US');
    edges.push(s - 1, s, s + 1);
  }
  const line = fc.record({
    creator: fc.integer({ min: 0, max: 1 }),
    void: fc.constantFrom(0, 0, 0, 1),
    time: fc.oneof(fc.constantFrom(...edges), fc.integer({ min: 1_767_225_600, max: 1_798_761_600 })),
    content: fc.constantFrom(VIDEO, '', '7399999999999999999'),
    gmv: fc.integer({ min: -2_000, max: 50_000 }),
  });

  it('pages add up to the whole ledger; totals, count and charts equal the sums of every line', async () => {
    const { a, db, ids, planId } = await setUp();
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 0, maxLength: 40 }),
        fc.integer({ min: 1, max: 9 }),
        fc.boolean(),
        async (lines, limit, wholePlan) => {
          await db.deleteFrom('orders').where('workspace_id', '=', a.workspaceId).execute();
          await insertLines(db, a.workspaceId, lines, 9000);
          const creatorId = wholePlan ? 0 : ids[0]!;
          const old = ledgerLines(
            inputOf(await planMoneyInput(db, a.workspaceId, planId, creatorId, 'each'), creatorId),
          );
          const scope = wholePlan ? { plan_id: planId } : { creator_id: creatorId };
          const first = await planLedger(db, a.workspaceId, { ...scope, limit });
          // By key: each `next` the last line's key, null on the last page.
          const pages: LedgerLine[] = [...first.lines];
          for (let next = first.next; next !== null;) {
            expect(next).toBe(pages.at(-1)!.key);
            const page = await planLedger(db, a.workspaceId, { ...scope, after: next, limit });
            expect(page.lines.length).toBeGreaterThan(0);
            expect(page.offset).toBe(pages.length);
            expect(page.total).toEqual(first.total);
            pages.push(...page.lines);
            next = page.next;
          }
          expect(pages).toEqual(old.lines);
          // By offset, as installed apps ask.
          const byOffset: LedgerLine[] = [...first.lines];
          while (byOffset.length < first.lines_total) {
            const page = await planLedger(db, a.workspaceId, { ...scope, offset: byOffset.length, limit });
            expect(page.lines.length).toBeGreaterThan(0);
            byOffset.push(...page.lines);
          }
          expect(byOffset).toEqual(old.lines);
          expect(first.lines.length).toBe(Math.min(limit, old.lines.length));
          expect(first.lines_total).toBe(old.lines.length);
          expect(new Set(old.lines.map((l) => l.key)).size).toBe(old.lines.length);
          expect(first.total).toEqual(old.total);
          const screen = screenSums(old.lines);
          expect(first.weeks).toEqual(screen.weeks);
          expect(first.videos).toEqual(screen.videos);
        },
      ),
      { numRuns: 25, seed: 41_041 },
    );
  });

  /**
   * Reads every page, adding `adds[i]` and removing the rows at `drops[i]` (indices into the live
   * order lines) after page i. Returns what went wrong, '' when nothing did: a line read twice, a
   * line there from the first read to the last not read, lines out of order, or a page's line (its
   * running totals included) other than the ledger's as it was when the page was read.
   */
  async function readWhileSyncing(
    env: Awaited<ReturnType<typeof setUp>>,
    by: 'key' | 'offset',
    start: Parameters<typeof insertLines>[2],
    changes: readonly { adds: Parameters<typeof insertLines>[2]; drops: number[] }[],
    limit: number,
    wholePlan: boolean,
  ): Promise<string> {
    const { a, db, ids, planId } = env;
    const ws = a.workspaceId;
    await db.deleteFrom('orders').where('workspace_id', '=', ws).execute();
    await insertLines(db, ws, start, 9000);
    const creatorId = wholePlan ? 0 : ids[0]!;
    const scope = wholePlan ? { plan_id: planId } : { creator_id: creatorId };
    const now = async () =>
      ledgerLines(inputOf(await planMoneyInput(db, ws, planId, creatorId, 'each'), creatorId)).lines;
    // A line's identity: its kind and key but for a sale, whose order id is unique here.
    const id = (l: LedgerLine) => (l.kind === 'sale' ? `sale ${l.ref}` : `${l.kind} ${l.key}`);
    const there = new Set((await now()).map(id));
    const read: LedgerLine[] = [];
    let next: string | null = null;
    let serial = 20_000;
    for (let i = 0; ; i++) {
      const page = await planLedger(db, ws, {
        ...scope,
        limit,
        ...(i === 0 ? {} : by === 'key' ? { after: next! } : { offset: read.length }),
      });
      const ledger = new Map((await now()).map((l) => [id(l), l]));
      for (const l of page.lines)
        if (JSON.stringify(ledger.get(id(l))) !== JSON.stringify(l))
          return `page ${i}: ${JSON.stringify(l)} is not the ledger's ${JSON.stringify(ledger.get(id(l)))}`;
      read.push(...page.lines);
      next = page.next;
      const done = by === 'key' ? next === null : read.length >= page.lines_total || !page.lines.length;
      if (done) break;
      const change = changes[i % Math.max(changes.length, 1)];
      if (change) {
        await insertLines(db, ws, change.adds, serial);
        serial += change.adds.length;
        const live = await db
          .selectFrom('orders')
          .select('id')
          .where('workspace_id', '=', ws)
          .orderBy('id')
          .execute();
        const gone = [...new Set(change.drops.map((d) => live[d % Math.max(live.length, 1)]?.id))].filter(
          (x) => x !== undefined,
        );
        if (gone.length) await db.deleteFrom('orders').where('id', 'in', gone).execute();
      }
      if (i > 500) return 'no end';
    }
    const ids_ = read.map(id);
    if (new Set(ids_).size !== ids_.length) return `a line read twice: ${ids_.join(', ')}`;
    const still = new Set((await now()).map(id));
    const missed = [...there].filter((x) => still.has(x) && !ids_.includes(x));
    if (missed.length) return `not read: ${missed.join(', ')}`;
    return '';
  }

  const changes = fc.array(
    fc.record({
      adds: fc.array(line, { maxLength: 4 }),
      drops: fc.array(fc.nat({ max: 60 }), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  );
  const syncing = (env: Awaited<ReturnType<typeof setUp>>, by: 'key' | 'offset') =>
    fc.asyncProperty(
      fc.array(line, { minLength: 1, maxLength: 30 }),
      changes,
      fc.integer({ min: 1, max: 6 }),
      fc.boolean(),
      async (start, change, limit, wholePlan) => {
        const wrong = await readWhileSyncing(env, by, start, change, limit, wholePlan);
        expect(wrong).toBe('');
      },
    );

  it(
    'lines added and removed between pages: by key no line is repeated or skipped, and each page is the ledger of its moment',
    { timeout: 120_000 },
    async () => {
      const env = await setUp();
      await fc.assert(syncing(env, 'key'), { numRuns: 30, seed: 55_055 });
    },
  );

  it(
    'the same changes make pages by offset repeat or skip a line (the defect paging by key mends)',
    { timeout: 120_000 },
    async () => {
      const env = await setUp();
      // The first failing case is enough: shrinking it would only take time.
      const out = await fc.check(syncing(env, 'offset'), { numRuns: 30, seed: 55_055, endOnFailure: true });
      expect(out.failed).toBe(true);
    },
  );
});
