/**
 * Two server processes on one PostgreSQL database: a change made through one reaches
 * the streams open on the other within moments, through PostgreSQL's LISTEN/NOTIFY (migration
 * 0025), both ways; a lost LISTEN connection reconnects and re-announces every stream's head.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/connection.ts';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.ts';
import { lastVersion, openLive, type LiveTap } from '../helpers/live-stream.ts';

describe('live-update stream across two processes [postgres]', () => {
  let one: TestApp & { close(): Promise<void> };
  let twoDb: Database;
  let two: FastifyInstance;
  const base: string[] = [];
  const taps: LiveTap[] = [];
  beforeAll(async () => {
    one = await createTestApp('postgres');
    twoDb = openDatabase({ dataDir: one.config.dataDir, databaseUrl: one.config.databaseUrl });
    two = await buildApp({ config: one.config, database: twoDb });
    for (const app of [one.app, two]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      base.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    taps.forEach((t) => t.close());
    // fetch (undici) keeps sockets to both servers and opened a new, silent one to the first when
    // the second closed; Node's server.close() waits for such a socket forever (docs/decisions/dependencies.md,
    // "Bounded shutdown"), so each server drops its sockets first.
    two?.server.closeAllConnections();
    await two?.close();
    await twoDb?.close();
    one?.app.server.closeAllConnections();
    await one?.close();
  });
  const open = async (i: number, u: SignedIn) => {
    const tap = await openLive(base[i]!, u.token);
    taps.push(tap);
    await tap.waitFor((e) => e.event === 'version');
    return tap;
  };
  /** A change sent to process i, as a load balancer might route it. */
  const addTag = async (i: number, u: SignedIn, title: string) => {
    const res = await fetch(`${base[i]}/api/v0.1/tags/add`, {
      method: 'POST',
      headers: { token: u.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ country: 'US', title, language: 'en-us' }),
    });
    return ((await res.json()) as { code: number }).code;
  };

  it("delivers each process's changes to the other's streams", async () => {
    const u = await one.signUp();
    const onOne = await open(0, u);
    const onTwo = await open(1, u);
    const head = lastVersion(onOne);
    expect(lastVersion(onTwo)).toBe(head);
    expect(await addTag(0, u, 'from one')).toBe(200);
    await onTwo.waitFor((e) => e.event === 'version' && e.version === head + 1, 5000);
    expect(await addTag(1, u, 'from two')).toBe(200);
    await onOne.waitFor((e) => e.event === 'version' && e.version === head + 2, 5000);
    await onTwo.waitFor((e) => e.event === 'version' && e.version === head + 2, 5000);
  });

  it('ends a stream on one process when the session signs out through the other', async () => {
    const u = await one.signUp();
    const onTwo = await open(1, u);
    const res = await fetch(`${base[0]}/api/v0.1/member/logout`, { headers: { token: u.token } });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await onTwo.waitFor((e) => e.event === 'end' && e.code === 10003, 5000);
  });

  it('a lost LISTEN connection reconnects and re-announces the head', async () => {
    const u = await one.signUp();
    const onTwo = await open(1, u);
    const before = onTwo.events.length;
    // Cut every LISTEN connection; the feed notices, reconnects with backoff and resyncs.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(
      one.database.db,
    );
    await expect.poll(() => onTwo.events.length, { timeout: 10_000 }).toBeGreaterThan(before);
    expect(onTwo.events.at(-1)).toEqual({ event: 'version', version: lastVersion(onTwo) });
    const v = lastVersion(onTwo);
    expect(await addTag(0, u, 'after the cut')).toBe(200);
    await onTwo.waitFor((e) => e.event === 'version' && e.version === v + 1, 5000);
  });
});
