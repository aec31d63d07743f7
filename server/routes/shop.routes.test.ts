/**
 * Connecting TikTok Shop through the API, on both engines, against the TikTok stand-in
 * (tests/helpers/tts-stub.ts; to move onto the simulator): credentials, consent state checks,
 * admin-only calls, disconnect, sync now.
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
} from '../../tests/helpers/shop-harness.ts';
import type { SignedIn } from '../../tests/helpers/test-app.ts';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`shop connection [${engine}]`, () => {
    let h: ShopHarness;
    beforeAll(async () => {
      h = await createShopHarness(engine);
    });
    afterAll(() => h.close());

    const status = async (who: SignedIn, language: 'en-us' | 'zh-cn' = 'en-us') => {
      const res = await h.app.call('GET', '/shop/status', {}, { token: who.token, language });
      expect(res.code).toBe(200);
      return res.data;
    };
    const tokenCalls = () => h.stub.requests.filter((r) => r.path === '/api/v2/token/get').length;
    const newCode = (c: string) => {
      h.seller.codes.set(c, false);
      return c;
    };
    /** A team with an admin and a member (the member works in the admin's workspace). */
    const team = async (name: string) => {
      const admin = await h.app.signUp({ name: `${name} admin` });
      const made = await h.app.call(
        'POST',
        '/team/add',
        { title: name.slice(0, 12) },
        { token: admin.token },
      );
      expect(made.code).toBe(200);
      const member = await h.app.signUp({ name: `${name} member` });
      const joined = await h.app.call(
        'POST',
        '/team/user.add',
        { teamId: made.data.invite_code },
        { token: member.token },
      );
      expect(joined.code).toBe(200);
      return { admin, member: { ...member, workspaceId: admin.workspaceId } };
    };

    it('connects: credentials sealed, consent URL, one code exchange, shops stored with their countries, no secret in any answer', async () => {
      const me = await h.app.signUp({ name: 'Connector' });
      const before = await status(me);
      expect(before).toMatchObject({
        callback_url: 'http://localhost:80/api/v0.1/shop/callback',
        can_manage: 1,
        secrets_ready: 1,
        credentials: { source: 'none' },
        shops: [],
      });
      const saved = await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
        { token: me.token },
      );
      expect(saved).toMatchObject({
        code: 200,
        data: {
          credentials: { source: 'workspace', app_key_hint: APP_KEY.slice(-4), service_id: SERVICE_ID },
        },
      });
      expect(JSON.stringify(saved)).not.toContain(APP_SECRET);
      const row = await h.app.database.db
        .selectFrom('shop_apps')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      expect(row.app_secret_enc).not.toContain(APP_SECRET);
      expect(row.app_secret_enc).toMatch(/^v1\./);

      const a = await h.authorize(me, true);
      expect(a.code).toBe(200);
      const url = new URL(a.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://consent-us.example/open/authorize');
      expect([...url.searchParams.keys()]).toEqual(['service_id', 'state']);
      expect(url.searchParams.get('service_id')).toBe(SERVICE_ID);
      expect(a.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(a.cookie).toMatch(/^cd_shop_consent=[A-Za-z0-9_-]{43}$/);
      const consent = await h.app.database.db
        .selectFrom('shop_consents')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      expect(consent.state_hash).not.toContain(a.state);
      expect(consent.us).toBe(1);

      const calls = tokenCalls();
      const res = await h.callback(
        { code: newCode('C-connect'), state: a.state, app_key: APP_KEY },
        a.cookie,
      );
      expect(res.status).toBe(303);
      expect(res.location).toBe('http://localhost:80/settings/shop?connected=2');
      expect(tokenCalls()).toBe(calls + 1);

      const s = await status(me);
      expect(s.shops).toHaveLength(2);
      const [us, de] = s.shops;
      expect(us).toMatchObject({
        shop_id: '7000714532876273420',
        region: 'US',
        country: 'US',
        status: 'active',
        seller_name: 'Stub Seller',
        granted_scopes: ['seller.affiliate_collaboration.read', 'seller.authorization.info'],
      });
      expect(de).toMatchObject({ region: 'DE', country: '' });
      expect(us.kinds.map((k: { kind: string }) => k.kind).sort()).toEqual(['shops', 'tokens']);
      expect(us.authorization_expires_at).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
      // Nothing secret in the status, the database holds tokens sealed only.
      const text = JSON.stringify(s);
      for (const secret of [APP_SECRET, ...h.seller.access, ...h.seller.refresh, 'ROW_cipher'])
        expect(text).not.toContain(secret);
      const authz = await h.app.database.db
        .selectFrom('shop_authorizations')
        .selectAll()
        .where('workspace_id', '=', me.workspaceId)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(authz)).not.toContain(h.seller.access.at(-1)!);
      expect(authz.access_token_enc).toMatch(/^v1\./);
    });

    it('refuses wrong, expired, reused, other-browser and other-session states; exchanges no code for them', async () => {
      const me = await h.app.signUp({ name: 'State checker' });
      await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
        { token: me.token },
      );
      const calls = tokenCalls();
      const err = async (q: Record<string, string>, cookie?: string) =>
        (await h.callback(q, cookie)).query.get('error');

      const a = await h.authorize(me);
      expect(await err({ code: 'x', state: 'A'.repeat(43) }, a.cookie)).toBe('state_invalid');
      expect(await err({ code: 'x' }, a.cookie)).toBe('state_invalid');
      expect(await err({ code: 'x', state: a.state })).toBe('state_browser');
      // Another session of the same admin, and another workspace's admin, each with their own consent cookie.
      const other = await h.app.signUp({ name: 'Someone else' });
      await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
        { token: other.token },
      );
      const theirs = await h.authorize(other);
      expect(await err({ code: 'x', state: a.state }, theirs.cookie)).toBe('state_browser');
      expect(await err({ code: 'x', state: theirs.state }, a.cookie)).toBe('state_browser');
      // A state is used up by its first callback, even a refused one (here: the seller said no).
      const b = await h.authorize(me);
      expect(await err({ code: '', state: b.state, error: 'auth_denied' }, b.cookie)).toBe('denied');
      expect(await err({ code: newCode('C-late'), state: b.state }, b.cookie)).toBe('state_used');
      // Expired.
      const c = await h.authorize(me);
      await h.app.database.db
        .updateTable('shop_consents')
        .set({ expires_at: Math.floor(h.clock.ms / 1000) - 1 })
        .where('workspace_id', '=', me.workspaceId)
        .where('used_at', 'is', null)
        .execute();
      expect(await err({ code: newCode('C-exp'), state: c.state }, c.cookie)).toBe('state_expired');
      // The session that started it signed out.
      const d = await h.authorize(me);
      await h.app.call('GET', '/member/logout', {}, { token: me.token });
      expect(await err({ code: newCode('C-out'), state: d.state }, d.cookie)).toBe('session_ended');
      expect(tokenCalls()).toBe(calls);
      // TikTok refuses the code: reported, and not tried twice.
      const e = await h.authorize(other);
      const before = tokenCalls();
      expect(await err({ code: 'never-issued', state: e.state }, e.cookie)).toBe('code_invalid');
      expect(tokenCalls()).toBe(before + 1);
      // A creator's authorisation is not a seller's.
      const f = await h.authorize(other);
      h.seller.userType = 1;
      expect(await err({ code: newCode('C-creator'), state: f.state }, f.cookie)).toBe('not_seller');
      h.seller.userType = 0;
      expect((await status(other)).shops).toEqual([]);
    });

    it('a state started by an admin who is no longer the admin connects nothing', async () => {
      const { admin, member } = await team('Handover');
      await h.app.call(
        'POST',
        '/shop/credentials.save',
        { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
        { token: admin.token },
      );
      const a = await h.authorize(admin);
      expect(a.code).toBe(200);
      await h.app.database.db
        .updateTable('teams')
        .set({ admin_user_id: member.userId })
        .where('workspace_id', '=', admin.workspaceId)
        .execute();
      expect(
        (await h.callback({ code: newCode('C-handover'), state: a.state }, a.cookie)).query.get('error'),
      ).toBe('not_admin');
    });

    it('only the admin saves, removes, authorizes and disconnects; a member reads the status and may sync now', async () => {
      const { admin, member } = await team('Admins');
      expect((await h.connect(admin)).get('connected')).toBe('2');
      const s = await status(member);
      expect(s).toMatchObject({ can_manage: 0, credentials: { source: 'workspace', app_key_hint: '' } });
      expect(s.shops).toHaveLength(2);
      const id = s.shops[0].id as number;
      for (const [method, path, body] of [
        ['POST', '/shop/credentials.save', { app_key: 'k', app_secret: 's', service_id: '1' }],
        ['DELETE', '/shop/credentials.del', {}],
        ['POST', '/shop/authorize', { us: 0 }],
        ['DELETE', '/shop/disconnect', { id }],
      ] as const) {
        const res = await h.app.call(method, path, body, { token: member.token });
        expect(res.code, path).toBe(40003);
        expect(res.msg).toBe('Only the team admin can manage the TikTok Shop connection');
      }
      expect((await status(admin)).shops.every((x: { status: string }) => x.status === 'active')).toBe(true);
      const sync = await h.app.call('POST', '/shop/sync.now', { id }, { token: member.token });
      expect(sync.code).toBe(200);
      // Once a minute per shop, whoever asks.
      const again = await h.app.call('POST', '/shop/sync.now', { id }, { token: admin.token });
      expect(again.code).toBe(40029);
      expect(again.msg).toMatch(/try again in \d+ seconds/);
      expect(
        (
          await h.app.call(
            'POST',
            '/shop/sync.now',
            { id: s.shops[1].id, kind: 'nope' },
            { token: member.token },
          )
        ).code,
      ).toBe(40001);
    });

    it('sync now makes the shop due and the scheduler runs it', async () => {
      const me = await h.app.signUp({ name: 'Syncer' });
      await h.connect(me);
      const id = (await status(me)).shops[0].id as number;
      await h.app.app.shop.sync.runDue();
      const after = (await status(me)).shops[0];
      const shops = after.kinds.find((k: { kind: string }) => k.kind === 'shops');
      expect(shops).toMatchObject({ lines_synced: 2, last_error_code: '' });
      expect(shops.last_success_at).toBeGreaterThan(0);
      expect(shops.next_run_at).toBeGreaterThan(Math.floor(h.clock.ms / 1000) + 3600);
      expect(
        (await h.app.call('POST', '/shop/sync.now', { id, kind: 'shops' }, { token: me.token })).code,
      ).toBe(200);
      const due = (await status(me)).shops[0].kinds.find((k: { kind: string }) => k.kind === 'shops');
      expect(due.next_run_at).toBeLessThanOrEqual(Math.floor(h.clock.ms / 1000));
    });

    it('disconnect deletes the tokens once no shop needs them and stops the shop; synced state stays', async () => {
      const me = await h.app.signUp({ name: 'Leaver' });
      await h.connect(me);
      const [one, two] = (await status(me)).shops;
      const db = h.app.database.db;
      const tokens = () =>
        db
          .selectFrom('shop_authorizations')
          .select(['access_token_enc', 'refresh_token_enc'])
          .where('workspace_id', '=', me.workspaceId)
          .executeTakeFirstOrThrow();
      expect((await h.app.call('DELETE', '/shop/disconnect', { id: one.id }, { token: me.token })).code).toBe(
        200,
      );
      // The other shop shares the authorisation: the tokens stay for it.
      expect((await tokens()).access_token_enc).not.toBeNull();
      const res = await h.app.call('DELETE', '/shop/disconnect', { id: two.id }, { token: me.token });
      expect(res.data.shops.map((x: { status: string }) => x.status)).toEqual([
        'disconnected',
        'disconnected',
      ]);
      expect(await tokens()).toEqual({ access_token_enc: null, refresh_token_enc: null });
      expect((await h.app.call('POST', '/shop/sync.now', { id: one.id }, { token: me.token })).code).toBe(
        40009,
      );
      expect(res.data.shops[0].kinds.length).toBe(2);
      // Even when their data is due, stopped shops are never run (the shops of earlier tests in this
      // file are drained first, so the count is about these two).
      await h.app.app.shop.sync.runDue();
      await db
        .updateTable('shop_sync_state')
        .set({ next_run_at: 0 })
        .where('connection_id', 'in', [one.id, two.id])
        .execute();
      expect(await h.app.app.shop.sync.runDue()).toBe(0);
      // Authorising again brings the shops back, with their state.
      const again = await h.authorize(me);
      const code = `C-back-${engine}`;
      h.seller.codes.set(code, false);
      expect((await h.callback({ code, state: again.state }, again.cookie)).query.get('connected')).toBe('2');
      expect((await status(me)).shops.map((x: { status: string }) => x.status)).toEqual(['active', 'active']);
    });

    it('credentials: the same key keeps the shops, another key disconnects them, removal too; bad input is named', async () => {
      const me = await h.app.signUp({ name: 'Rekey' });
      await h.connect(me);
      const save = (k: string, s: string) =>
        h.app.call(
          'POST',
          '/shop/credentials.save',
          { app_key: k, app_secret: s, service_id: SERVICE_ID },
          { token: me.token },
        );
      expect((await save(APP_KEY, APP_SECRET)).data.shops.map((x: { status: string }) => x.status)).toEqual([
        'active',
        'active',
      ]);
      const other = await save(OTHER_KEY, OTHER_SECRET);
      expect(other.data.credentials.app_key_hint).toBe(OTHER_KEY.slice(-4));
      expect(other.data.shops.map((x: { status: string }) => x.status)).toEqual([
        'disconnected',
        'disconnected',
      ]);
      const removed = await h.app.call('DELETE', '/shop/credentials.del', {}, { token: me.token });
      expect(removed.data.credentials.source).toBe('none');
      expect((await h.app.call('DELETE', '/shop/credentials.del', {}, { token: me.token })).code).toBe(40004);
      expect((await h.authorize(me)).code).toBe(40004);
      for (const [body, field] of [
        [{ app_key: '', app_secret: 's', service_id: '1' }, 'app_key'],
        [{ app_key: 'k'.repeat(65), app_secret: 's', service_id: '1' }, 'app_key'],
        [{ app_key: 'k k', app_secret: 's', service_id: '1' }, 'app_key'],
        [{ app_key: 'k', app_secret: 'a b', service_id: '1' }, 'app_secret'],
        [{ app_key: 'k', app_secret: 's'.repeat(129), service_id: '1' }, 'app_secret'],
        [{ app_key: 'k', app_secret: 's', service_id: '' }, 'service_id'],
      ] as const) {
        const res = await h.app.call('POST', '/shop/credentials.save', body, { token: me.token });
        expect(res.code, JSON.stringify(body)).toBe(40001);
        expect(res.msg.toLowerCase(), field).toContain(
          field.replace('_', ' ').replace('app ', '').slice(0, 3),
        );
      }
    });

    it('answers the stop reason in both languages', async () => {
      const me = await h.app.signUp({ name: 'Stopped' });
      await h.connect(me);
      await h.app.database.db
        .updateTable('shop_connections')
        .set({ status: 'stopped', stop_code: 'scope_missing', stopped_at: 1 })
        .where('workspace_id', '=', me.workspaceId)
        .execute();
      expect((await status(me)).shops[0]).toMatchObject({
        stop_code: 'scope_missing',
        stop_msg: expect.stringContaining('Partner Center'),
        stop_time: 1,
      });
      expect((await status(me, 'zh-cn')).shops[0].stop_msg).toContain('Partner Center');
      expect((await status(me, 'zh-cn')).shops[0].stop_msg).toMatch(/权限/);
    });
  });
}

describe('shop connection without a secrets key (PostgreSQL without SECRETS_KEY)', () => {
  let h: ShopHarness;
  beforeAll(async () => {
    h = await createShopHarness('postgres', { SECRETS_KEY: '' });
  });
  afterAll(() => h.close());

  it('stores nothing secret and says which setting is missing', async () => {
    const me = await h.app.signUp({ name: 'No key' });
    const res = await h.app.call(
      'POST',
      '/shop/credentials.save',
      { app_key: APP_KEY, app_secret: APP_SECRET, service_id: SERVICE_ID },
      { token: me.token },
    );
    expect(res.code).toBe(40009);
    expect(res.msg).toContain('SECRETS_KEY');
    expect((await h.app.call('GET', '/shop/status', {}, { token: me.token })).data.secrets_ready).toBe(0);
    expect(await h.app.database.db.selectFrom('shop_apps').selectAll().execute()).toEqual([]);
  });
});
