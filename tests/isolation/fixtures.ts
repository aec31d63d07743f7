/**
 * Seeds a workspace with one row of every synced table (inserted directly, not through the API)
 * and snapshots everything a workspace owns. Every free-text value carries `marker`, so a leak
 * shows up as the marker in a response; ids never carry it, since the probes send them.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';
import { nextVersion, now } from '../../server/db/versioning.ts';
import type { IdPools } from './probe.ts';

export async function seedWorkspace(
  db: Kysely<DB>,
  workspaceId: number,
  prefix: string,
  marker: string,
): Promise<IdPools & { secrets: string[] }> {
  const t = now();
  const version = await nextVersion(db, workspaceId);
  const synced = {
    workspace_id: workspaceId,
    version,
    deleted_at: null,
    country: 'US',
    add_time: t,
    update_time: t,
  };
  const numbers: number[] = [];
  const strings: string[] = [];
  const text = (what: string) => `${marker} ${prefix} ${what}`;

  for (let i = 1; i <= 2; i++) {
    const unique = `${prefix}_creator_${i}`;
    const c = await db
      .insertInto('creators')
      .values({
        ...synced,
        unique_id: unique,
        status: 1,
        is_chat: 1,
        is_invitation: 1,
        is_black: 0,
        daren_name: text('daren'),
        daren_sex: 'F',
        daren_email: `${prefix}${i}@example.com`,
        daren_phone: '13900000000',
        signature: text('signature'),
        daren_socialize: text('social'),
        daren_addr: text('address'),
        email: `${prefix}${i}@example.com`,
        bio_link: 'https://example.com',
        nick_name: text('nick'),
        head_img: '',
        categorys: text('category'),
        product_count: 3,
        gmv_t30: 12.5,
        video_count: 7,
        units_sold_t30: 1,
        video_publish_t30: 1,
        video_view_t30: 100,
        video_engagement_t30: 0.5,
        digg_count: 1,
        following_count: 1,
        heart: 1,
        heart_count: 1,
        follower_count: 5000 * i,
        video_last_time: t,
        check_time: t,
        nick_update_time: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = await db
      .insertInto('tags')
      .values({ ...synced, title: text(`tag ${i}`) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('creator_tags')
      .values({ workspace_id: workspaceId, creator_id: c.id, tag_id: tag.id })
      .execute();
    numbers.push(c.id, tag.id);
    strings.push(unique);
    if (i === 1) numbers.push(...(await seedWorkbench(db, workspaceId, Number(c.id), version, text)));
  }

  const tpl = await db
    .insertInto('chat_templates')
    .values({ ...synced, title: text('template'), content: text('template content') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const product = await db
    .insertInto('products')
    .values({
      ...synced,
      product_id: `${prefix}PROD1`,
      product_title: text('product'),
      category: text('product category'),
      product_img: 'https://example.com/p.png',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({
      ...synced,
      challenge_id: `${prefix}CH1`,
      challenge_title: text('topic'),
      end_time: t + 86_400 * 30,
      cover_larger: '',
      video_count: 1,
      view_count: 1,
      is_commerce: 0,
      check_time: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inv = await db
    .insertInto('invitations')
    .values({
      ...synced,
      unique_id: `${prefix}_creator_1`,
      status: 3,
      sub_status: 2,
      daren_name: text('invitee'),
      daren_sex: 'F',
      daren_email: `${prefix}inv@example.com`,
      daren_phone: '13900000001',
      daren_addr: text('invitee address'),
      logistics: text('logistics'),
      cooperate: text('cooperate'),
      product_id: `${prefix}PROD1`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hist = await db
    .insertInto('invitation_history')
    .values({
      workspace_id: workspaceId,
      invitation_id: inv.id,
      user_id: null,
      status: 3,
      sub_status: 2,
      note: text('history'),
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const black = await db
    .insertInto('blacklist')
    .values({ ...synced, unique_id: `${prefix}_black_1`, reason: text('reason') })
    .returning('id')
    .executeTakeFirstOrThrow();
  numbers.push(tpl.id, product.id, topic.id, inv.id, hist.id, black.id);
  strings.push(`${prefix}PROD1`, `${prefix}CH1`, `${prefix}_black_1`);

  const tables = await db.introspection.getTables();
  if (tables.some((tb) => tb.name === 'jobs')) {
    const job = await db
      .insertInto('jobs')
      .values({
        kind: 'export',
        workspace_id: workspaceId,
        user_id: null,
        payload: JSON.stringify({ type: 'blogger', country: 'US', note: text('job') }),
        status: 'done',
        attempts: 1,
        claimed_by: null,
        heartbeat_at: null,
        progress: 2,
        total: 2,
        result: JSON.stringify({ note: text('job result') }),
        error: null,
        file_token: `${prefix}filetoken${workspaceId}`,
        expires_at: t + 86_400 * 365,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    numbers.push(job.id);
  }
  // Values only A knows: its text (marker), e-mail addresses and the export's file token.
  const secrets = [marker, `${prefix}1@example.com`, `${prefix}inv@example.com`, `${prefix}filetoken`];
  return { numbers: [...new Set(numbers)].map(String), strings, secrets };
}

/**
 * Every row a workspace owns: each table with a workspace_id column (found at run time, so tables
 * added later count), its workspace row, and its team's memberships.
 */
