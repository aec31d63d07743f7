/**
 * Topic tracking: the videos the collector finds per topic, their authors per
 * workspace and country, and which topics each author appeared in. Not synced to the PWA (it
 * reads them through list calls), but rows still carry version/deleted_at like synced tables.
 *
 * jobs_topic_collect_once makes "one collect job per topic while queued or running" a database
 * rule, so two server processes scheduling at the same moment cannot enqueue it twice.
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<string, any>;

const str = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'text', (c) => c.notNull().defaultTo('')), t);
const num = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0)), t);
const dbl = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'double precision', (c) => c.notNull().defaultTo(0)), t);
const optNum = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'bigint'), t);
const owned = (t: Table): Table =>
  t
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  const create = (name: string): Table => withId(db.schema.createTable(name), e);

  let videos = owned(create('topic_videos')).addColumn('topic_id', 'bigint', (c) => c.notNull());
  videos = str(videos, 'country', 'video_id', 'unique_id', 'video_desc');
  videos = num(videos, 'is_ad', 'video_create_time', 'collect_count', 'comment_count', 'digg_count');
  videos = num(videos, 'play_count', 'share_count', 'video_width', 'video_height', 'video_size');
  videos = str(videos, 'video_definition', 'video_codec_type', 'video_format', 'video_ratio');
  videos = str(videos, 'video_cover_path', 'video_download_path');
  await num(videos, 'add_time', 'update_time').execute();
  await sql`create unique index topic_videos_topic_video on topic_videos (topic_id, video_id)`.execute(db);
  await sql`create index topic_videos_list on topic_videos (workspace_id, topic_id, video_create_time)`.execute(
    db,
  );

  let authors = owned(create('topic_authors'));
  authors = str(authors, 'country', 'unique_id', 'nick_name', 'head_img', 'email', 'bio_link');
  authors = str(authors, 'signature', 'cid', 'categorys');
  authors = authors.addColumn('socialize', 'text', (c) => c.notNull().defaultTo('[]'));
  authors = num(authors, 'follower_count', 'following_count', 'friend_count', 'digg_count', 'heart');
  authors = num(authors, 'heart_count', 'video_count', 'product_count', 'units_sold_t30');
  authors = num(authors, 'video_publish_t30', 'video_view_t30');
  authors = dbl(authors, 'gmv_t30', 'video_engagement_t30');
  authors = optNum(authors, 'check_time', 'video_last_time', 'nick_update_time');
  await num(authors, 'add_time', 'update_time').execute();
  await sql`create unique index topic_authors_key on topic_authors (workspace_id, country, unique_id)`.execute(
    db,
  );
  // The amateur list: workspace + country, below a follower threshold, sorted by followers.
  await sql`create index topic_authors_followers on topic_authors (workspace_id, country, follower_count)`.execute(
    db,
  );

  await db.schema
    .createTable('topic_author_topics')
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('topic_id', 'bigint', (c) => c.notNull())
    .addColumn('author_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('topic_author_topics_pk', ['topic_id', 'author_id'])
    .execute();
  await sql`create index topic_author_topics_author on topic_author_topics (author_id)`.execute(db);

  await sql`create unique index jobs_topic_collect_once on jobs (payload)
    where kind = 'topic_collect' and status in ('queued', 'running')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
