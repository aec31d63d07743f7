/**
 * Outreach as the history records it: who is connected with the shop, how many messages a creator
 * was sent before replying, who was contacted since the weekly quota's reset, and the quota itself
 * (`workspace_settings`, one row per workspace). Every query takes the workspace id.
 */
import { PLAN_CONNECTED } from '../../contract/limits.ts';
import { chunks, type Db } from './creator.repository.ts';

/**
 * Creators of `ids` connected with the shop: in a replied-or-later stage of a plan now, or ever (the
 * history's stage rows). Exempt from the weekly quota and the message limit.
 */
export async function connectedOf(db: Db, ws: number, ids: readonly number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (const part of chunks(ids)) {
    const now = await db
      .selectFrom('plan_creators')
      .select('creator_id')
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('stage', 'in', [...PLAN_CONNECTED])
      .execute();
    for (const r of now) out.add(Number(r.creator_id));
    const ever = await db
      .selectFrom('creator_events')
      .select('creator_id')
      .where('workspace_id', '=', ws)
      .where('creator_id', 'in', part)
      .where('kind', '=', 'stage')
      .where((eb) => eb.or(PLAN_CONNECTED.map((stage) => eb('detail', 'like', `${stage}:%`))))
      .execute();
    for (const r of ever) out.add(Number(r.creator_id));
  }
  return out;
}

/** Messages recorded to each of `ids` (history rows `chat` = 1); creators with none are absent. */
export async function messagesRecorded(
  db: Db,
  ws: number,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('creator_events')
      .select(['creator_id', (eb) => eb.fn.countAll().as('n')])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('kind', '=', 'chat')
      .where('detail', '=', '1')
      .groupBy('creator_id')
      .execute();
    for (const r of rows) out.set(Number(r.creator_id), Number(r.n));
  }
  return out;
}

/**
 * The creators contacted since `since`: sent a message, invited, or moved to "contacted" or
 * "invited" in a plan (each once, connected or not).
 */
export async function contactedSince(db: Db, ws: number, since: number): Promise<number[]> {
  const contacted = await db
    .selectFrom('creator_events')
    .select('creator_id')
    .distinct()
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('add_time', '>=', since)
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'chat'), eb('detail', '=', '1')]),
        eb('kind', '=', 'invitation'),
        eb.and([
          eb('kind', '=', 'stage'),
          eb.or([eb('detail', 'like', 'contacted:%'), eb('detail', 'like', 'invited:%')]),
        ]),
      ]),
    )
    .execute();
  return contacted.map((r) => Number(r.creator_id));
}

/** The workspace's weekly quota of new creators; -1 when it is not set. */
export async function weeklyQuotaOf(db: Db, ws: number): Promise<number> {
  const settings = await db
    .selectFrom('workspace_settings')
    .select('weekly_quota')
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(settings?.weekly_quota ?? -1);
}

/** Writes the workspace's settings row (made on first use) and answers it. */
export async function saveWeeklyQuota(
  db: Db,
  ws: number,
  values: {
    weekly_quota: number;
    user_id: number;
    user_name: string;
    update_time: number;
    version: number;
    /** '' a member's value, 'shop' the shop's (the quota kind); 1: the shop sets no limit. */
    quota_source: string;
    quota_unlimited: number;
    /** How many shops' figures a shop's quota combines, and the shop of the smallest (0, '' a member's). */
    quota_shops: number;
    quota_shop_name: string;
  },
) {
  const cols = ['id', 'weekly_quota', 'user_id', 'user_name', 'update_time'] as const;
  const existing = await db
    .selectFrom('workspace_settings')
    .select('id')
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  return existing
    ? db
        .updateTable('workspace_settings')
        .set({ ...values, deleted_at: null })
        .where('workspace_id', '=', ws)
        .returning(cols)
        .executeTakeFirstOrThrow()
    : db
        .insertInto('workspace_settings')
        .values({ ...values, workspace_id: ws, deleted_at: null })
        .returning(cols)
        .executeTakeFirstOrThrow();
}
