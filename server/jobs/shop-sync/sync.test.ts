/**
 * The shop sync framework on both engines against the TikTok stand-in (tests/helpers/tts-stub.ts;
 * to move onto the simulator): token refresh and rotation, stops, backoff, resumable paging with
 * the cursor committed with the writes, one process per shop, disconnect mid-run, rejected lines,
 * metrics, webhooks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  createShopHarness,
  APP_KEY,
  APP_SECRET,
  SERVICE_ID,
  type ShopHarness,
} from '../../../tests/helpers/shop-harness.ts';
import { fail, ok } from '../../../tests/helpers/tts-stub.ts';
import type { SignedIn } from '../../../tests/helpers/test-app.ts';
import { webhookSignature } from '../../integrations/tiktok-shop/index.ts';
import { sealContext } from '../../services/shop-deps.ts';
import { createShopSync } from './scheduler.ts';
import { claimShop } from './lease.ts';
import { disconnectShops } from '../../db/shop.repository.ts';
import { nextVersion } from '../../db/versioning.ts';
import type { SyncContext, SyncKind } from './types.ts';

const ORDERS = '/affiliate_seller/202410/orders/search';
const PAGES: Record<string, { orders: unknown[]; next_page_token: string }> = {
  '': { orders: [{ id: '1' }, { id: '2' }], next_page_token: 'p2+/=' },
  'p2+/=': { orders: [{ id: '3' }, { id: 4 }, { id: '5' }], next_page_token: 'p3' },
  p3: { orders: [{ id: '6' }], next_page_token: '' },
};

/** What the probe kind does on its next run (each test sets it). */
const plan: { crashAfter?: number; gate?: Promise<void>; runs: number; onRun?: () => Promise<void> } = {
  runs: 0,
};

