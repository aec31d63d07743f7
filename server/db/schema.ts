/**
 * Row types of the SQL schema, one interface per table, matching server/db/migrations.
 * Times are unix seconds. Flags are integers 0/1 so SQLite and PostgreSQL read the same.
 *
 * Every workspace-owned table carries `workspace_id`, `version` (from workspaces.version_seq,
 * see versioning.ts) and `deleted_at` (a tombstone: deleted rows stay with a new version so
 * sync can tell clients to drop them).
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ShopTables } from './shop-schema.ts';

type Id = Generated<number>;

export interface Synced {
  workspace_id: number;
  version: number;
  deleted_at: number | null;
}

/** Who last wrote a text record's text, and at which version (migration 0027). */
export interface TextVersioned {
  text_version: Generated<number>;
  text_user_id: Generated<number>;
}

export interface WorkspacesTable {
  id: Id;
  kind: 'personal' | 'team';
  owner_user_id: number | null;
  version_seq: number;
  amateur_threshold: number;
  created_at: number;
}

export interface UsersTable {
  id: Id;
  phone: string | null;
  email: string | null;
  member_name: string;
  password_hash: string;
  /** The locale the account registered in: zh-cn (phone) or en-us (email). */
  region: 'zh-cn' | 'en-us';
  personal_workspace_id: number;
  /** The workspace the user works in now: personal, or the team's. */
  workspace_id: number;
  disabled: number;
  vip_until: number | null;
  login_time: number | null;
  created_at: number;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  /** The workspace the session was opened in; a mismatch with users.workspace_id means 10010. */
  workspace_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** replaced → 10007, password → 10009, workspace → 10010, logout → 10003 */
  revoked_reason: 'replaced' | 'password' | 'workspace' | 'logout' | null;
  /** 'extension': a paired browser extension's token (0034), outside the one-live-session rule. */
  kind: Generated<'app' | 'extension'>;
  name: Generated<string>;
  last_used_at: Generated<number>;
}

