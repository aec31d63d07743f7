import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { parseMetric } from '../../contract/schemas/intake.ts';

describeEngines('creator intake (ingest and import)', (t) => {
  let seller: SignedIn;
  let other: SignedIn;

  const json = (
    path: string,
    body: unknown,
    who: SignedIn,
    language = 'en-us',
    headers: Record<string, string> = {},
  ) =>
    t()
      .app.inject({
        method: 'POST',
        url: `/api/v0.1${path}?language=${language}`,
        headers: { token: who.token, ...headers },
        payload: body as object,
      })
      .then((r) => r.json());
  const creator = (who: SignedIn, country: string, uid: string) =>
    t()
      .database.db.selectFrom('creators')
      .selectAll()
      .where('workspace_id', '=', who.workspaceId)
      .where('country', '=', country)
      .where('unique_id', '=', uid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  beforeAll(async () => {
    seller = await t().signUp();
    other = await t().signUp();
  });

  it('ingests good profiles and rejects bad ones one by one', async () => {
    const res = await json(
      '/blogger/ingest',
      [
        {
          unique_id: '@glow.by.amy',
          country: 'us',
          follower_count: '12.3K',
          video_engagement_t30: '4.5%',
          daren_name: 'Amy',
        },
        { unique_id: 'no country here' },
        { unique_id: 'kitchen_kim', country: 'GB', gmv_t30: 1520.5, bio_link: 'https://linktr.ee/kim' },
        { country: 'US' },
        { unique_id: 'bad', country: 'US', follower_count: 'lots' },
      ],
      seller,
    );
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ received: 5, created: 2, updated: 0 });
    expect(res.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4]);
    expect(res.data.rejected[0].reason).toMatch(/letters, digits/);
    expect(res.data.rejected[2].reason).toBe('follower_count is not valid');
    const amy = await creator(seller, 'US', 'glow.by.amy');
    expect(amy).toMatchObject({
      follower_count: 12300,
      video_engagement_t30: 4.5,
      daren_name: 'Amy',
      is_chat: 0,
    });
  });

  it('rejects ids that are not TikTok handles and malformed emails, naming the reason', async () => {
    const res = await json(
      '/blogger/import',
      {
        country: 'US',
        dryRun: 1,
        rows: [
          { unique_id: 'fine.handle_1', email: 'a@b.co' },
          { unique_id: 'has-dash' },
          { unique_id: 'x'.repeat(25) },
          { unique_id: 'mail_bad', email: 'not-an-email' },
          { unique_id: 'mail_bad2', daren_email: 'a@b' },
          { unique_id: 'mail_blank', email: '' },
        ],
      },
      seller,
    );
    expect(res.code).toBe(200);
    expect(res.data.rejected.map((r: { index: number }) => r.index)).toEqual([1, 2, 3, 4]);
    expect(res.data.rejected[0].reason).toBe(
      'A creator id is a TikTok handle: letters, digits, _ and ., at most 24 characters',
    );
    expect(res.data.rejected[2].reason).toBe('The email address is not valid');
    expect(res.data).toMatchObject({ created: 2, updated: 0 });
  });

  it('updates only the fields it carries and keeps the seller’s flags', async () => {
    await t()
      .database.db.updateTable('creators')
      .set({ is_chat: 1 })
      .where('unique_id', '=', 'glow.by.amy')
      .execute();
    const before = await creator(seller, 'US', 'glow.by.amy');
    const res = await json(
      '/blogger/ingest',
      { country: 'US', creators: [{ unique_id: 'glow.by.amy', follower_count: 15000 }] },
      seller,
    );
    expect(res.data).toMatchObject({ created: 0, updated: 1, rejected: [] });
    const after = await creator(seller, 'US', 'glow.by.amy');
    expect(after).toMatchObject({
      follower_count: 15000,
      is_chat: 1,
      daren_name: 'Amy',
      video_engagement_t30: 4.5,
    });
    expect(after!.version).toBeGreaterThan(before!.version);
  });

  it('imports mapped rows: a dry run writes nothing, duplicates are reported, then the real run lands', async () => {
    const rows = [
      { unique_id: 'sam_cooks', follower_count: '1,204' },
      { unique_id: 'glow.by.amy', follower_count: '20k' },
      { unique_id: 'sam_cooks', follower_count: '1,300' },
      { unique_id: '' },
    ];
    const dry = await json('/blogger/import', { country: 'US', rows, dryRun: 1 }, seller, 'zh-cn');
    expect(dry.code).toBe(200);
    expect(dry.msg).toBe('预检：将新增 1 位达人，更新 1 位，跳过 2 位');
    expect(dry.data.rejected.map((r: { index: number; reason: string }) => [r.index, r.reason])).toEqual([
      [0, '与第 2 条重复，以后者为准'],
      [3, '缺少达人ID'],
    ]);
    expect(await creator(seller, 'US', 'sam_cooks')).toBeUndefined();
    const real = await json('/blogger/import', { country: 'US', rows }, seller);
    expect(real.data).toMatchObject({ created: 1, updated: 1 });
    expect((await creator(seller, 'US', 'sam_cooks'))!.follower_count).toBe(1300);
  });

  it('keeps workspaces apart and answers a replayed Idempotency-Key without applying twice', async () => {
    const body = [{ unique_id: 'shared_name', country: 'US', follower_count: 10 }];
    const first = await json('/blogger/ingest', body, other, 'en-us', { 'idempotency-key': 'k-1' });
    await t().database.db.deleteFrom('creators').where('workspace_id', '=', other.workspaceId).execute();
    const replay = await json('/blogger/ingest', body, other, 'en-us', { 'idempotency-key': 'k-1' });
    expect(replay).toEqual(first);
    expect(await creator(other, 'US', 'shared_name')).toBeUndefined();
    expect(await creator(seller, 'US', 'shared_name')).toBeUndefined();
  });

  it('refuses an empty or malformed body with 40001, never a 500', async () => {
    for (const body of [[], {}, { creators: 'x' }, 'not json']) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v0.1/blogger/ingest',
        headers: { token: seller.token, 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().code).toBe(40001);
    }
  });
});

it('reads metric spellings sellers paste', () => {
  expect([
    parseMetric('12.3K'),
    parseMetric('1.2M'),
    parseMetric('1,204'),
    parseMetric('3.5%'),
    parseMetric('2万'),
    parseMetric(''),
  ]).toEqual([12300, 1200000, 1204, 3.5, 20000, undefined]);
});
