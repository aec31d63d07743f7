/**
 * Hostile traffic at the two TikTok-facing addresses that are not calls of the contract (the
 * contract's /shop/* calls are in hostile-input and hostile-fields like every call): random and
 * malicious queries and cookies at the consent callback, random bodies and signatures at the
 * webhook. Never a 5xx; the callback always redirects to this install's settings screen (no open
 * redirect) with an error and exchanges no code; the webhook answers 401/400 (413 past 64 KB) and
 * stops nothing.
 * Both engines; seed FUZZ_SEED, runs FUZZ_RUNS.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopHarness, type ShopHarness } from '../helpers/shop-harness.ts';
import { webhookSignature } from '../../server/integrations/tiktok-shop/index.ts';
import { hostileValue, SCRIPT_PAYLOADS, SQL_PAYLOADS } from './hostile.ts';
import type { SignedIn } from '../helpers/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 10;

const text = fc.oneof(
  fc.constantFrom(
    ...SQL_PAYLOADS,
    ...SCRIPT_PAYLOADS,
    '',
    'auth_denied',
    '//evil.example/',
    'https://evil.example',
  ),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer({ min: 190, max: 5000 }).map((n) => 'A'.repeat(n)),
);

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`hostile shop addresses [${engine}]`, () => {
    let h: ShopHarness;
    let a: SignedIn;
    let liveState: string;
    beforeAll(async () => {
      h = await createShopHarness(engine);
      a = await h.app.signUp({ name: 'Target' });
      expect((await h.connect(a)).get('connected')).toBe('2');
      // A live consent of A's, whose state the fuzzer sends with every cookie but A's own.
      liveState = (await h.authorize(a)).state;
    });
    afterAll(() => h.close());

    const shopsOf = () =>
      h.app.database.db
        .selectFrom('shop_connections')
        .select(['workspace_id', 'shop_id', 'status', 'stop_code', 'authorization_id'])
        .orderBy('id')
        .execute();

    it(
      'the callback: any query, cookie and method redirects home with an error and connects nothing',
      { timeout: 120_000 },
      async () => {
        const before = await shopsOf();
        const exchanges = () => h.stub.requests.filter((r) => r.path.startsWith('/api/v2/token/')).length;
        const calls = exchanges();
        const failures: string[] = [];
        await fc.assert(
          fc.asyncProperty(
            fc.dictionary(
              fc.constantFrom('state', 'code', 'error', 'app_key', 'state[]', '__proto__', 'x'),
              text,
              { maxKeys: 5 },
            ),
            fc.option(fc.oneof(text, fc.constant(liveState)), { nil: undefined }),
            fc.option(
              text.map((v) => `cd_shop_consent=${v}`),
              { nil: undefined },
            ),
            async (q, state, cookie) => {
              const params = new URLSearchParams(q as Record<string, string>);
              if (state !== undefined) params.set('state', state);
              const res = await h.app.app.inject({
                method: 'GET',
                url: `/api/v0.1/shop/callback?${params.toString()}`,
                headers: cookie ? { cookie: cookie.replace(/[\r\n]/g, '') } : {},
              });
              const location = String(res.headers.location ?? '');
              if (res.statusCode !== 303) failures.push(`HTTP ${res.statusCode} for ${params}`);
              else if (!/^http:\/\/localhost:80\/settings\/shop\?error=[a-z_]+$/.test(location))
                failures.push(`${location} for ${params}`);
              return true;
            },
          ),
          { seed: SEED, numRuns: RUNS },
        );
        for (const method of ['HEAD', 'POST', 'PUT', 'DELETE'] as const) {
          const res = await h.app.app.inject({
            method,
            url: `/api/v0.1/shop/callback?state=${liveState}&code=x`,
          });
          expect(res.statusCode, method).toBeLessThan(500);
          expect(res.statusCode, method).not.toBe(303);
        }
        expect(failures).toEqual([]);
        expect(exchanges()).toBe(calls);
        expect(await shopsOf()).toEqual(before);
      },
    );

    it(
      'the webhook: any body, header and signature answers 401, 400 or 413 and stops nothing',
      { timeout: 120_000 },
      async () => {
        const before = await shopsOf();
        const seen = async () =>
          (await h.app.database.db.selectFrom('shop_notifications').selectAll().execute()).length;
        const notifications = await seen();
        const failures: string[] = [];
        const bodies = fc.oneof(
          hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
          fc
            .record({
              type: fc.oneof(fc.constant(6), fc.integer()),
              tts_notification_id: text,
              shop_id: fc.oneof(fc.constant('7000714532876273420'), text),
              data: hostileValue,
            })
            .map((v) => JSON.stringify(v)),
          text,
        );
        const signature = (body: string) =>
          fc.oneof(
            fc.constant(undefined),
            text,
            // Signed with a key or secret that is not A's, or A's digest upper-cased.
            fc.constant(webhookSignature('testappkey1', 'not the secret', body)),
            fc.constant(webhookSignature('otherappkey2', 'Other-App-Secret-987', body)),
            fc.constant(webhookSignature('testappkey1', 'Test-App-Secret-0123456789', body).toUpperCase()),
          );
        await fc.assert(
          fc.asyncProperty(
            bodies.chain((b) => fc.tuple(fc.constant(b), signature(b))),
            fc.constantFrom(
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
            ),
            async ([body, sig], type) => {
              const res = await h.app.app.inject({
                method: 'POST',
                url: '/api/v0.1/shop/webhook',
                headers: {
                  'content-type': type,
                  ...(sig !== undefined ? { authorization: sig.replace(/[\r\n]/g, '') } : {}),
                },
                payload: body,
              });
              if (![400, 401, 413].includes(res.statusCode))
                failures.push(`HTTP ${res.statusCode} for ${body.slice(0, 120)}`);
              return true;
            },
          ),
          { seed: SEED, numRuns: RUNS },
        );
        const huge = await h.app.app.inject({
          method: 'POST',
          url: '/api/v0.1/shop/webhook',
          headers: { 'content-type': 'application/json' },
          payload: `{"shop_id":"7000714532876273420","pad":"${'x'.repeat(70_000)}"}`,
        });
        expect(huge.statusCode).toBe(413);
        expect(failures).toEqual([]);
        expect(await shopsOf()).toEqual(before);
        expect(await seen()).toBe(notifications);
      },
    );
  });
}
