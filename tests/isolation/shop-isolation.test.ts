/**
 * Workspace isolation of the TikTok Shop connection: another workspace (and an ex-member) cannot
 * read, sync, disconnect or stop a workspace's shops, nor finish its consent, nor forge its
 * webhooks, whatever ids or states they send. Both engines, against the TikTok stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_KEY,
  APP_SECRET,
  createShopHarness,
  OTHER_KEY,
  OTHER_SECRET,
  SERVICE_ID,
  type ShopHarness,
} from '../helpers/shop-harness.ts';
import { webhookSignature } from '../../server/integrations/tiktok-shop/index.ts';
import type { SignedIn } from '../helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop connection isolation [${engine}]`, () => {
    let h: ShopHarness;
    let a: SignedIn;
    let member: SignedIn;
    let b: SignedIn;
    let aShops: number[];
    beforeAll(async () => {
      h = await createShopHarness(engine);
      a = await h.app.signUp({ name: 'Aquila' });
      const made = await h.app.call('POST', '/team/add', { title: 'Aquila' }, { token: a.token });
      member = await h.app.signUp({ name: 'Aquila member' });
      await h.app.call('POST', '/team/user.add', { teamId: made.data.invite_code }, { token: member.token });
      member = { ...member, workspaceId: a.workspaceId };
      expect((await h.connect(a)).get('connected')).toBe('2');
      const s = await h.app.call('GET', '/shop/status', {}, { token: a.token });
      aShops = s.data.shops.map((x: { id: number }) => x.id);
      b = await h.app.signUp({ name: 'Borealis' });
      await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: OTHER_KEY, app_secret: OTHER_SECRET, service_id: '42' },
        { token: b.token },
      );
    });
    afterAll(() => h.close());

    /** Everything of A's shop connection, to compare before and after B's attempts. */
    const snapshotA = async () => {
      const db = h.app.database.db;
      const ws = a.workspaceId;
      return {
        app: await db.selectFrom('shop_apps').selectAll().where('workspace_id', '=', ws).execute(),
        authz: await db
          .selectFrom('shop_authorizations')
          .selectAll()
          .where('workspace_id', '=', ws)
          .execute(),
        shops: await db
          .selectFrom('shop_connections')
          .select(['id', 'status', 'stop_code', 'sync_requested_at', 'authorization_id', 'cipher'])
          .where('workspace_id', '=', ws)
          .orderBy('id')
          .execute(),
        states: await db
          .selectFrom('shop_sync_state')
          .select(['connection_id', 'kind', 'next_run_at', 'cursor'])
          .where('workspace_id', '=', ws)
          .orderBy('connection_id')
          .orderBy('kind')
          .execute(),
      };
    };

    it("B names A's shop ids on every shop call: nothing read, nothing changed", async () => {
      const before = await snapshotA();
      const secrets = [
        APP_SECRET,
        APP_KEY,
        SERVICE_ID,
        ...h.seller.access,
        ...h.seller.refresh,
        'Shop US 1',
        '7000714532876273420',
      ];
      for (const id of aShops) {
        for (const [method, path, body] of [
          ['DELETE', '/shop/disconnect', { id }],
          ['POST', '/shop/sync.now', { id }],
          ['POST', '/shop/sync.now', { id, kind: 'shops' }],
        ] as const) {
          const res = await h.app.call(method, path, body, { token: b.token });
          expect(res.code, `${path} ${id}`).toBe(40004);
          for (const x of secrets) expect(JSON.stringify(res)).not.toContain(x);
        }
      }
      const status = await h.app.call('GET', '/shop/status', {}, { token: b.token });
      expect(status.data.shops).toEqual([]);
      for (const x of secrets) expect(JSON.stringify(status)).not.toContain(x);
      expect((await h.app.call('DELETE', '/shop/credentials.del', {}, { token: b.token })).code).toBe(200);
      expect(await snapshotA()).toEqual(before);
    });

    it("B cannot finish A's consent, nor A's member B's, with any cookie", async () => {
      const before = await snapshotA();
      const started = await h.authorize(a);
      await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: OTHER_KEY, app_secret: OTHER_SECRET, service_id: '42' },
        { token: b.token },
      );
      const mine = await h.authorize(b);
      h.seller.codes.set('C-iso', false);
      for (const cookie of [mine.cookie, '', 'cd_shop_consent=' + 'A'.repeat(43)])
        expect((await h.callback({ code: 'C-iso', state: started.state }, cookie)).query.get('error')).toBe(
          'state_browser',
        );
      expect((await h.app.call('GET', '/shop/status', {}, { token: b.token })).data.shops).toEqual([]);
      expect(await snapshotA()).toEqual(before);
      // Those attempts did not use the state up (a stranger cannot spoil A's consent): A finishes it.
      expect(
        (await h.callback({ code: 'C-iso', state: started.state }, started.cookie)).query.get('connected'),
      ).toBe('2');
    });

    it('an ex-member no longer sees the team shops and cannot sync them', async () => {
      const seen = await h.app.call('GET', '/shop/status', {}, { token: member.token });
      expect(seen.data.shops).toHaveLength(2);
      await h.app.call('DELETE', '/team/leave', {}, { token: member.token });
      // The leaver's session follows them to their own workspace: it holds no shops, and A's are out of reach.
      const after = await h.app.call('GET', '/shop/status', {}, { token: member.token });
      expect(after).toMatchObject({ code: 200, data: { shops: [] } });
      for (const id of aShops)
        expect((await h.app.call('POST', '/shop/sync.now', { id }, { token: member.token })).code).toBe(
          40004,
        );
    });

    it("a webhook signed with B's app stops only B's own connection of the same shop, never A's", async () => {
      const before = await snapshotA();
      const shopId = '7000714532876273420';
      const body = JSON.stringify({
        type: 6,
        tts_notification_id: 'iso-1',
        shop_id: shopId,
        timestamp: 1,
        data: {},
      });
      const post = (authorization: string) =>
        h.app.app.inject({
          method: 'POST',
          url: '/api/v0.1/shop/webhook',
          headers: { 'content-type': 'application/json', authorization },
          payload: body,
        });
      // B has no connection of that shop yet: nothing verifies.
      expect((await post(webhookSignature(OTHER_KEY, OTHER_SECRET, body))).statusCode).toBe(401);
      // B connects the same TikTok shop in B's workspace with B's own app, then sends the push.
      const started = await h.authorize(b);
      h.seller.codes.set('C-b', false);
      expect(
        (await h.callback({ code: 'C-b', state: started.state }, started.cookie)).query.get('connected'),
      ).toBe('2');
      expect((await post(webhookSignature(OTHER_KEY, OTHER_SECRET, body))).statusCode).toBe(200);
      const bShops = (await h.app.call('GET', '/shop/status', {}, { token: b.token })).data.shops;
      expect(bShops.map((s: { status: string }) => s.status)).toEqual(['stopped', 'active']);
      expect(await snapshotA()).toEqual(before);
    });
  });
}