const probeKind: SyncKind = {
  kind: 'probe',
  everySeconds: 900,
  async run(ctx: SyncContext) {
    plan.runs++;
    await plan.onRun?.();
    let pagesDone = 0;
    for await (const page of ctx.api.pages(
      { method: 'POST', path: ORDERS, body: { create_time_ge: 0 }, pageSize: 3, pageToken: ctx.cursor },
      { itemsField: 'orders', item: z.object({ id: z.string() }) },
    )) {
      await ctx.commit({
        cursor: page.nextPageToken,
        lines: page.items.length,
        rejected: page.rejected.length
          ? { count: page.rejected.length, requestId: page.requestId, problem: page.rejected[0]!.problem }
          : undefined,
        write: async (trx) => {
          for (const item of page.items)
            await sql`insert into test_sync_lines (shop_id, line_id) values (${ctx.shop.shopId}, ${item.id}) on conflict do nothing`.execute(
              trx,
            );
        },
      });
      pagesDone++;
      if (plan.gate && pagesDone === 1) await plan.gate;
      if (plan.crashAfter === pagesDone) throw new Error('the process died here');
    }
  },
};

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop sync [${engine}]`, () => {
    let h: ShopHarness;
    let me: SignedIn;
    beforeEach(async () => {
      h = await createShopHarness(engine, { OPS_TOKEN: 'o'.repeat(32) });
      await sql`create table test_sync_lines (shop_id text not null, line_id text not null, primary key (shop_id, line_id))`.execute(
        h.app.database.db,
      );
      h.app.app.shop.sync.register(probeKind);
      Object.assign(plan, { crashAfter: undefined, gate: undefined, runs: 0, onRun: undefined });
      h.stub.on((r) => {
        if (r.path !== ORDERS) return undefined;
        if (String(r.headers['x-tts-access-token']) !== h.seller.access.at(-1))
          return fail(105002, 'Expired credentials');
        return ok(PAGES[r.query.page_token ?? '']!, `REQ_ORDERS_${r.query.page_token ?? 'first'}`);
      });
      me = await h.app.signUp({ name: `Sync ${engine}` });
      expect((await h.connect(me)).get('connected')).toBe('2');
    });
    afterEach(() => h.close());

    const db = () => h.app.database.db;
    const sec = () => Math.floor(h.clock.ms / 1000);
    const status = async () => (await h.app.call('GET', '/shop/status', {}, { token: me.token })).data;
    const kindOf = async (i: number, kind: string) =>
      (await status()).shops[i].kinds.find((k: { kind: string }) => k.kind === kind);
    const lines = async () =>
      (
        await sql<{ line_id: string }>`select line_id from test_sync_lines order by line_id`.execute(db())
      ).rows.map((r) => r.line_id);
    const makeDue = (kind?: string) => {
      let q = db().updateTable('shop_sync_state').set({ next_run_at: 0 });
      if (kind) q = q.where('kind', '=', kind);
      return q.execute();
    };
    const requests = (path: string) => h.stub.requests.filter((r) => r.path === path);

    it('syncs a served shop only, pages with its cipher and commits each page with its cursor', async () => {
      await h.app.app.shop.sync.runDue();
      const [us, de] = (await status()).shops;
      expect(us.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['probe', 'shops', 'tokens']);
      expect(de.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['shops', 'tokens']);
      expect(await lines()).toEqual(['1', '2', '3', '5', '6']);
      const orderCalls = requests(ORDERS);
      expect(orderCalls.map((r) => r.query.page_token)).toEqual([undefined, 'p2+/=', 'p2+/=', 'p2+/=', 'p3']);
      expect(orderCalls.every((r) => r.query.shop_cipher === 'ROW_cipher_7000714532876273420_+/=')).toBe(
        true,
      );
      expect(requests('/authorization/202309/shops').every((r) => !('shop_cipher' in r.query))).toBe(true);
      // The page with a bad line was fetched three times, then the line left out, counted and reported.
      expect(await kindOf(0, 'probe')).toMatchObject({
        lines_synced: 5,
        lines_skipped: 1,
        last_error_code: 'items_skipped',
        last_error_request_id: 'REQ_ORDERS_p2+/=',
        last_error_msg: expect.stringContaining('left out'),
      });
      expect((await kindOf(0, 'probe')).last_success_at).toBeGreaterThan(0);
    });

    it('a kind registered after the shops connected (a new release) starts at the next run, for served shops', async () => {
      const seen: string[] = [];
      h.app.app.shop.sync.register({
        kind: 'late',
        everySeconds: 3600,
        async run(ctx) {
          seen.push(ctx.shop.shopId);
          await ctx.commit({ cursor: 'done', lines: 0 });
        },
      });
      await h.app.app.shop.sync.runDue();
      expect(seen).toEqual(['7000714532876273420']);
      expect(await kindOf(0, 'late')).toMatchObject({ last_error_code: '' });
      expect(await kindOf(1, 'late')).toBeUndefined();
    });

    it('a run that dies after a commit resumes from the committed page, storing no line twice', async () => {
      plan.crashAfter = 1;
      await h.app.app.shop.sync.runDue();
      expect(await lines()).toEqual(['1', '2']);
      const st = await db()
        .selectFrom('shop_sync_state')
        .selectAll()
        .where('kind', '=', 'probe')
        .executeTakeFirstOrThrow();
      expect(st).toMatchObject({
        cursor: 'p2+/=',
        failures: 1,
        last_error_code: 'internal',
        lines_synced: 2,
      });
      expect(Number(st.next_run_at)).toBeGreaterThanOrEqual(sec() + 60);
      plan.crashAfter = undefined;
      h.stub.requests.length = 0;
      h.clock.ms += 70_000; // 1 min backoff plus its jitter
      await h.app.app.shop.sync.runDue();
      expect(requests(ORDERS)[0]!.query.page_token).toBe('p2+/=');
      expect(await lines()).toEqual(['1', '2', '3', '5', '6']);
      expect(await kindOf(0, 'probe')).toMatchObject({ lines_synced: 5 });
    });

    it('takes over a shop whose process stopped sending heartbeats, never one that is alive', async () => {
      const id = (await status()).shops[0].id as number;
      const t = sec();
      await db()
        .updateTable('shop_connections')
        .set({ lease_owner: 'dead-process', lease_at: t - 30 })
        .where('id', '=', id)
        .execute();
      const kinds = h.app.app.shop.sync.kinds();
      const { deps } = h.app.app.shop;
      const other = (
        await db()
          .selectFrom('shop_connections')
          .select('id')
          .where('id', '!=', id)
          .where('workspace_id', '=', me.workspaceId)
          .executeTakeFirstOrThrow()
      ).id;
      expect(Number((await claimShop(db(), h.app.engine, 'me', kinds, t, [Number(other)]))?.id ?? 0)).toBe(0);
      await db()
        .updateTable('shop_connections')
        .set({ lease_at: t - 61 })
        .where('id', '=', id)
        .execute();
      expect(Number((await claimShop(db(), h.app.engine, 'me', kinds, t, [Number(other)]))?.id)).toBe(id);
      expect(deps.runner).not.toBe('me');
    });

    it('two processes never run one shop at once', async () => {
      const second = createShopSync({ ...h.app.app.shop.deps, runner: 'second-process' }, 0);
      second.register(probeKind);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let running = 0;
      let most = 0;
      plan.onRun = async () => {
        running++;
        most = Math.max(most, running);
        await Promise.race([gate, new Promise((r) => setTimeout(r, 300))]);
        running--;
      };
      const both = Promise.all([h.app.app.shop.sync.runDue(), second.runDue()]);
      setTimeout(release, 200);
      await both;
      expect(plan.runs).toBe(1);
      expect(most).toBe(1);
      expect(await lines()).toEqual(['1', '2', '3', '5', '6']);
    });

    it('refreshes the token ahead of expiry, stores the rotated pair and uses it', async () => {
      await h.app.app.shop.sync.runDue();
      const authz = () =>
        db()
          .selectFrom('shop_authorizations')
          .selectAll()
          .where('workspace_id', '=', me.workspaceId)
          .executeTakeFirstOrThrow();
      const before = await authz();
      h.clock.ms += 6.5 * 86_400 * 1000;
      await makeDue();
      await h.app.app.shop.sync.runDue();
      expect(requests('/api/v2/token/refresh')).toHaveLength(1);
      const after = await authz();
      expect(Number(after.token_version)).toBe(Number(before.token_version) + 1);
      const box = h.app.app.shop.deps.secrets!;
      expect(
        box.open(
          after.access_token_enc!,
          sealContext.token('access', me.workspaceId, APP_KEY, h.seller.openId),
        ),
      ).toBe(h.seller.access.at(-1));
      expect(
        box.open(
          after.refresh_token_enc!,
          sealContext.token('refresh', me.workspaceId, APP_KEY, h.seller.openId),
        ),
      ).toBe(h.seller.refresh.at(-1));
      expect(Number(after.access_expires_at)).toBe(sec() + 7 * 86_400);
      expect((await status()).shops.every((s: { status: string }) => s.status === 'active')).toBe(true);
      // Not due again: no second refresh.
      await makeDue();
      await h.app.app.shop.sync.runDue();
      expect(requests('/api/v2/token/refresh')).toHaveLength(1);
    });

    it('a token refused mid-sync is refreshed once and the sync goes on; refused again, the shops stop', async () => {
      await h.app.app.shop.sync.runDue();
      // TikTok drops the access token early (it issues a newer one elsewhere): 105002, refresh, retry.
      h.seller.access.push('TTP_issued_elsewhere');
      await sql`delete from test_sync_lines`.execute(db());
      await makeDue('probe');
      await h.app.app.shop.sync.runDue();
      expect(requests('/api/v2/token/refresh')).toHaveLength(1);
      expect(await lines()).toEqual(['1', '2', '3', '5', '6']);
      // Now every call says 105002, even with a fresh token.
      h.stub.once(ORDERS, fail(105002, 'Expired credentials'));
      h.stub.once(ORDERS, fail(105002, 'Expired credentials'));
      await makeDue('probe');
      await h.app.app.shop.sync.runDue();
      const s = await status();
      expect(s.shops.map((x: { status: string; stop_code: string }) => [x.status, x.stop_code])).toEqual([
        ['stopped', 'authorization_revoked'],
        ['stopped', 'authorization_revoked'],
      ]);
      expect(s.shops[0].stop_msg).toMatch(/authorize again/);
      expect(await h.app.app.shop.sync.runDue()).toBe(0);
    });

    it('a refused refresh stops every shop of the authorisation with refresh_failed', async () => {
      h.seller.spent.add(h.seller.refresh.at(-1)!);
      h.clock.ms += 6.9 * 86_400 * 1000;
      await makeDue();
      await h.app.app.shop.sync.runDue();
      const s = await status();
      expect(s.shops.map((x: { stop_code: string }) => x.stop_code)).toEqual([
        'refresh_failed',
        'refresh_failed',
      ]);
      expect(
        s.shops[0].kinds.some((k: { last_error_code: string }) => k.last_error_code === '36004001'),
      ).toBe(true);
    });

    it('a refresh that does not get through (server faults) is tried again later, not a stop', async () => {
      h.clock.ms += 6.5 * 86_400 * 1000;
      await makeDue('tokens');
      for (let i = 0; i < 3; i++) h.stub.once('/api/v2/token/refresh', { status: 502, body: 'bad gateway' });
      await h.app.app.shop.sync.runDue();
      expect((await status()).shops.map((x: { status: string }) => x.status)).toEqual(['active', 'active']);
      const tokens = await kindOf(0, 'tokens');
      expect(tokens.last_error_code).toBe('transient');
      h.clock.ms += 3600_000;
      await makeDue('tokens');
      await h.app.app.shop.sync.runDue();
      // The shop's other kinds got the refresh through meanwhile (3 faults, then one answer).
      expect(await kindOf(0, 'tokens')).toMatchObject({ last_error_code: '' });
      expect(requests('/api/v2/token/refresh')).toHaveLength(4);
      expect((await status()).shops.map((x: { status: string }) => x.status)).toEqual(['active', 'active']);
    });

    it('a missing scope stops that shop only; a refused signature stops all, and re-saving the secret resumes them', async () => {
      h.stub.once(ORDERS, fail(105005, 'you should apply auth pkg for this api'));
      await h.app.app.shop.sync.runDue();
      let s = await status();
      expect(s.shops.map((x: { status: string }) => x.status)).toEqual(['stopped', 'active']);
      expect(s.shops[0]).toMatchObject({ stop_code: 'scope_missing' });
      await db()
        .updateTable('shop_connections')
        .set({ status: 'active', stop_code: '' })
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      h.stub.once(ORDERS, fail(106001, 'Invalid sign', 401));
      await makeDue('probe');
      await h.app.app.shop.sync.runDue();
      s = await status();
      expect(s.shops.map((x: { stop_code: string }) => x.stop_code)).toEqual([
        'signature_invalid',
        'signature_invalid',
      ]);
      const saved = await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
        { token: me.token },
      );
      expect(saved.data.shops.map((x: { status: string }) => x.status)).toEqual(['active', 'active']);
    });

    it('throttling waits for Retry-After and defers the shop, without stopping it', async () => {
      await h.app.app.shop.sync.runDue();
      await makeDue();
      h.stub.once(ORDERS, fail(36009002, 'Too many requests', 429, { 'retry-after': '3600' }));
      await h.app.app.shop.sync.runDue();
      const probe = await kindOf(0, 'probe');
      expect(probe).toMatchObject({ last_error_code: '36009002', last_error_request_id: 'REQ_36009002' });
      expect(probe.next_run_at).toBeGreaterThanOrEqual(sec() + 3600);
      expect(probe.last_error_msg).toBe('Too many requests');
      expect((await status()).shops[0].status).toBe('active');
      // Server faults (not an envelope) are retried in the call, then the kind backs off.
      h.clock.ms += 3601_000;
      h.stub.once(ORDERS, { status: 503, body: 'busy' });
      h.stub.once(ORDERS, { status: 503, body: 'busy' });
      h.stub.once(ORDERS, { status: 503, body: 'busy' });
      await h.app.app.shop.sync.runDue();
      const after = await kindOf(0, 'probe');
      expect(after).toMatchObject({
        last_error_code: 'transient',
        last_error_msg: expect.stringContaining('did not answer'),
      });
      expect(after.next_run_at).toBeGreaterThanOrEqual(sec() + 120);
    });

    const midRun = async (disconnect: (id: number) => Promise<void>) => {
      let release!: () => void;
      plan.gate = new Promise<void>((r) => (release = r));
      const run = h.app.app.shop.sync.runDue();
      for (let i = 0; i < 100 && (await lines()).length === 0; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await lines()).toEqual(['1', '2']);
      await disconnect((await status()).shops[0].id as number);
      release();
      await run;
      expect(await lines()).toEqual(['1', '2']);
      expect(await kindOf(0, 'probe')).toMatchObject({ lines_synced: 2, last_error_code: '' });
    };

    it('disconnecting mid-run here stops the job at once: nothing after the disconnect is stored', async () => {
      await midRun(async (id) => {
        expect((await h.app.call('DELETE', '/shop/disconnect', { id }, { token: me.token })).code).toBe(200);
      });
    });

    it('disconnecting mid-run in another process: the next commit is refused, nothing after it is stored', async () => {
      await midRun(async (id) => {
        // Another process's disconnect: the same write, without this process's in-memory abort.
        await db()
          .transaction()
          .execute((trx) => disconnectShops(trx, me.workspaceId, sec(), [id]));
      });
    });

    if (engine === 'postgres')
      it('a disconnect while a commit holds the shop waits for it, never deadlocks: both lock the workspace first', async () => {
        let inCommit!: () => void;
        const started = new Promise<void>((r) => (inCommit = r));
        let release!: () => void;
        const gate = new Promise<void>((r) => (release = r));
        h.app.app.shop.sync.register({
          kind: 'locking',
          everySeconds: 3600,
          async run(ctx) {
            await ctx.commit({
              cursor: 'done',
              lines: 1,
              // A step's writes bump the workspace's version, as every stored line does.
              write: async (trx) => {
                inCommit();
                await gate;
                await nextVersion(trx, ctx.shop.workspaceId);
              },
            });
          },
        });
        const run = h.app.app.shop.sync.runDue();
        await started;
        const id = (await status()).shops[0].id as number;
        const disconnect = h.app.call('DELETE', '/shop/disconnect', { id }, { token: me.token });
        // The disconnect is waiting on a lock the commit holds before the commit goes on.
        const waiting = async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`.execute(db())
            ).rows[0]!.n,
          );
        await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
        release();
        await run;
        expect((await disconnect).code).toBe(200);
        expect(await kindOf(0, 'locking')).toMatchObject({ last_error_code: '', lines_synced: 1 });
        expect((await status()).shops[0].status).toBe('disconnected');
      });

    it('exposes per shop sync metrics', async () => {
      await h.app.app.shop.sync.runDue();
      await db()
        .updateTable('shop_connections')
        .set({ status: 'stopped', stop_code: 'scope_missing' })
        .where('shop_id', '=', '7000714532876273421')
        .execute();
      const res = await h.app.app.inject({
        method: 'GET',
        url: '/ops/metrics',
        headers: { authorization: `Bearer ${'o'.repeat(32)}` },
      });
      expect(res.statusCode).toBe(200);
      const text = res.payload;
      expect(text).toContain('creatordesk_shop_stopped{shop="7000714532876273420"} 0');
      expect(text).toContain('creatordesk_shop_stopped{shop="7000714532876273421"} 1');
      expect(text).toContain('creatordesk_shop_sync_lines{shop="7000714532876273420",kind="probe"} 5');
      expect(text).toContain('creatordesk_shop_sync_error_code{shop="7000714532876273420",kind="probe"} -1');
      expect(text).toMatch(
        /creatordesk_shop_sync_last_success_seconds\{shop="7000714532876273420",kind="shops"\} \d{10}/,
      );
    });

    it('webhooks: a verified SELLER_DEAUTHORIZATION stops the shop once; forged, unknown and repeated ones do nothing', async () => {
      const body = (id: string, type = 6, shopId = '7000714532876273420') =>
        JSON.stringify({ type, tts_notification_id: id, shop_id: shopId, timestamp: 1718305585, data: {} });
      const post = (raw: string, authorization?: string) =>
        h.app.app.inject({
          method: 'POST',
          url: '/api/v0.1/shop/webhook',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          payload: raw,
        });
      const shopStatus = async () => (await status()).shops.map((s: { status: string }) => s.status);
      const forged = body('n1');
      expect((await post(forged, webhookSignature(APP_KEY, 'wrong secret', forged))).statusCode).toBe(401);
      expect((await post(forged)).statusCode).toBe(401);
      const unknown = body('n2', 6, '123');
      expect((await post(unknown, webhookSignature(APP_KEY, APP_SECRET, unknown))).statusCode).toBe(401);
      const logged = body('n3', 7);
      expect((await post(logged, webhookSignature(APP_KEY, APP_SECRET, logged))).statusCode).toBe(200);
      expect(await shopStatus()).toEqual(['active', 'active']);
      const real = body('n4');
      // Signed over the raw bytes: a re-serialised copy (spaces) does not pass.
      const spaced = JSON.stringify(JSON.parse(real), null, 1);
      expect((await post(spaced, webhookSignature(APP_KEY, APP_SECRET, real))).statusCode).toBe(401);
      const res = await post(real, webhookSignature(APP_KEY, APP_SECRET, real));
      expect(res.statusCode).toBe(200);
      expect(await shopStatus()).toEqual(['stopped', 'active']);
      expect((await status()).shops[0].stop_code).toBe('authorization_revoked');
      await db()
        .updateTable('shop_connections')
        .set({ status: 'active', stop_code: '' })
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect((await post(real, webhookSignature(APP_KEY, APP_SECRET, real))).statusCode).toBe(200);
      expect(await shopStatus()).toEqual(['active', 'active']);
    });
  });
}
