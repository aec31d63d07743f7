import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { blankCreator } from '../db/creator.repository.ts';
import { parseExportLink } from './export-link.ts';
import {
  AMATEUR_COLUMNS,
  BLACKLIST_COLUMNS,
  CREATOR_COLUMNS,
  INVITATION_COLUMNS,
} from '../jobs/export-columns.ts';

describeEngines('exports', (t) => {
  let seller: SignedIn;
  let vipSeller: SignedIn;

  /** Inserts `n` creators in US: every 2nd chatted, every 3rd invited; and 2 blacklist rows. */
  async function fill(ws: number, n: number) {
    const { db } = t().database;
    const version = await nextVersion(db, ws);
    const base = {
      workspace_id: ws,
      version,
      deleted_at: null,
      country: 'US',
      add_time: now(),
      update_time: now(),
    };
    const creator = (unique_id: string, country = 'US') =>
      blankCreator(ws, country, unique_id, version, now());
    const rows = Array.from({ length: n }, (_, i) => ({
      ...creator(`creator_${i}`),
      daren_name: `Creator ${i}`,
      follower_count: i * 1000,
      is_chat: i % 2 === 0 ? 1 : 0,
      is_invitation: i % 3 === 0 ? 1 : 0,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('creators')
        .values(rows.slice(i, i + 500))
        .execute();
    await db.insertInto('creators').values(creator('gb_only', 'GB')).execute();
    await db
      .insertInto('blacklist')
      .values([
        { ...base, unique_id: 'creator_1', reason: 'rude' },
        { ...base, unique_id: 'creator_2', reason: 'fake views' },
      ])
      .execute();
    // Amateurs are topic authors below the threshold (10,000) linked to a live topic.
    const topic = (title: string, deleted: number | null) =>
      db
        .insertInto('topics')
        // Columns not named here take the schema's defaults.
        .values({ ...base, deleted_at: deleted, challenge_id: title, challenge_title: title } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    const live = await topic('glowup', null);
    const gone = await topic('oldtrend', now());
    const authors = [
      ...Array.from({ length: 5 }, (_, i) => ({ uid: `amateur_${i}`, followers: 500 + i, topic: live.id })),
      { uid: 'big_author', followers: 50_000, topic: live.id },
      { uid: 'only_in_deleted_topic', followers: 100, topic: gone.id },
    ];
    for (const a of authors) {
      const row = await db
        .insertInto('topic_authors')
        .values({
          ...base,
          unique_id: a.uid,
          nick_name: a.uid.toUpperCase(),
          follower_count: a.followers,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('topic_author_topics')
        .values({ workspace_id: ws, topic_id: a.topic, author_id: row.id })
        .execute();
    }
  }

  async function exportRows(who: SignedIn, type: string, language: 'en-us' | 'zh-cn' = 'en-us') {
    const created = await t().call(
      'POST',
      '/blogger/download',
      { type, country: 'US' },
      { token: who.token, language },
    );
    expect(created.code).toBe(200);
    await t().app.inject({ method: 'GET', url: '/api/v0.1/health' });
    let info;
    for (let i = 0; i < 100; i++) {
      info = await t().call('POST', '/blogger/download.info', { id: created.data.id }, { token: who.token });
      if (info.data.file_path) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(info!.data.file_path).toMatch(/^\/api\/v0\.1\/files\/export\/\d+-\d+-\d+-[\w-]{43}$/);
    const res = await t().app.inject({ method: 'GET', url: info!.data.file_path });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    const [header, ...rows] = values.map((r) => (r ?? []).slice(1));
    return { header: header as string[], rows, info: info!.data, path: info!.data.file_path as string };
  }

  beforeAll(async () => {
    seller = await t().signUp();
    vipSeller = await t().signUp();
    await t()
      .database.db.updateTable('users')
      .set({ vip_until: now() + 86400 })
      .where('id', '=', vipSeller.userId)
      .execute();
    await fill(vipSeller.workspaceId, 1200);
    await fill(seller.workspaceId, 1200);
  });

  it('requires a type, with the spec message', async () => {
    const res = await t().call('POST', '/blogger/download', { country: 'US' }, { token: seller.token });
    expect(res).toMatchObject({ code: 40001, msg: 'Select the influencer type to download' });
    const zh = await t().call(
      'POST',
      '/blogger/download',
      { type: 'nope' },
      { token: seller.token, language: 'zh-cn' },
    );
    expect(zh).toMatchObject({ code: 40001, msg: '请选择要下载的达人类型' });
  });

  it('writes every creator type with the right rows and localised headers (VIP: no cap)', async () => {
    const expected: Record<string, number> = {
      blogger: 1200,
      chat: 600,
      unchat: 600,
      uninvitation: 800,
    };
    for (const [type, count] of Object.entries(expected)) {
      const { header, rows } = await exportRows(vipSeller, type);
      expect(header).toEqual(CREATOR_COLUMNS.map((c) => c['en-us']));
      expect(rows.length, type).toBe(count);
      expect(rows.every((r) => r[2] === 'US')).toBe(true);
    }
    const zh = await exportRows(vipSeller, 'chat', 'zh-cn');
    expect(zh.header).toEqual(CREATOR_COLUMNS.map((c) => c['zh-cn']));
    expect(new Set(zh.rows.map((r) => r[11]))).toEqual(new Set(['已建联']));
  });

  it("exports invitations with the invitation's own fields (status, sample status, product ids, dates)", async () => {
    const call = (method: string, path: string, body: Record<string, unknown>) =>
      t().call(method, path, body, { token: vipSeller.token });
    const added = await call('POST', '/blogger/invitation.add', {
      country: 'US',
      bloggers: ['creator_3', 'creator_6'],
      productIds: ['P-1', 'P-2'],
      isInvitation: 1,
    });
    expect(added.code).toBe(200);
    const list = await call('POST', '/blogger/invitation.lists', { country: 'US', page: 1, limit: 10 });
    const six = list.data.list.find((r: { unique_id: string }) => r.unique_id === 'creator_6');
    expect(
      (
        await call('PUT', '/blogger/invitation.edit', {
          id: six.blogger_invitation_id ?? six.id,
          status: 3,
          sub_status: 2,
        })
      ).code,
    ).toBe(200);

    const { header, rows } = await exportRows(vipSeller, 'invitation');
    expect(header).toEqual(INVITATION_COLUMNS.map((c) => c['en-us']));
    const col = (key: string) => INVITATION_COLUMNS.findIndex((c) => c.key === key);
    const byId = new Map(rows.map((r) => [r[col('unique_id')], r]));
    expect([...byId.keys()].sort()).toEqual(['creator_3', 'creator_6']);
    expect(byId.get('creator_6')![col('status_str')]).toBe('Cooperating');
    expect(byId.get('creator_6')![col('sub_status_str')]).toBe('Sample sent');
    expect(byId.get('creator_3')![col('status_str')]).toBe('Connecting');
    expect(byId.get('creator_3')![col('product_id')]).toBe('P-1,P-2');
    expect(byId.get('creator_3')![col('follower_count')]).toBe(3000);
    expect(String(byId.get('creator_3')![col('add_time')])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const zh = await exportRows(vipSeller, 'invitation', 'zh-cn');
    expect(zh.header).toEqual(INVITATION_COLUMNS.map((c) => c['zh-cn']));
    expect(new Set(zh.rows.map((r) => r[col('status_str')]))).toEqual(new Set(['建联中', '合作中']));
  });

  it('states the row count and the caller’s cap before an export starts', async () => {
    const preview = (who: SignedIn, type: string, country = 'US') =>
      t().call('POST', '/blogger/download.preview', { type, country }, { token: who.token });
    for (const [type, rows] of [
      ['blogger', 1200],
      ['chat', 600],
      ['unchat', 600],
      ['uninvitation', 800],
      ['black', 2],
      ['layman', 5],
    ] as const) {
      const free = await preview(seller, type);
      expect(free, type).toMatchObject({ code: 200, data: { type, country: 'US', rows, cap: 500 } });
      expect((await preview(vipSeller, type)).data).toMatchObject({ rows, cap: null });
    }
    expect((await preview(seller, 'blogger', 'GB')).data.rows).toBe(1);
    expect((await preview(seller, 'invitation')).data.rows).toBe(0);
    expect((await preview(seller, '')).code).toBe(40001);
  });

  it("lists the caller's own export jobs, newest first, with their rows and file while valid", async () => {
    const { info } = await exportRows(seller, 'chat');
    const mine = await t().call('POST', '/blogger/download.lists', {}, { token: seller.token });
    expect(mine.code).toBe(200);
    const [newest] = mine.data.list;
    expect(newest).toMatchObject({
      id: info.id,
      type: 'chat',
      country: 'US',
      status: 'done',
      progress: 500,
      capped: true,
    });
    // Each answer signs the link afresh, so its expiry second may differ from download.info's: the
    // list's link names the same job and user, and expires within the same second or the next.
    const link = (path: string) => parseExportLink(path.slice(path.lastIndexOf('/') + 1))!;
    const listed = link(newest.file_path);
    const given = link(info.file_path);
    expect(listed.jobId).toBe(info.id);
    expect(listed.signed?.userId).toBe(given.signed?.userId);
    expect(listed.signed!.expires - given.signed!.expires).toBeGreaterThanOrEqual(0);
    expect(listed.signed!.expires - given.signed!.expires).toBeLessThanOrEqual(5);
    expect(newest.add_time).toBeGreaterThan(0);
    expect(newest.expires_at).toBeGreaterThan(newest.add_time);
    const ids = mine.data.list.map((j: { id: number }) => j.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    // Another account's list never shows them.
    const theirs = await t().call('POST', '/blogger/download.lists', {}, { token: vipSeller.token });
    expect(theirs.data.list.map((j: { id: number }) => j.id)).not.toContain(info.id);
    // An expired file is listed without its link.
    await t()
      .database.db.updateTable('jobs')
      .set({ expires_at: now() - 1 })
      .where('id', '=', info.id)
      .execute();
    const later = await t().call('POST', '/blogger/download.lists', {}, { token: seller.token });
    expect(later.data.list[0]).toMatchObject({ id: info.id, file_path: null });
  });

  it('exports the amateur list (topic authors below the threshold on live topics)', async () => {
    const { header, rows } = await exportRows(vipSeller, 'layman', 'zh-cn');
    expect(header).toEqual(AMATEUR_COLUMNS.map((c) => c['zh-cn']));
    expect(rows.map((r) => r[0]).sort()).toEqual([
      'amateur_0',
      'amateur_1',
      'amateur_2',
      'amateur_3',
      'amateur_4',
    ]);
  });

  it('exports the blacklist with reasons', async () => {
    const { header, rows } = await exportRows(vipSeller, 'black');
    expect(header).toEqual(BLACKLIST_COLUMNS.map((c) => c['en-us']));
    expect(rows.map((r) => [r[0], r[5]]).sort()).toEqual([
      ['creator_1', 'rude'],
      ['creator_2', 'fake views'],
    ]);
  });

  it('caps the free tier at 500 rows and says so', async () => {
    const { rows, info } = await exportRows(seller, 'blogger');
    expect(rows.length).toBe(500);
    expect(info.capped).toBe(true);
  });

  it('hides other workspaces’ jobs and refuses expired or wrong links', async () => {
    const created = await t().call(
      'POST',
      '/blogger/download',
      { type: 'chat', country: 'US' },
      { token: vipSeller.token },
    );
    const other = await t().call(
      'POST',
      '/blogger/download.info',
      { id: created.data.id },
      { token: seller.token },
    );
    expect(other.code).toBe(40004);
    const { path } = await exportRows(vipSeller, 'unchat');
    const wrong = await t().app.inject({
      method: 'GET',
      url: path.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
    });
    expect(wrong.statusCode).toBe(404);
    const jobId = Number(path.split('/').pop()!.split('-')[0]);
    await t()
      .database.db.updateTable('jobs')
      .set({ expires_at: now() - 1 })
      .where('id', '=', jobId)
      .execute();
    const expired = await t().app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().code).toBe(40004);
  });
});
