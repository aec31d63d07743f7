/**
 * `npm start`'s demo shop (DEMO_SHOP, server/ops/demo-shop.ts), on the real server process: the
 * simulator runs inside it, the English demo workspace is connected through the admin's routes
 * (app saved sealed, consent, code exchange), the first sync stores the shop's order lines, and a
 * second start on the same data connects again without a second app, authorisation, shop or line.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { DEFAULT_APP } from '../../server/integrations/tiktok-shop/simulator/config.ts';
import { DEMO_ACCOUNTS } from '../../server/services/demo.ts';
import { createPgDatabase, type TestDatabase } from '../helpers/pg-database.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';

const BANNER = /Demo TikTok Shop: simulator at http:\/\/127\.0\.0\.1:\d+, connected to the demo workspace/;

async function counts(database: Database, ws: number) {
  const { db } = database;
  const n = async (table: 'shop_apps' | 'shop_authorizations' | 'shop_connections') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', ws)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lines = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('order_id').distinct().as('orders'),
    ])
    .where('workspace_id', '=', ws)
    .where('source', '=', 'api')
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('shop_connections')
    .select('shop_id')
    .where('workspace_id', '=', ws)
    .where('status', '=', 'active')
    .orderBy('shop_id')
    .execute();
  return {
    apps: await n('shop_apps'),
    authorizations: await n('shop_authorizations'),
    connections: await n('shop_connections'),
    active: active.map((r) => r.shop_id),
    lines: Number(lines.n),
    orders: Number(lines.orders),
  };
}

/** The orders kind has finished a run on every shop of the workspace since `since` (Unix s). */
async function ordersSynced(database: Database, ws: number, since: number): Promise<boolean> {
  const rows = await database.db
    .selectFrom('shop_sync_state')
    .select('last_success_at')
    .where('workspace_id', '=', ws)
    .where('kind', '=', 'orders')
    .execute();
  return (
    rows.length > 0 && rows.every((r) => r.last_success_at !== null && Number(r.last_success_at) >= since)
  );
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`demo shop at start (${engine})`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-demoshop-'));
    let pg: TestDatabase | undefined;
    let server: RunningServer | undefined;
    let database: Database | undefined;

    afterAll(async () => {
      await server?.stop();
      await database?.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const start = async () => {
      pg ??= engine === 'postgres' ? await createPgDatabase('t_demoshop') : undefined;
      server = await startServer({
        DATA_DIR: dataDir,
        DEMO_SHOP: '1',
        SEED_DEMO_CREATORS: '8',
        ...(pg ? { DATABASE_URL: pg.url, SECRETS_KEY: crypto.randomBytes(32).toString('hex') } : {}),
      });
      await expect.poll(() => server!.output(), { timeout: 60_000 }).toMatch(BANNER);
      database ??= openDatabase({ dataDir, databaseUrl: pg?.url });
      const user = await database.db
        .selectFrom('users')
        .select(['id', 'workspace_id'])
        .where('email', '=', DEMO_ACCOUNTS.en.email)
        .executeTakeFirstOrThrow();
      return { ws: Number(user.workspace_id), userId: Number(user.id) };
    };

    it('connects the demo workspace, syncs its orders, and a second start changes nothing', async () => {
      const { ws, userId } = await start();
      await expect.poll(() => ordersSynced(database!, ws, 0), { timeout: 90_000, interval: 500 }).toBe(true);
      const first = await counts(database!, ws);
      expect(first).toMatchObject({ apps: 1, authorizations: 1, connections: 2 });
      // The simulator's seller has a US and a GB shop (server/integrations/tiktok-shop/simulator/config.ts).
      expect(first.active).toEqual(['7000714532876273420', '7495540735365777507']);
      expect(first.lines).toBeGreaterThan(100);
      // The app secret is sealed as a real one is; the session that stood in for the admin is over.
      const app = await database!.db
        .selectFrom('shop_apps')
        .select(['app_key', 'app_secret_enc'])
        .where('workspace_id', '=', ws)
        .executeTakeFirstOrThrow();
      expect(app.app_key).toBe(DEFAULT_APP.appKey);
      expect(String(app.app_secret_enc)).not.toContain(DEFAULT_APP.appSecret);
      const live = await database!.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      const authorizedAt = await database!.db
        .selectFrom('shop_authorizations')
        .select('token_version')
        .where('workspace_id', '=', ws)
        .executeTakeFirstOrThrow();

      await server!.stop();
      const firstOutput = server!.output();
      // Reconnecting makes every kind due at once, so the orders kind reads the shop again.
      const restartedAt = Math.floor(Date.now() / 1000);
      await start();
      // Connected again (a fresh consent: the tokens of the last start's simulator are gone) …
      const again = await database!.db
        .selectFrom('shop_authorizations')
        .select('token_version')
        .where('workspace_id', '=', ws)
        .executeTakeFirstOrThrow();
      expect(Number(again.token_version)).toBe(Number(authorizedAt.token_version) + 1);
      expect(server!.output()).not.toBe(firstOutput);
      await expect
        .poll(() => ordersSynced(database!, ws, restartedAt), { timeout: 90_000, interval: 500 })
        .toBe(true);
      // … without a second app, authorisation, shop or order line.
      expect(await counts(database!, ws)).toEqual(first);
    }, 240_000);
  });
}

describe('demo shop at start, when the demo workspace has its own app (sqlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-demoshop-own-'));
  let server: RunningServer | undefined;
  let database: Database | undefined;

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the seller’s app and shops alone and says why in the banner', async () => {
    const env = { DATA_DIR: dataDir, SEED_DEMO_CREATORS: '8' };
    server = await startServer({ ...env, DEMO_SHOP: '0' });
    await server.stop();
    database = openDatabase({ dataDir });
    const user = await database.db
      .selectFrom('users')
      .select(['id', 'workspace_id'])
      .where('email', '=', DEMO_ACCOUNTS.en.email)
      .executeTakeFirstOrThrow();
    const ws = Number(user.workspace_id);
    const own = {
      workspace_id: ws,
      app_key: 'sellers-own-app',
      app_secret_enc: 'sealed-elsewhere',
      service_id: '42',
      user_id: Number(user.id),
      created_at: 1,
      updated_at: 1,
    };
    await database.db.insertInto('shop_apps').values(own).execute();

    server = await startServer({ ...env, DEMO_SHOP: '1' });
    await expect
      .poll(() => server!.output(), { timeout: 60_000 })
      .toMatch(
        /Demo TikTok Shop: simulator at \S+, not connected \(the demo workspace uses its own TikTok Shop app\)/,
      );
    const apps = await database.db
      .selectFrom('shop_apps')
      .selectAll()
      .where('workspace_id', '=', ws)
      .execute();
    expect(apps).toEqual([expect.objectContaining({ ...own, id: expect.anything() })]);
    const consents = await database.db.selectFrom('shop_consents').select('id').execute();
    expect(consents).toEqual([]);
  }, 120_000);
});
