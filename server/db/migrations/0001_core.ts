/**
 * The core schema: accounts, workspaces, teams and every synced seller table.
 * One migration for both engines; only the id column differs (see dialect.ts).
 */
import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { engineOf, withId } from '../dialect.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
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
/** workspace_id, version, deleted_at: the columns sync builds on. */
const synced = (t: Table): Table =>
  t
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint');

export async function up(db: AnyDb): Promise<void> {
  const e = engineOf(db);
  const create = (name: string): Table => withId(db.schema.createTable(name), e);

  await num(
    create('workspaces').addColumn('kind', 'text', (c) => c.notNull()),
    'version_seq',
    'created_at',
  )
    .addColumn('owner_user_id', 'bigint')
    .addColumn('amateur_threshold', 'bigint', (c) => c.notNull().defaultTo(10000))
    .execute();

  await num(
    str(create('users'), 'member_name', 'password_hash', 'region')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('vip_until', 'bigint')
      .addColumn('login_time', 'bigint'),
    'personal_workspace_id',
    'workspace_id',
    'disabled',
    'created_at',
  ).execute();
  await sql`create unique index users_phone on users (phone) where phone is not null`.execute(db);
  await sql`create unique index users_email on users (lower(email)) where email is not null`.execute(db);

  await num(
    str(create('sessions'), 'token_hash')
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'text'),
    'user_id',
    'workspace_id',
    'created_at',
    'expires_at',
  ).execute();
  await sql`create unique index sessions_token on sessions (token_hash)`.execute(db);
  await sql`create index sessions_user on sessions (user_id, revoked_at)`.execute(db);

  await num(
    str(create('sms_codes'), 'phone', 'code').addColumn('used_at', 'bigint').addColumn('ip', 'text'),
    'created_at',
    'expires_at',
  ).execute();
  await sql`create index sms_codes_phone on sms_codes (phone, created_at)`.execute(db);

  await num(str(create('rate_events'), 'key'), 'created_at').execute();
  await sql`create index rate_events_key on rate_events (key, created_at)`.execute(db);

  await db.schema
    .createTable('redeem_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('days', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('used_by', 'bigint')
    .addColumn('used_at', 'bigint')
    .execute();

  await num(str(create('teams'), 'title'), 'workspace_id', 'admin_user_id', 'created_at')
    .addColumn('dismissed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('is_admin', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('add_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .execute();
  await sql`create unique index team_members_user on team_members (user_id)`.execute(db);

  let creators = synced(create('creators'));
  creators = str(
    creators,
    'country',
    'unique_id',
    'daren_name',
    'daren_sex',
    'daren_email',
    'daren_phone',
    'signature',
    'daren_socialize',
    'daren_addr',
    'email',
    'bio_link',
    'nick_name',
    'head_img',
    'categorys',
  );
  creators = num(
    creators,
    'status',
    'is_chat',
    'is_invitation',
    'is_black',
    'follower_count',
    'product_count',
    'video_count',
    'units_sold_t30',
    'video_publish_t30',
    'video_view_t30',
    'digg_count',
    'following_count',
    'heart',
    'heart_count',
    'add_time',
    'update_time',
  );
  creators = dbl(creators, 'gmv_t30', 'video_engagement_t30');
  creators = optNum(creators, 'video_last_time', 'check_time', 'nick_update_time');
  await creators.execute();
  await sql`create unique index creators_key on creators (workspace_id, country, unique_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index creators_version on creators (workspace_id, version)`.execute(db);
  await sql`create index creators_followers on creators (workspace_id, country, follower_count desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index creators_added on creators (workspace_id, country, add_time desc) where deleted_at is null`.execute(
    db,
  );

  await num(str(synced(create('tags')), 'country', 'title'), 'add_time', 'update_time').execute();
  await sql`create index tags_ws on tags (workspace_id, country)`.execute(db);
  await sql`create index tags_version on tags (workspace_id, version)`.execute(db);

  await db.schema
    .createTable('creator_tags')
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('creator_id', 'bigint', (c) => c.notNull())
    .addColumn('tag_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('creator_tags_pk', ['creator_id', 'tag_id'])
    .execute();
  await sql`create index creator_tags_tag on creator_tags (tag_id, creator_id)`.execute(db);

  await num(
    str(synced(create('chat_templates')), 'country', 'title', 'content'),
    'add_time',
    'update_time',
  ).execute();
  await sql`create index chat_templates_version on chat_templates (workspace_id, version)`.execute(db);

  await num(
    str(synced(create('products')), 'country', 'product_id', 'product_title', 'category', 'product_img'),
    'add_time',
    'update_time',
  ).execute();
  await sql`create index products_version on products (workspace_id, version)`.execute(db);

  await optNum(
    num(
      str(synced(create('topics')), 'country', 'challenge_id', 'challenge_title', 'cover_larger'),
      'video_count',
      'view_count',
      'is_commerce',
      'add_time',
      'update_time',
    ),
    'end_time',
    'check_time',
  ).execute();
  await sql`create index topics_version on topics (workspace_id, version)`.execute(db);

  await num(
    str(
      synced(create('invitations')),
      'country',
      'unique_id',
      'daren_name',
      'daren_sex',
      'daren_email',
      'daren_phone',
      'daren_addr',
      'logistics',
      'cooperate',
      'product_id',
    ),
    'status',
    'add_time',
    'update_time',
  )
    .addColumn('sub_status', 'bigint')
    .execute();
  await sql`create unique index invitations_key on invitations (workspace_id, country, unique_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index invitations_version on invitations (workspace_id, version)`.execute(db);

  await num(
    str(create('invitation_history'), 'note'),
    'workspace_id',
    'invitation_id',
    'status',
    'created_at',
  )
    .addColumn('user_id', 'bigint')
    .addColumn('sub_status', 'bigint')
    .execute();
  await sql`create index invitation_history_inv on invitation_history (invitation_id)`.execute(db);

  await num(
    str(synced(create('blacklist')), 'country', 'unique_id', 'reason'),
    'add_time',
    'update_time',
  ).execute();
  await sql`create unique index blacklist_key on blacklist (workspace_id, country, unique_id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index blacklist_version on blacklist (workspace_id, version)`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
