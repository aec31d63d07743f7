/**
 * Idempotency-Key fingerprints and the 30-day pruning, through real calls on both
 * engines: a key reused for another request is refused instead of replaying an unrelated answer;
 * a retry of the same request replays, whatever order its fields come in or the language it
 * asks for, for 30 days (an offline outbox can be days old); then the pruning job forgets it.
 */
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { IDEMPOTENCY_KEEP_SECONDS, pruneIdempotencyKeys } from '../jobs/idempotency-prune.ts';
import { now } from '../db/versioning.ts';

const DAY = 24 * 3600;

describeEngines('Idempotency-Key', (t) => {
  const add = (u: SignedIn, key: string, body: Record<string, unknown>, language?: 'zh-cn') =>
    t().call('POST', '/chattmp/add', body, { token: u.token, language, headers: { 'idempotency-key': key } });
  const templates = async (u: SignedIn) =>
    (await t().call('POST', '/chattmp/lists', { country: 'US' }, u)).data as { title: string }[];
  const age = (key: string, seconds: number) =>
    t()
      .database.db.updateTable('idempotency_keys')
      .set({ created_at: now() - seconds })
      .where('key', '=', key)
      .execute();

  it('refuses a key reused with another body or path (40009) and changes nothing', async () => {
    const u = await t().signUp();
    const body = { country: 'US', title: 'First', content: 'Hello' };
    const first = await add(u, 'k-body', body);
    expect(first.code).toBe(200);
    const other = await add(u, 'k-body', { ...body, title: 'Second' });
    expect(other).toEqual({ code: 40009, msg: 'Idempotency-Key reused for a different request', data: null });
    const path = await t().call(
      'POST',
      '/tags/add',
      { country: 'US', title: 'Tag' },
      { token: u.token, headers: { 'idempotency-key': 'k-body' } },
    );
    expect(path.code).toBe(40009);
    expect((await templates(u)).map((r) => r.title)).toEqual(['First']);
    const tags = await t().call('POST', '/tags/lists', { country: 'US' }, u);
    expect(tags.data.count).toBe(0);
  });

  it('replays the same request in any field order and language, and for 30 days', async () => {
    const u = await t().signUp();
    const first = await add(u, 'k-same', { country: 'US', title: 'Once', content: 'Hi' });
    expect(first.code).toBe(200);
    const reordered = await add(u, 'k-same', { content: 'Hi', title: 'Once', country: 'US' }, 'zh-cn');
    expect(reordered).toEqual(first);
    // An outbox retried 29 days later still replays.
    await age('k-same', 29 * DAY);
    expect(await pruneIdempotencyKeys(t().database.db)).toBe(0);
    expect(await add(u, 'k-same', { country: 'US', title: 'Once', content: 'Hi' })).toEqual(first);
    expect((await templates(u)).map((r) => r.title)).toEqual(['Once']);
  });

  it('prunes keys older than 30 days; a retry after that runs again', async () => {
    const u = await t().signUp();
    const body = { country: 'US', title: 'Twice', content: 'Hi' };
    expect((await add(u, 'k-old', body)).code).toBe(200);
    await age('k-old', IDEMPOTENCY_KEEP_SECONDS + 60);
    expect(await pruneIdempotencyKeys(t().database.db)).toBeGreaterThanOrEqual(1);
    const left = await t()
      .database.db.selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', 'k-old')
      .execute();
    expect(left).toEqual([]);
    expect((await add(u, 'k-old', body)).code).toBe(200);
    expect((await templates(u)).map((r) => r.title)).toEqual(['Twice', 'Twice']);
  });

  it('replays keys stored before fingerprints existed as before', async () => {
    const u = await t().signUp();
    const first = await add(u, 'k-legacy', { country: 'US', title: 'Legacy', content: 'Hi' });
    await t()
      .database.db.updateTable('idempotency_keys')
      .set({ fingerprint: null })
      .where('key', '=', 'k-legacy')
      .execute();
    expect(await add(u, 'k-legacy', { country: 'US', title: 'Other', content: 'Hi' })).toEqual(first);
  });
});
