/**
 * Content: what creators posted (docs/decisions/plans.md, "Content and post-by dates").
 *
 * - `contents` (workspace-owned, version + deleted_at like the mirrored tables): one row per video or
 *   LIVE in a workspace and country, unique on the video id among all rows (a deleted record's
 *   tombstone is revived when the same video is added again). `handle` is the creator as the link
 *   names them, `creator_id` their row when the workspace had them at the time (0: not yet);
 *   `product_ids` TikTok product ids, comma-separated; `plan_id` 0 when not for a plan.
 * - `content_snapshots`: a record's performance at a moment (views, likes, comments, orders, GMV),
 *   one row per (record, taken_at), so a chart can draw its first 7 / 30 days.
 * - `plans.post_within_days`: days a creator has to post after samples ship (default 14, TikTok's).
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { dbl, num, str, synced } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await num(
    str(
      synced(withId(db.schema.createTable('contents'), e)),
      'country',
      'handle',
      'product_ids',
      'video_id',
      'link',
      'kind',
      'source',
      'user_name',
    ),
    'creator_id',
    'plan_id',
    'post_time',
    'user_id',
    'add_time',
    'update_time',
  ).execute();
  await sql`create unique index contents_video on contents (workspace_id, country, video_id)`.execute(db);
  await sql`create index contents_sync on contents (workspace_id, version)`.execute(db);
  await sql`create index contents_handle on contents (workspace_id, country, handle)`.execute(db);
  await sql`create index contents_plan on contents (workspace_id, plan_id)`.execute(db);

  await dbl(
    num(
      withId(db.schema.createTable('content_snapshots'), e).addColumn('workspace_id', 'bigint', (c) =>
        c.notNull(),
      ),
      'content_id',
      'taken_at',
      'views',
      'likes',
      'comments',
      'orders',
    ),
    'gmv',
  ).execute();
  await sql`create unique index content_snapshots_at on content_snapshots (workspace_id, content_id, taken_at)`.execute(
    db,
  );

  await db.schema
    .alterTable('plans')
    .addColumn('post_within_days', 'bigint', (c) => c.notNull().defaultTo(14))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
