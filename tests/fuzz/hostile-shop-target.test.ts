/**
 * Hostile `shop` values at /shop/target.create in a workspace with two connected shops in the plan's
 * country, as JSON and as a form, the rest of the body valid: never a 5xx; without a usable shop id
 * the call is refused (40001 naming the choice, 40004 for no such shop of this workspace) and
 * nothing reaches TikTok; TikTok is called only for one of this workspace's own shops, and the
 * request is stored under the shop named. Both engines; seed FUZZ_SEED, runs FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHarness, type SimHarness } from '../helpers/sim-harness.ts';
import { targetPlan, type TargetPlan } from '../helpers/target-plan.ts';
import type { SignedIn } from '../helpers/test-app.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 4;
const formText = (v: unknown): string => (v && typeof v === 'object' ? JSON.stringify(v) : String(v));

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`hostile shop choice at target.create [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    let other: SignedIn;
    let own: number[] = [];
    let foreign = 0;
    let plan: TargetPlan;
    beforeAll(async () => {
      h = await createSimHarness(engine, { secondUsShop: true });
      me = await h.app.signUp({ name: 'Fuzz inviter' });
      other = await h.app.signUp({ name: 'Fuzz other' });
      expect((await h.connect(me)).get('connected')).toBe('2');
      expect((await h.connect(other)).get('connected')).toBe('2');
      const rows = await h.app.database.db
        .selectFrom('shop_connections')
        .select(['id', 'workspace_id', 'shop_id'])
        .execute();
      own = rows.filter((r) => Number(r.workspace_id) === me.workspaceId).map((r) => Number(r.id));
      foreign = Number(rows.find((r) => Number(r.workspace_id) === other.workspaceId)!.id);
      const glow = Number(
        rows.find((r) => Number(r.workspace_id) === me.workspaceId && r.shop_id === h.shopId)!.id,
      );
      plan = await targetPlan(h, me, {
        handles: ['fuzz_target_a'],
        productIdx: 1,
        connectionId: glow,
        userIdPrefix: '79',
      });
    });
    afterAll(() => h.close());

    it('random and malicious shop ids: no 5xx, TikTok called only for an own shop', async () => {
      const shop = fc.oneof(
        { arbitrary: fc.constantFrom<unknown>(...own, ...own.map(String)), weight: 2 },
        fc.constantFrom<unknown>(foreign, 0, -1, 2 ** 53, '1e3', ' 7', '', undefined),
        fc.constantFrom<unknown>(...SQL_PAYLOADS, ...SCRIPT_PAYLOADS),
        hostileValue,
      );
      const seen = { total: 0, sent: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(shop, fc.boolean(), async (s, asForm) => {
          seen.total += 1;
          const calls = h.sim.control.calls().filter((c) => c.endpoint === 'target.create').length;
          const key = `fz${Math.random().toString(36).slice(2, 14)}`;
          const body: Record<string, unknown> = {
            plan_id: plan.planId,
            request_key: key,
            name: 'Fuzz',
            end_time: Math.floor(h.clock.ms / 1000) + 14 * 86_400,
            products: [{ id: plan.productId, rate: 12 }],
            creator_ids: plan.creatorIds,
            email: 'team@example.com',
            shop: s,
          };
          const res = await h.app.app.inject({
            method: 'POST',
            url: '/api/v0.1/shop/target.create',
            headers: {
              token: me.token,
              'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            payload: asForm
              ? new URLSearchParams(
                  Object.entries(body).flatMap(([k, v]) =>
                    k === 'products'
                      ? [
                          ['products[0][id]', String(plan.productId)],
                          ['products[0][rate]', '12'],
                        ]
                      : Array.isArray(v)
                        ? v.map((x) => [`${k}[]`, formText(x)])
                        : [[k, formText(v)]],
                  ),
                ).toString()
              : JSON.stringify(body),
          });
          expect(res.statusCode, res.payload.slice(0, 300)).toBeLessThan(500);
          const out = JSON.parse(res.payload) as { code: number };
          const after = h.sim.control.calls().filter((c) => c.endpoint === 'target.create').length;
          const stored = await h.app.database.db
            .selectFrom('shop_target_requests')
            .select('connection_id')
            .where('request_key', '=', key)
            .executeTakeFirst();
          if (out.code !== 200) {
            seen.refused += 1;
            expect([40001, 40004, 40009]).toContain(out.code);
            expect(after).toBe(calls);
            expect(stored).toBeUndefined();
            return;
          }
          expect(stored).toBeDefined();
          expect(own).toContain(Number(stored!.connection_id));
          expect(after - calls).toBe(1);
          seen.sent += 1;
        }),
        { seed: SEED, numRuns: RUNS },
      );
      // The runs reached both sides: some went to TikTok, some were refused.
      expect(seen.sent, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(seen.refused, JSON.stringify(seen)).toBeGreaterThan(0);
    }, 240_000);
  });
}
