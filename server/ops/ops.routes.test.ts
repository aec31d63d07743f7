/**
 * The operators' view on both engines: /ops/ready and /ops/metrics only with the ops token (404
 * without one configured, 401 for a wrong one), readiness that fails while draining or while a
 * migration is missing, and metrics that count requests by route pattern, sync pulls and outbox
 * pushes by code, waiting jobs and open event streams, without ever carrying workspace data.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

const TOKEN = crypto.randomBytes(24).toString('hex');
const auth = { authorization: `Bearer ${TOKEN}` };

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`operators' view [${engine}]`, () => {
    let t: TestApp & { close(): Promise<void> };
    let closed: TestApp & { close(): Promise<void> };
    beforeAll(async () => {
      t = await createTestApp(engine, { OPS_TOKEN: TOKEN });
      closed = await createTestApp('sqlite');
    });
    afterAll(async () => {
      await t?.close();
      await closed?.close();
    });
    const get = (url: string, headers: Record<string, string> = {}, app = t) =>
      app.app.inject({ method: 'GET', url, headers });

    it('answers 404 without a configured token and 401 for a missing or wrong one', async () => {
      for (const url of ['/ops/ready', '/ops/metrics']) {
        expect((await get(url, auth, closed)).statusCode, url).toBe(404);
        const missing = await get(url);
        expect(missing.statusCode, url).toBe(401);
        expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
        expect((await get(url, { authorization: `Bearer ${TOKEN}x` })).statusCode, url).toBe(401);
        expect((await get(url, { authorization: TOKEN })).statusCode, url).toBe(401);
        expect(missing.body).not.toMatch(/sqlite|postgres|ready/);
      }
    });

    it('is ready with the database reachable and every migration run; not while draining', async () => {
      const res = await get('/ops/ready', auth);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ready: true,
        draining: false,
        database: 'reachable',
        engine,
        pending_migrations: [],
      });
      t.app.lifecycle.draining = true;
      try {
        const draining = await get('/ops/ready', auth);
        expect(draining.statusCode).toBe(503);
        expect(draining.json()).toMatchObject({ ready: false, draining: true });
        // Still serving everything else while the proxy takes it out of rotation.
        expect((await get('/api/v0.1/health')).statusCode).toBe(200);
      } finally {
        t.app.lifecycle.draining = false;
      }
    });

    it('is not ready while a migration this code knows has not run', async () => {
      const { db } = t.database;
      const last = await db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .orderBy('name' as never, 'desc')
        .executeTakeFirstOrThrow();
      const row = last as { name: string; timestamp: string };
      await db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', row.name as never)
        .execute();
      try {
        const res = await get('/ops/ready', auth);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ ready: false, pending_migrations: [row.name] });
      } finally {
        await db
          .insertInto('kysely_migration' as never)
          .values(row as never)
          .execute();
      }
      expect((await get('/ops/ready', auth)).statusCode).toBe(200);
    });

    it('counts requests by route, sync pulls and outbox pushes by code, jobs and event streams', async () => {
      const user = await t.signUp();
      const secret = `metricsSecret${crypto.randomBytes(4).toString('hex')}`;
      const key = crypto.randomUUID();
      const add = () =>
        t.call(
          'POST',
          '/tags/add',
          { country: 'US', title: secret },
          { token: user.token, headers: { 'idempotency-key': key } },
        );
      expect((await add()).code).toBe(200);
      expect((await add()).code).toBe(200); // the replay
      expect(
        (await t.call('POST', '/sync/pull', { cursor: '', limit: 10 }, { token: user.token })).code,
      ).toBe(200);
      expect((await t.call('POST', '/sync/pull', { cursor: '', limit: 10 })).code).toBe(10002);
      await t.database.db
        .insertInto('jobs')
        // A kind no runner handles, so it stays queued.
        .values({
          kind: 'ops-test-never-claimed',
          workspace_id: user.workspaceId,
          payload: '{}',
          status: 'queued',
          attempts: 0,
          progress: 0,
          total: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      t.app.metrics.eventStreams.inc(2); // what the live-update stream will do per stream
      const res = await get('/ops/metrics', auth);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;
      expect(text).toContain('creatordesk_outbox_pushes_total{code="200"} 2');
      expect(text).toContain('creatordesk_sync_pulls_total{code="200"} 1');
      expect(text).toContain('creatordesk_sync_pulls_total{code="10002"} 1');
      expect(text).toMatch(
        /creatordesk_http_request_duration_seconds_count\{method="POST",route="\/api\/v0\.1\/tags\/add",status_code="200"\} 2/,
      );
      expect(text).toContain('creatordesk_jobs{status="queued"} 1');
      expect(text).toContain('creatordesk_event_streams_open 2');
      t.app.metrics.eventStreams.dec(2);
      expect(text).toContain('process_cpu_seconds_total');
      // Labels are route patterns and codes: no user's text, token or key ever appears.
      for (const leak of [secret, user.token, key]) expect(text).not.toContain(leak);
    });
  });
}
