/**
 * The workspace's sample approval rules, on both engines against the TikTok Shop simulator: set and
 * read with every value bounded, each pending application judged with its figures, an approval a
 * rule refuses never reaches TikTok and leaves a history row naming the rule, and a cap holds when
 * several approvals arrive at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HANDLE_PATTERN, type Country } from '../../contract/constants.ts';
import { shopDay, shopDayStart } from '../../contract/shop-time.ts';
import { createSimHarness, type SimHarness } from '../../tests/helpers/sim-harness.ts';
import type { SignedIn } from '../../tests/helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`sample approval rules [${engine}]`, () => {
    let h: SimHarness;
    let me: SignedIn;
    beforeEach(async () => {
      h = await createSimHarness(engine, { samples: 120 });
      me = await h.app.signUp({ name: `Rules ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('1');
      await h.app.database.db
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('kind', '=', 'samples')
        .execute();
      await h.app.app.shop.sync.runDue();
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const apps = () => h.sim.control.sampleApplications(h.shopId);
    const reviewCalls = () => h.sim.control.calls().filter((c) => c.endpoint === 'samples.review').length;
    const call = (method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}, who = me) =>
      h.app.call(method, path, body, { token: who.token });
    const pending = async () => {
      const res = await call('GET', '/shop/samples.pending');
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data as { items: { application_id: string; verdicts: Record<string, unknown>[] }[] };
    };
    /** Pending applications TikTok allows approving, each of a distinct creator with a valid handle. */
    const approvable = () => {
      const seen = new Set<string>();
      return apps().filter((a) => {
        const ok =
          a.status === 'PENDING' &&
          a.is_approvable &&
          HANDLE_PATTERN.test(a.creator.username) &&
          !seen.has(a.creator.username);
        seen.add(a.creator.username);
        return ok;
      });
    };

    it('sets and reads the rules; a value that does not fit is refused and named', async () => {
      const empty = await call('GET', '/shop/sample-rules.get');
      expect(empty.data).toMatchObject({ min_fit: null, cap_day: null, price_cap: null, update_time: 0 });
      const set = await call('POST', '/shop/sample-rules.set', {
        min_fit: 60,
        min_gmv30: '1000.5',
        cap_day: 5,
        price_cap: '',
      });
      expect(set.code, JSON.stringify(set)).toBe(200);
      expect(set.data).toMatchObject({ min_fit: 60, min_gmv30: 1000.5, cap_day: 5, price_cap: null });
      expect((await call('GET', '/shop/sample-rules.get')).data).toMatchObject({
        min_fit: 60,
        cap_day: 5,
        cap_month: null,
        user_name: `Rules ${engine}`,
      });
      for (const [field, value] of [
        ['min_fit', 101],
        ['min_post_rate', -1],
        ['cap_day', 2.5],
        ['cap_month', 0],
        ['min_gmv30', 'lots'],
        ['price_cap', 1e12],
      ] as const) {
        const bad = await call('POST', '/shop/sample-rules.set', { [field]: value });
        expect(bad.code, `${field}=${value}`).toBe(40001);
        expect(bad.msg).toMatch(/must be/);
      }
      // Nothing the refused calls carried was stored.
      expect((await call('GET', '/shop/sample-rules.get')).data).toMatchObject({ min_fit: 60, cap_day: 5 });
      // Another workspace sees none of them.
      const other = await h.app.signUp({ name: 'Other' });
      expect((await call('GET', '/shop/sample-rules.get', {}, other)).data).toMatchObject({ min_fit: null });
    });

    it('judges each pending application, and an approval a rule refuses never reaches TikTok', async () => {
      const [a] = approvable();
      const creator = await db()
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', '=', a!.creator.username)
        .executeTakeFirstOrThrow();
      await db().updateTable('creators').set({ gmv_t30: 250 }).where('id', '=', creator.id).execute();
      expect((await pending()).items.every((i) => i.verdicts.length === 0)).toBe(true);
      await call('POST', '/shop/sample-rules.set', { min_gmv30: 1000, cap_day: 3 });
      const row = (await pending()).items.find((i) => i.application_id === a!.id)!;
      expect(row.verdicts).toEqual([
        { rule: 'min_gmv30', verdict: 'fail', value: 250, limit: 1000 },
        { rule: 'cap_day', verdict: 'pass', value: 0, limit: 3 },
      ]);
      const res = await call('POST', '/shop/samples.review', { application_ids: [a!.id], result: 'approve' });
      expect(res.data.results[0]).toMatchObject({ outcome: 'refused', code: 'rule_min_gmv30' });
      expect(res.data.results[0].msg).toContain('250');
      expect(reviewCalls()).toBe(0);
      const hist = await db()
        .selectFrom('shop_sample_reviews')
        .select(['rule', 'outcome', 'user_name'])
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect(hist).toEqual([{ rule: 'min_gmv30', outcome: 'refused', user_name: `Rules ${engine}` }]);
      // A rejection is the member's decision: no rule stands in its way.
      const rej = await call('POST', '/shop/samples.review', {
        application_ids: [a!.id],
        result: 'reject',
        reason: 'NOT_MATCH',
      });
      expect(rej.data.results[0]).toMatchObject({ outcome: 'done' });
    });

    it('ranks pending applications by fit, judges the fit rule with its figure, and enforces it', async () => {
      const [a, b, c] = approvable();
      // The three products in the catalogue, in one plan whose products are pet supplies.
      const rowIds: number[] = [];
      for (const productId of new Set([a, b, c].map((x) => x!.product.id))) {
        const add = await call('POST', '/product/add', {
          country: 'US',
          productId,
          productTitle: 'Pet bowl',
          productCategory: 'Pet Supplies',
          productImage: 'https://example.com/p.png',
        });
        expect(add.code, JSON.stringify(add)).toBe(200);
        rowIds.push(Number(add.data.id));
      }
      const plan = await call('POST', '/plan/add', { name: 'Pets', country: 'US', product_ids: rowIds });
      expect(plan.code, JSON.stringify(plan)).toBe(200);
      const numbers = (gmv: number, categorys: string) => ({
        gmv_t30: gmv,
        video_view_t30: gmv * 100,
        follower_count: gmv * 10,
        video_publish_t30: 20,
        video_engagement_t30: 5,
        categorys,
      });
      const set = async (handle: string, values: Record<string, unknown>) =>
        db()
          .updateTable('creators')
          .set(values)
          .where('workspace_id', '=', me.workspaceId)
          .where('unique_id', '=', handle)
          .execute();
      await set(a!.creator.username, numbers(90_000, 'Pet Supplies'));
      await set(b!.creator.username, numbers(3_000, 'Pet Supplies'));
      await set(c!.creator.username, numbers(50, 'Home Supplies'));

      const list = (await pending()).items as unknown as { application_id: string; fit: number | null }[];
      const fitOf = (x: { id: string }) => list.find((i) => i.application_id === x.id)!.fit!;
      expect(fitOf(a!)).toBeGreaterThan(fitOf(b!));
      expect(fitOf(b!)).toBeGreaterThan(fitOf(c!));
      // Best first, unknown last.
      const fits = list.map((i) => i.fit);
      const known = fits.filter((f) => f !== null);
      expect(known.length).toBeGreaterThanOrEqual(3);
      expect(fits.slice(0, known.length)).toEqual(known);
      expect(known).toEqual([...known].sort((x, y) => y - x));
      const order = list.map((i) => i.application_id);
      expect(order.indexOf(a!.id)).toBeLessThan(order.indexOf(b!.id));
      expect(order.indexOf(b!.id)).toBeLessThan(order.indexOf(c!.id));

      const limit = Math.round((fitOf(b!) + fitOf(c!)) / 2);
      await call('POST', '/shop/sample-rules.set', { min_fit: limit });
      const verdict = async (x: { id: string }) =>
        (await pending()).items.find((i) => i.application_id === x.id)!.verdicts;
      expect(await verdict(b!)).toEqual([{ rule: 'min_fit', verdict: 'pass', value: fitOf(b!), limit }]);
      expect(await verdict(c!)).toEqual([{ rule: 'min_fit', verdict: 'fail', value: fitOf(c!), limit }]);
      const res = await call('POST', '/shop/samples.review', {
        application_ids: [c!.id, a!.id],
        result: 'approve',
      });
      expect(res.data.results).toMatchObject([
        { application_id: c!.id, outcome: 'refused', code: 'rule_min_fit' },
        { application_id: a!.id, outcome: 'done' },
      ]);
      expect(res.data.results[0].msg).toContain(`fit for the plan is ${fitOf(c!)}`);
      expect(reviewCalls()).toBe(1);
      const hist = await db()
        .selectFrom('shop_sample_reviews')
        .select(['application_id', 'rule', 'outcome'])
        .where('workspace_id', '=', me.workspaceId)
        .orderBy('id')
        .execute();
      expect(hist).toEqual([
        { application_id: c!.id, rule: 'min_fit', outcome: 'refused' },
        { application_id: a!.id, rule: '', outcome: 'done' },
      ]);
    });

    it('a daily cap holds when several approvals arrive at once', async () => {
      const some = approvable().slice(0, 4);
      expect(some.length).toBe(4);
      await call('POST', '/shop/sample-rules.set', { cap_day: 2 });
      const answers = await Promise.all(
        some.map((a) => call('POST', '/shop/samples.review', { application_ids: [a.id], result: 'approve' })),
      );
      const outcomes = answers.map((r) => r.data.results[0] as { outcome: string; code: string });
      expect(outcomes.filter((o) => o.outcome === 'done')).toHaveLength(2);
      expect(outcomes.filter((o) => o.code === 'rule_cap_day')).toHaveLength(2);
      expect(reviewCalls()).toBe(2);
      expect(
        some.filter((a) => apps().find((b) => b.id === a.id)!.status === 'AWAITING_SHIPMENT'),
      ).toHaveLength(2);
      const rows = (await pending()).items.filter((i) => some.some((a) => a.id === i.application_id));
      expect(rows.map((r) => r.verdicts[0])).toEqual([
        { rule: 'cap_day', verdict: 'fail', value: 2, limit: 2 },
        { rule: 'cap_day', verdict: 'fail', value: 2, limit: 2 },
      ]);
    });

    it('caps count approvals in the shop’s own day', async () => {
      const [a, b] = approvable();
      const shop = await db()
        .selectFrom('shop_connections')
        .select('country')
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      const country = (shop.country || 'US') as Country;
      const now = Math.floor(Date.now() / 1000);
      const dayStart = shopDayStart(shopDay(now, country), country);
      const sample = await db()
        .selectFrom('shop_samples')
        .select(['connection_id', 'creator_id'])
        .where('application_id', '=', b!.id)
        .executeTakeFirstOrThrow();
      // An approval accepted a minute before the shop's midnight: yesterday, whatever UTC says.
      await db()
        .insertInto('shop_sample_reviews')
        .values({
          workspace_id: me.workspaceId,
          connection_id: sample.connection_id,
          application_id: b!.id,
          creator_id: sample.creator_id,
          user_id: me.userId,
          user_name: 'x',
          result: 'approve',
          reason: '',
          outcome: 'done',
          code: '',
          msg: '',
          request_id: '',
          add_time: dayStart - 60,
        })
        .execute();
      await call('POST', '/shop/sample-rules.set', { cap_day: 1 });
      const day = async () =>
        (await pending()).items.find((i) => i.application_id === a!.id)!.verdicts[0] as { value: number };
      expect((await day()).value).toBe(0);
      await db()
        .updateTable('shop_sample_reviews')
        .set({ add_time: dayStart })
        .where('application_id', '=', b!.id)
        .execute();
      expect(await day()).toEqual({ rule: 'cap_day', verdict: 'fail', value: 1, limit: 1 });
      const res = await call('POST', '/shop/samples.review', { application_ids: [a!.id], result: 'approve' });
      expect(res.data.results[0]).toMatchObject({ outcome: 'refused', code: 'rule_cap_day' });
      expect(reviewCalls()).toBe(0);
    });
  });
}
