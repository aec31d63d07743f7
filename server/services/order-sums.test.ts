/**
 * The counted rule in SQL (order-sums.ts countedInSql, read by /plan/money and the ledger) keeps
 * exactly the lines countedKeys keeps (the rule the sums are written with), on both engines: void
 * lines, affiliate lines an all-orders line voids, all-orders lines an affiliate line covers.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { countedInSql, countedKeys, groupsWithin } from './order-sums.ts';

const line = fc.record({
  layout: fc.constantFrom('affiliate', 'all_orders'),
  order: fc.constantFrom('581', '582', '583'),
  sku: fc.constantFrom('1', '2'),
  content: fc.constantFrom('', '7301'),
  product: fc.constantFrom('p1', 'p2'),
  void: fc.constantFrom(0, 0, 1),
});

describeEngines('the counted rule in SQL', (t) => {
  let workspace = 900_000;
  it('keeps the same lines as countedKeys, line for line', async () => {
    const db = t().database.db;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 24 }), async (drafts) => {
        const ws = ++workspace;
        const seen = new Set<string>();
        const rows = drafts
          .map((d) => ({
            workspace_id: ws,
            layout: d.layout,
            order_id: d.order,
            sku_id: d.sku,
            content_id: d.content,
            product_id: d.product,
            creator: 'ann',
            country: 'US',
            currency: 'USD',
            status: d.void ? 'Cancelled' : 'Settled',
            quantity: 1,
            void: d.void,
            created_time: 1_770_000_000,
            add_time: 0,
            update_time: 0,
            gmv: 10,
            commission: 1,
          }))
          .filter((r) => {
            const key = `${r.layout}|${r.order_id}|${r.sku_id}|${r.content_id}|${r.product_id}`;
            return !seen.has(key) && !!seen.add(key);
          });
        if (rows.length) await db.insertInto('orders').values(rows).execute();
        const cols = ['o.id', 'o.layout', 'o.order_id', 'o.sku_id', 'o.void'] as const;
        const all = await db
          .selectFrom('orders as o')
          .select(cols)
          .where('o.workspace_id', '=', ws)
          .execute();
        const counts = await countedKeys(db, ws, all);
        const expected = all.filter(counts).map((r) => Number(r.id));
        const got = await db
          .selectFrom('orders as o')
          .select('o.id')
          .where('o.workspace_id', '=', ws)
          .where(countedInSql)
          .execute();
        expect(got.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });
});

it('groups creators for a week within the line budget, keeping every creator once and in order', () => {
  fc.assert(
    fc.property(
      fc.array(fc.nat(12_000), { maxLength: 60 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.integer({ min: 1, max: 20 }),
      (sizes, budget, most) => {
        const items = sizes.map((n, i) => ({ i, n }));
        const groups = groupsWithin(items, (x) => x.n, budget, most);
        expect(groups.flat()).toEqual(items);
        for (const g of groups) {
          expect(g.length).toBeGreaterThan(0);
          expect(g.length).toBeLessThanOrEqual(most);
          if (g.length > 1) expect(g.reduce((s, x) => s + x.n, 0)).toBeLessThanOrEqual(budget);
        }
        // A group closes only when the next item would not fit it.
        for (let k = 1; k < groups.length; k++) {
          const prev = groups[k - 1]!;
          const sum = prev.reduce((s, x) => s + x.n, 0);
          expect(prev.length >= most || sum + groups[k]![0]!.n > budget).toBe(true);
        }
      },
    ),
  );
});
