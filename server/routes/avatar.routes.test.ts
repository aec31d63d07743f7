/**
 * GET /creator/avatar: the creator's picture through our server, scoped to the
 * caller's workspace. TikTok's CDN is the one thing stood in for (the app's avatarFetcher); the
 * server, its database and its disk cache are real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG } from '../../tests/fixtures/images.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

const CDN = 'https://p16-sign-va.tiktokcdn.com/avatar/alice~c5_100x100.jpeg';

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`creator avatar [${engine}]`, () => {
    const asked: string[] = [];
    let app: (TestApp & { close(): Promise<void> }) | undefined;
    beforeAll(async () => {
      app = await createTestApp(engine, {}, undefined, {
        avatarFetcher: async (u) => {
          asked.push(u.href);
          if (u.pathname.includes('html')) return Buffer.from('<!doctype html><script>alert(1)</script>');
          return JPEG;
        },
      });
    });
    afterAll(() => app?.close());

    async function creatorWith(head: string) {
      const t = app!;
      const me = await t.signUp();
      const add = await t.call(
        'POST',
        '/blogger/invitation.add',
        { country: 'US', bloggers: ['alice'], productIds: ['P1'], isInvitation: 1 },
        { token: me.token },
      );
      expect(add.code).toBe(200);
      const row = await t.database.db
        .updateTable('creators')
        .set({ head_img: head })
        .where('workspace_id', '=', me.workspaceId)
        .where('unique_id', '=', 'alice')
        .returning('id')
        .executeTakeFirstOrThrow();
      return { me, id: Number(row.id) };
    }

    const get = (id: unknown, token?: string) =>
      app!.app.inject({
        method: 'GET',
        url: `/api/v0.1/creator/avatar?id=${String(id)}`,
        headers: token ? { token } : {},
      });

    it("answers the picture's bytes with its type, private caching and no sniffing; fetched once", async () => {
      const { me, id } = await creatorWith(CDN);
      const before = asked.length;
      const res = await get(id, me.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=604800');
      expect(res.headers['vary']).toMatch(/token/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(JPEG)).toBe(true);
      expect((await get(id, me.token)).rawPayload.equals(JPEG)).toBe(true);
      expect(asked.length - before).toBeLessThanOrEqual(1); // another engine's run may have kept it
    });

    it("another workspace's creator, a missing one, no picture, an unlisted host and non-images answer 40004", async () => {
      const a = await creatorWith(CDN);
      const b = await app!.signUp();
      const before = asked.length;
      for (const [id, token] of [
        [a.id, b.token],
        [999_999_999, a.me.token],
      ] as const) {
        const res = await get(id, token);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 40004, msg: 'No picture for this creator' });
      }
      for (const head of [
        '',
        'http://p16.tiktokcdn.com/a.jpg',
        'https://169.254.169.254/latest/meta-data/',
        'https://evil.example/a.jpg',
        'https://p16.tiktokcdn.com/html/login',
      ]) {
        const c = await creatorWith(head);
        const res = await get(c.id, c.me.token);
        expect(res.statusCode, head).toBe(404);
        expect(res.json().code).toBe(40004);
      }
      // Only the listed HTTPS address was asked for (and refused for its bytes).
      expect(asked.slice(before)).toEqual(['https://p16.tiktokcdn.com/html/login']);
    });

    it('needs a token and a numeric id', async () => {
      const { me, id } = await creatorWith(CDN);
      expect((await get(id)).json().code).toBe(10002);
      const bad = await get('1 or 1=1', me.token);
      expect(bad.json()).toMatchObject({ code: 40001 });
    });
  });
}