export interface PairCodesTable {
  id: Id;
  user_id: number;
  workspace_id: number;
  /** sha256 of the code (XXXXXXXXXX, no dash). */
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SmsCodesTable {
  id: Id;
  phone: string;
  code: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  ip: string | null;
}

export interface RateEventsTable {
  id: Id;
  key: string;
  created_at: number;
}

export interface RedeemCodesTable {
  code: string;
  days: number;
  created_at: number;
  used_by: number | null;
  used_at: number | null;
}

export interface TeamsTable {
  id: Id;
  workspace_id: number;
  title: string;
  admin_user_id: number;
  created_at: number;
  dismissed_at: number | null;
  /** The secret of the invite link, shown to the admin only (0016). */
  invite_code: string | null;
  /** SHA-256 of invite_code: joins look the team up by this. */
  invite_hash: string | null;
  /** Bumped on every invite reset; a removal remembers the value it happened under. */
  invite_seq: number;
}

/** Who an admin removed, under which invite_seq: codes of that seq or older cannot bring them back. */
export interface TeamRemovalsTable {
  team_id: number;
  user_id: number;
  invite_seq: number;
  removed_at: number;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  is_admin: number;
  add_time: number;
}

export interface CreatorsTable extends Synced {
  id: Id;
  country: string;
  unique_id: string;
  status: number;
  is_chat: number;
  is_invitation: number;
  is_black: number;
  daren_name: string;
  daren_sex: string;
  daren_email: string;
  daren_phone: string;
  signature: string;
  daren_socialize: string;
  daren_addr: string;
  email: string;
  bio_link: string;
  nick_name: string;
  head_img: string;
  follower_count: number;
  categorys: string;
  product_count: number;
  gmv_t30: number;
  video_count: number;
  units_sold_t30: number;
  video_publish_t30: number;
  video_view_t30: number;
  video_engagement_t30: number;
  /** GMV per 1,000 views as TikTok's marketplace reports it; 0: not known (0053). */
  gpm_t30: Generated<number>;
  digg_count: number;
  following_count: number;
  heart: number;
  heart_count: number;
  video_last_time: number | null;
  check_time: number | null;
  nick_update_time: number | null;
  add_time: number;
  update_time: number;
}

export interface TagsTable extends Synced, TextVersioned {
  id: Id;
  country: string;
  title: string;
  add_time: number;
  update_time: number;
}

export interface CreatorTagsTable {
  workspace_id: number;
  creator_id: number;
  tag_id: number;
}

export interface ChatTemplatesTable extends Synced, TextVersioned {
  id: Id;
  country: string;
  title: string;
  content: string;
  add_time: number;
  update_time: number;
}

export interface ProductsTable extends Synced, TextVersioned {
  id: Id;
  country: string;
  product_id: string;
  product_title: string;
  category: string;
  product_img: string;
  add_time: number;
  update_time: number;
}

export interface TopicsTable extends Synced {
  id: Id;
  country: string;
  challenge_id: string;
  challenge_title: string;
  end_time: number | null;
  cover_larger: string;
  video_count: number;
  view_count: number;
  is_commerce: number;
  add_time: number;
  update_time: number;
  check_time: number | null;
}

export interface InvitationsTable extends Synced {
  id: Id;
  country: string;
  unique_id: string;
  status: number;
  sub_status: number | null;
  daren_name: string;
  daren_sex: string;
  daren_email: string;
  daren_phone: string;
  daren_addr: string;
  logistics: string;
  cooperate: string;
  product_id: string;
  add_time: number;
  update_time: number;
}

export interface InvitationHistoryTable {
  id: Id;
  workspace_id: number;
  invitation_id: number;
  user_id: number | null;
  status: number;
  sub_status: number | null;
  note: string;
  created_at: number;
}

export interface BlacklistTable extends Synced {
  id: Id;
  country: string;
  unique_id: string;
  reason: string;
  add_time: number;
  update_time: number;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** The stored JSON response envelope. */
  response: string;
  /** sha256 of method, path and body (0016); null for keys stored before it. */
  fingerprint: string | null;
  created_at: number;
}

export interface JobsTable {
  id: Id;
  kind: string;
  workspace_id: number;
  user_id: number | null;
  /** JSON: the job's parameters. */
  payload: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  claimed_by: string | null;
  /** A running job whose heartbeat is older than the lease is taken over by another runner. */
  heartbeat_at: number | null;
  progress: number;
  total: number;
  /** JSON: the job's outcome (e.g. the export's file name and row count). */
  result: string | null;
  error: string | null;
  /** Exports: the unguessable token in the file URL. */
  file_token: string | null;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DB extends ShopTables {
  jobs: JobsTable;
  workspaces: WorkspacesTable;
  users: UsersTable;
  sessions: SessionsTable;
  pair_codes: PairCodesTable;
  sms_codes: SmsCodesTable;
  rate_events: RateEventsTable;
  redeem_codes: RedeemCodesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_removals: TeamRemovalsTable;
  creators: CreatorsTable;
  tags: TagsTable;
  creator_tags: CreatorTagsTable;
  chat_templates: ChatTemplatesTable;
  products: ProductsTable;
  topics: TopicsTable;
  invitations: InvitationsTable;
  invitation_history: InvitationHistoryTable;
  blacklist: BlacklistTable;
  idempotency_keys: IdempotencyKeysTable;
  topic_videos: TopicVideosTable;
  topic_authors: TopicAuthorsTable;
  topic_author_topics: TopicAuthorTopicsTable;
  creator_notes: CreatorNotesTable;
  creator_followups: CreatorFollowupsTable;
  creator_events: CreatorEventsTable;
  saved_views: SavedViewsTable;
  text_conflicts: TextConflictsTable;
  plans: PlansTable;
  plan_creators: PlanCreatorsTable;
  workspace_settings: WorkspaceSettingsTable;
  orders: OrdersTable;
  order_imports: OrderImportsTable;
  contents: ContentsTable;
  content_snapshots: ContentSnapshotsTable;
  creator_sales: CreatorSalesTable;
  plan_costs: PlanCostsTable;
  plan_cost_history: PlanCostHistoryTable;
}

/** A video the topic collector found for one topic (0007_topic_tracking). */
export interface TopicVideosTable extends Synced {
  id: Id;
  topic_id: number;
  country: string;
  video_id: string;
  /** The author's handle. */
  unique_id: string;
  video_desc: string;
  is_ad: number;
  video_create_time: number;
  collect_count: number;
  comment_count: number;
  digg_count: number;
  play_count: number;
  share_count: number;
  video_definition: string;
  video_codec_type: string;
  video_format: string;
  video_width: number;
  video_height: number;
  video_ratio: string;
  video_size: number;
  video_cover_path: string;
  video_download_path: string;
  add_time: number;
  update_time: number;
}

/** An author of topic videos, one per workspace + country + handle. */
export interface TopicAuthorsTable extends Synced {
  id: Id;
  country: string;
  unique_id: string;
  nick_name: string;
  head_img: string;
  email: string;
  bio_link: string;
  signature: string;
  cid: string;
  categorys: string;
  /** JSON: [{platform, value}]. */
  socialize: string;
  follower_count: number;
  following_count: number;
  friend_count: number;
  digg_count: number;
  heart: number;
  heart_count: number;
  video_count: number;
  product_count: number;
  units_sold_t30: number;
  video_publish_t30: number;
  video_view_t30: number;
  gmv_t30: number;
  /** A percentage: 3.25 means 3.25 %. */
  video_engagement_t30: number;
  check_time: number | null;
  video_last_time: number | null;
  nick_update_time: number | null;
  add_time: number;
  update_time: number;
}

export interface TopicAuthorTopicsTable {
  workspace_id: number;
  topic_id: number;
  author_id: number;
}

export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Creator = Selectable<CreatorsTable>;
export type NewCreator = Insertable<CreatorsTable>;
export type CreatorUpdate = Updateable<CreatorsTable>;
export type { ColumnType };

/** Creator workbench (0020): a note, a follow-up and a history row, each on one creator. */
interface CreatorOwned extends Synced {
  id: Id;
  creator_id: number;
  user_id: number;
  user_name: string;
  add_time: number;
}
export interface CreatorNotesTable extends CreatorOwned, TextVersioned {
  content: string;
  update_time: number;
}
export interface CreatorFollowupsTable extends CreatorOwned {
  /** YYYY-MM-DD: the day it falls due. */
  due_date: string;
  text: string;
  done_time: number;
  update_time: number;
}
export interface CreatorEventsTable extends CreatorOwned {
  kind: string;
  detail: string;
}

/** A saved view of the Home list (0021): its filters as Home's URL query, shared with the workspace. */
export interface SavedViewsTable extends Synced {
  id: Id;
  title: string;
  query: string;
  user_id: number;
  user_name: string;
  add_time: number;
  update_time: number;
}

/** A resolved conflict on a text record (0028): who met whose change, and what they chose. */
export interface TextConflictsTable extends Synced {
  id: Id;
  record: 'tags' | 'chat_templates' | 'products' | 'creator_notes';
  record_id: number;
  /** The record's name when it was resolved (a tag or template title, a product title, a note's start). */
  title: string;
  outcome: 'kept_mine' | 'restored' | 'kept_theirs';
  user_id: number;
  user_name: string;
  other_user_id: number;
  other_name: string;
  add_time: number;
  update_time: number;
}

/** A collaboration plan (0029). `product_ids`: product row ids, comma-separated. */
export interface PlansTable extends Synced {
  id: Id;
  name: string;
  country: string;
  product_ids: Generated<string>;
  commission_rate: Generated<number>;
  budget: Generated<number>;
  /** What one creator's samples cost (0032): products at cost, and one shipment. */
  sample_cost: Generated<number>;
  shipping_cost: Generated<number>;
  /** Days a creator has to post after samples ship (0041). */
  post_within_days: Generated<number>;
  start_date: Generated<string>;
  end_date: Generated<string>;
  chat_template_id: Generated<number>;
  user_id: number;
  user_name: Generated<string>;
  add_time: number;
  update_time: number;
}

/** A creator in a plan and the stage they are at (0029); one row per (plan, creator). */
export interface PlanCreatorsTable extends Synced {
  id: Id;
  plan_id: number;
  creator_id: number;
  stage: string;
  reason: Generated<string>;
  stage_time: Generated<number>;
  /** When the creator's samples were recorded as sent (moved to "shipped"); 0: none (0036). */
  sample_time: Generated<number>;
  user_id: number;
  user_name: Generated<string>;
  add_time: number;
  update_time: number;
}

/** What a workspace's team sets once (0030); one row per workspace. -1: not set. */
export interface WorkspaceSettingsTable extends Synced {
  id: Id;
  weekly_quota: Generated<number>;
  /** '' a member's (or none), 'shop' the shop's API (0044); `quota_unlimited` 1: the shop sets no limit. */
  quota_source: Generated<string>;
  quota_unlimited: Generated<number>;
  /** How many shops' figures the shop's quota combines (0: a member's); the smallest one's shop (0052). */
  quota_shops: Generated<number>;
  quota_shop_name: Generated<string>;
  user_id: Generated<number>;
  user_name: Generated<string>;
  update_time: Generated<number>;
}

/** One imported line of a Seller Center order download (0031); the server's own. */
export interface OrdersTable {
  id: Id;
  workspace_id: number;
  /** 'affiliate' | 'all_orders'. */
  layout: string;
  order_id: string;
  sku_id: string;
  content_id: string;
  product_id: string;
  /** The creator's handle; '' when the file names none. */
  creator: string;
  country: string;
  currency: string;
  status: string;
  quantity: number;
  /** 1: not counted (ineligible, refunded, cancelled). */
  void: number;
  created_time: number;
  add_time: number;
  update_time: number;
  gmv: number;
  commission: number;
  /** The import that wrote the line; 0: entered by hand, or imported before 0036. */
  import_id: Generated<number>;
  /** The line as it was before this import replaced it (JSON, '' when new), and who wrote that copy. */
  prev: Generated<string>;
  prev_import_id: Generated<number>;
  /** 'api': written first by the TikTok Shop sync (no SKU id until a file names it); '' otherwise (0042). */
  source: Generated<string>;
}

/** One import of an order download (0036), mirrored: its parts share the client's `ref`. */
export interface OrderImportsTable extends Synced {
  id: Id;
  ref: string;
  file_name: Generated<string>;
  country: string;
  layout: string;
  /** Lines written, new, replacing an earlier copy; rows of the file refused on the device. */
  lines: Generated<number>;
  added: Generated<number>;
  updated: Generated<number>;
  refused: Generated<number>;
  user_id: number;
  user_name: Generated<string>;
  add_time: number;
  update_time: number;
  /** 0 while it stands. */
  undo_time: Generated<number>;
  undo_user_id: Generated<number>;
  undo_user_name: Generated<string>;
}

/** Counted sales per creator and TikTok product (0031), mirrored. */
export interface CreatorSalesTable extends Synced {
  id: Id;
  creator_id: number;
  product_id: string;
  /** Monday 00:00 UTC of the sales' week (unix seconds); 0: lines without a time. */
  week: number;
  currency: string;
  orders: number;
  units: number;
  last_time: number;
  update_time: number;
  gmv: number;
  commission: number;
}

/** A video or LIVE a creator posted (0041); one per (workspace, country, video id). */
export interface ContentsTable extends Synced {
  id: Id;
  country: string;
  handle: string;
  /** The creator's row when the workspace had them at the time; 0: not yet. */
  creator_id: Generated<number>;
  /** TikTok product ids, comma-separated. */
  product_ids: Generated<string>;
  /** 0: not for a plan. */
  plan_id: Generated<number>;
  video_id: string;
  link: string;
  kind: string;
  source: string;
  post_time: number;
  user_id: number;
  user_name: Generated<string>;
  add_time: number;
  update_time: number;
}

/** A content record's performance at a moment (0041). */
export interface ContentSnapshotsTable {
  id: Id;
  workspace_id: number;
  content_id: number;
  taken_at: number;
  views: Generated<number>;
  likes: Generated<number>;
  comments: Generated<number>;
  orders: Generated<number>;
  gmv: Generated<number>;
}

/** A fee, monthly retainer or ad spend for a creator in a plan, in whole cents (0047). */
export interface PlanCostsTable extends Synced {
  id: Id;
  plan_id: number;
  creator_id: number;
  /** 'fee' | 'retainer' | 'ad'. */
  kind: string;
  /** The content record an ad spend paid for; 0 for a fee or retainer. */
  content_id: Generated<number>;
  amount_cents: number;
  currency: string;
  start_date: string;
  /** A retainer's last day; '' for a fee or ad spend. */
  end_date: Generated<string>;
  /** An ad spend's channel: 'spark' | 'shop_ads'; '' otherwise. */
  channel: Generated<string>;
  note: Generated<string>;
  /** What an imported ad spend stands for, so a file imported again changes it (0050); '' by hand. */
  import_key: Generated<string>;
  user_id: number;
  user_name: Generated<string>;
  updated_by: Generated<number>;
  updated_by_name: Generated<string>;
  add_time: number;
  update_time: number;
}

/** One write to a plan cost: the values after it (0047). */
export interface PlanCostHistoryTable {
  id: Id;
  workspace_id: number;
  cost_id: number;
  /** 'add' | 'edit' | 'delete'. */
  action: string;
  amount_cents: Generated<number>;
  start_date: Generated<string>;
  end_date: Generated<string>;
  channel: Generated<string>;
  note: Generated<string>;
  user_id: number;
  user_name: Generated<string>;
  at: number;
}