export async function snapshot(db: Kysely<DB>, workspaceId: number): Promise<Record<string, string[]>> {
  const any = db as unknown as Kysely<any>;
  const out: Record<string, string[]> = {};
  const tables = await db.introspection.getTables();
  for (const table of tables) {
    if (!table.columns.some((c) => c.name === 'workspace_id')) continue;
    const rows = await any
      .selectFrom(table.name)
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .execute();
    out[table.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const ws = await db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).execute();
  out.workspaces = ws.map((r) => JSON.stringify(r));
  const members = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .selectAll('team_members')
    .where('teams.workspace_id', '=', workspaceId)
    .execute();
  out.team_members = members.map((r) => JSON.stringify(r)).sort();
  return out;
}

/**
 * A note, a follow-up and a history row on one creator, a saved view, a plan with the creator in it
 * and an imported order line of theirs; answers their ids.
 */
async function seedWorkbench(
  db: Kysely<DB>,
  workspaceId: number,
  creatorId: number,
  version: number,
  text: (what: string) => string,
): Promise<number[]> {
  const t = now();
  const own = { workspace_id: workspaceId, version, deleted_at: null, creator_id: creatorId, add_time: t };
  const by = { user_id: 1, user_name: text('author') };
  const note = await db
    .insertInto('creator_notes')
    .values({ ...own, ...by, content: text('note'), update_time: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  const followup = await db
    .insertInto('creator_followups')
    .values({ ...own, ...by, due_date: '2030-01-01', text: text('follow-up'), done_time: 0, update_time: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('creator_events')
    .values({ ...own, ...by, kind: 'note', detail: text('event') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const view = await db
    .insertInto('saved_views')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      ...by,
      title: text('view'),
      query: 'country=US&chat=1',
      add_time: t,
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A plan with this creator in it.
  const plan = await db
    .insertInto('plans')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      ...by,
      name: text('plan'),
      country: 'US',
      add_time: t,
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const member = await db
    .insertInto('plan_creators')
    .values({
      ...own,
      ...by,
      plan_id: Number(plan.id),
      stage: 'declined',
      reason: text('reason'),
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An import of an order download and one of its lines, naming this creator.
  const imp = await db
    .insertInto('order_imports')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      ...by,
      ref: `ref${workspaceId}x${creatorId}`,
      file_name: text('orders.csv'),
      country: 'US',
      layout: 'affiliate',
      lines: 1,
      add_time: t,
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const creator = await db
    .selectFrom('creators')
    .select('unique_id')
    .where('id', '=', creatorId)
    .executeTakeFirstOrThrow();
  const line = await db
    .insertInto('orders')
    .values({
      workspace_id: workspaceId,
      layout: 'affiliate',
      order_id: `57690${creatorId}`,
      sku_id: '1',
      content_id: '1',
      product_id: '1',
      creator: creator.unique_id,
      country: 'US',
      currency: 'USD',
      status: text('status'),
      quantity: 1,
      void: 0,
      created_time: t,
      add_time: t,
      update_time: t,
      gmv: 12.5,
      commission: 1.25,
      import_id: imp.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A video this creator posted for the plan, with one snapshot of its figures.
  const content = await db
    .insertInto('contents')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      ...by,
      country: 'US',
      handle: creator.unique_id,
      creator_id: creatorId,
      plan_id: Number(plan.id),
      product_ids: '1',
      video_id: `73100${creatorId}`,
      link: `https://www.tiktok.com/@${creator.unique_id}/video/73100${creatorId}`,
      kind: 'video',
      source: 'hand',
      post_time: t,
      add_time: t,
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('content_snapshots')
    .values({ workspace_id: workspaceId, content_id: content.id, taken_at: t, views: 10, gmv: 1.5 })
    .execute();
  // An ad spend on that video, with its history row.
  const cost = await db
    .insertInto('plan_costs')
    .values({
      workspace_id: workspaceId,
      version,
      deleted_at: null,
      ...by,
      plan_id: Number(plan.id),
      creator_id: creatorId,
      kind: 'ad',
      content_id: Number(content.id),
      amount_cents: 1234,
      currency: 'USD',
      start_date: '2026-03-01',
      channel: 'spark',
      note: text('cost note'),
      add_time: t,
      update_time: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('plan_cost_history')
    .values({
      workspace_id: workspaceId,
      cost_id: cost.id,
      action: 'add',
      amount_cents: 1234,
      note: text('cost history'),
      ...by,
      at: t,
    })
    .execute();
  return [note.id, followup.id, event.id, view.id, plan.id, member.id, imp.id, line.id, content.id, cost.id];
}
