/**
 * Hostile Host headers (DNS rebinding), on both engines: random domain names with any port, names
 * built around ours (`desk.example.com.evil`, `localhost.evil`), IP literals and junk, sent to the
 * sign-in call with the demo login, a page, a file and the ops endpoint. Never a 5xx; every host
 * that is not a loopback name, the configured site or its `api.` sibling is refused with 421 and
 * no session is made. Seed: FUZZ_SEED.
 */
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeForm } from '../../contract/wire.ts';
import { DEMO_ACCOUNTS } from '../../server/services/demo.ts';
import { ensureDemoAccounts } from '../../server/services/seed.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 10;
const SITE = 'desk.example.com';

const port = fc.option(
  fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
  { nil: '' },
);
/** Names that are not ours: random domains, and ours with something put before or after. */
const foreignName = fc.oneof(
  fc
    .domain()
    .filter((d) => d !== 'localhost' && !d.endsWith('.localhost') && d !== SITE && d !== `api.${SITE}`),
  fc.domain().map((d) => `${SITE}.${d}`),
  fc.domain().map((d) => `localhost.${d}`),
  fc.domain().map((d) => `127.0.0.1.${d}`),
  fc
    .domain()
    .map((d) => `${d}.${SITE}`)
    .filter((d) => d !== `api.${SITE}`),
  fc.ipV4().filter((ip) => !ip.startsWith('127.')),
  fc
    .ipV6()
    .filter((ip) => ipaddr.process(ip).range() !== 'loopback')
    .map((ip) => `[${ip}]`),
);
/** Values that are no Host header at all. */
const junk = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => !/^[a-z0-9_.-]*(:\d+)?$/i.test(s)),
  fc.constantFrom('localhost:5180:1', 'user@127.0.0.1', '127.0.0.1/x', '[::1', '[::1]x', '%6cocalhost'),
);

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`hostile Host headers [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    beforeAll(async () => {
      t = await createTestApp(engine, { CREATORDESK_SITE: SITE, OPS_TOKEN: 'o'.repeat(32) });
      await ensureDemoAccounts(t.database);
    });
    afterAll(async () => t?.close());

    it('refuses every host that is not ours with 421, never a 5xx, and no session is made', async () => {
      const sessions = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('sessions')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await sessions();
      const signIn = encodeForm({
        language: 'en-us',
        sys_tag: 'tiktok-sys',
        isPassword: 1,
        email: DEMO_ACCOUNTS.en.email,
        password: DEMO_ACCOUNTS.en.password,
        force: 1,
      });
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(foreignName, port).map(([n, p]) => n + p),
            junk,
          ),
          fc.constantFrom('/api/v0.1/member/getToken', '/', '/home', '/files/x.png', '/ops/ready'),
          async (host, url) => {
            const post = url === '/api/v0.1/member/getToken';
            const res = await t.app.inject({
              method: post ? 'POST' : 'GET',
              url,
              headers: {
                host,
                origin: `http://${host}`,
                'content-type': 'application/x-www-form-urlencoded',
                authorization: `Bearer ${'o'.repeat(32)}`,
              },
              ...(post ? { payload: signIn } : {}),
            });
            expect(res.statusCode, host).toBeLessThan(500);
            expect(res.statusCode, host).toBe(421);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      expect(await sessions()).toBe(before);
    });
  });
}
