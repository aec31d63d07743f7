/**
 * Idempotency-Key: a replayed mutation answers the stored response and changes
 * nothing. Uses a test-only route registered on a real app, on both engines.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import type { RouteContext } from './route-context.ts';
import { tokenOf } from './auth.ts';
import { authenticate } from '../services/session.service.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { ok } from './envelope.ts';
import { AppError } from '../domain/errors.ts';
import { mutation } from './mutation.ts';
import { route } from './route.ts';
import { encodeForm } from '../../contract/wire.ts';
import { signInDirect } from '../../tests/helpers/sync-fixtures.ts';

const addTagRequest = z.object({ title: z.string(), fail: z.string().optional() });

async function setup(engine: 'sqlite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-idem-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    databaseUrl = inject('pgAdminUrl').replace(/\/[^/]*$/, `/${dbName}`);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = openDatabase({ dataDir, databaseUrl, memory: engine === 'sqlite' });
  await migrate(database.db);
  const app = await buildApp({ config, database });
  // The test-only mutating route: adds a tag, or fails with 40001 when asked to.
  await app.register(
    async (api) => {
      // auth: false plus authenticate() in the handler keeps this independent of RouteContext.
      const ctx = {
        config,
        database,
        db: database.db,
        requireAuth: async () => {},
      } as unknown as RouteContext;
      route(
        api,
        ctx,
        { method: 'POST', path: '/test/tag.add', auth: false, request: addTagRequest, response: z.any() },
        async (req, input) => {
          req.auth = await authenticate(database.db, tokenOf(req));
          return mutation(database.db, req, async (trx, auth) => {
            if (input.fail) throw new AppError(40001, 'invalid_param', { field: 'fail' });
            const version = await nextVersion(trx, auth.workspaceId);
            const row = await trx
              .insertInto('tags')
              .values({
                workspace_id: auth.workspaceId,
                version,
                deleted_at: null,
                country: 'US',
                title: input.title,
                add_time: now(),
                update_time: now(),
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            return ok(req, { id: Number(row.id), version }, 'added');
          });
        },
      );
    },
    { prefix: '/api/v0.1' },
  );
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    if (dbName) {
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, database, close };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`Idempotency-Key [${engine}]`, () => {
    let env: { app: FastifyInstance; database: Database; close(): Promise<void> };
    beforeAll(async () => {
      env = await setup(engine);
    });
    afterAll(async () => env?.close());

    const add = async (token: string, body: Record<string, unknown>, key?: string) => {
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/v0.1/test/tag.add',
        headers: {
          token,
          'content-type': 'application/x-www-form-urlencoded',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        payload: encodeForm({ language: 'en-us', ...body }),
      });
      return res.json();
    };
    const tagCount = async (workspaceId: number) =>
      (
        await env.database.db
          .selectFrom('tags')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .execute()
      ).length;
    const seq = async (workspaceId: number) =>
      Number(
        (
          await env.database.db
            .selectFrom('workspaces')
            .select('version_seq')
            .where('id', '=', workspaceId)
            .executeTakeFirstOrThrow()
        ).version_seq,
      );

    it('answers a replay with the stored response and applies nothing again', async () => {
      const a = await signInDirect(env.database.db);
      const first = await add(a.token, { title: 'one' }, 'key-1');
      expect(first.code).toBe(200);
      const versionAfter = await seq(a.workspaceId);
      const replay = await add(a.token, { title: 'one' }, 'key-1');
      expect(replay).toEqual(first);
      expect(await tagCount(a.workspaceId)).toBe(1);
      expect(await seq(a.workspaceId)).toBe(versionAfter);
    });

    it('applies each new key, and every call without a key', async () => {
      const a = await signInDirect(env.database.db);
      await add(a.token, { title: 'x' }, 'k-a');
      await add(a.token, { title: 'x' }, 'k-b');
      await add(a.token, { title: 'x' });
      await add(a.token, { title: 'x' });
      expect(await tagCount(a.workspaceId)).toBe(4);
    });

    it('stores nothing for a failed call, so the retry with the same key runs', async () => {
      const a = await signInDirect(env.database.db);
      const failed = await add(a.token, { title: 'y', fail: '1' }, 'k-fail');
      expect(failed.code).toBe(40001);
      expect(await tagCount(a.workspaceId)).toBe(0);
      const retry = await add(a.token, { title: 'y' }, 'k-fail');
      expect(retry.code).toBe(200);
      expect(await tagCount(a.workspaceId)).toBe(1);
    });

    it("keeps keys per user: another user's identical key applies its own change", async () => {
      const a = await signInDirect(env.database.db);
      const b = await signInDirect(env.database.db);
      const ra = await add(a.token, { title: 'a' }, 'shared-key');
      const rb = await add(b.token, { title: 'b' }, 'shared-key');
      expect(rb.data.id).not.toBe(ra.data.id);
      expect(await tagCount(b.workspaceId)).toBe(1);
    });

    it('applies once when two copies of a key race', async () => {
      const a = await signInDirect(env.database.db);
      const [r1, r2] = await Promise.all([
        add(a.token, { title: 'r' }, 'race'),
        add(a.token, { title: 'r' }, 'race'),
      ]);
      expect(r1).toEqual(r2);
      expect(await tagCount(a.workspaceId)).toBe(1);
    });
  });
}
