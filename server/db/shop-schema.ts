/**
 * Row types of the TikTok Shop connection tables (migration 0040). Secrets are sealed
 * (server/secrets/secret-box.ts): columns ending in `_enc` never hold a plaintext.
 */
import type { Generated } from 'kysely';

type Id = Generated<number>;

/** A workspace's own Partner Center app (one per workspace). */
export interface ShopAppsTable {
  id: Id;
  workspace_id: number;
  app_key: string;
  app_secret_enc: string;
  service_id: string;
  user_id: number;
  created_at: number;
  updated_at: number;
}

/** A consent the admin started: only a hash of `state` and of the browser binding are kept. */
export interface ShopConsentsTable {
  id: Id;
  workspace_id: number;
  user_id: number;
  session_id: number;
  state_hash: string;
  binding_hash: string;
  /** The app the consent was started with; the callback refuses if the workspace's app changed since. */
  app_key: string;
  /** 1: the US consent host. */
  us: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One seller's authorisation of the app: the token pair, shared by every shop it covers. */
export interface ShopAuthorizationsTable {
  id: Id;
  workspace_id: number;
  app_key: string;
  open_id: string;
  seller_name: Generated<string>;
  seller_base_region: Generated<string>;
  user_type: Generated<number>;
  /** JSON array of scope strings. */
  granted_scopes: Generated<string>;
  /** Null once no connected shop needs them (disconnected). */
  access_token_enc: string | null;
  access_expires_at: number;
  refresh_token_enc: string | null;
  refresh_expires_at: number;
  /** When the pair was issued (by our clock): the access token's lifetime is read from it. */
  tokens_at: Generated<number>;
  /** Bumped on every write of the pair: a refresh that lost a race never overwrites a newer pair. */
  token_version: Generated<number>;
  /** The process refreshing now (across processes only one refreshes a pair at a time). */
  refresh_lock_owner: string | null;
  refresh_lock_at: number | null;
  created_at: number;
  updated_at: number;
}

export type ShopStatus = 'active' | 'stopped' | 'disconnected';

export interface ShopConnectionsTable {
  id: Id;
  workspace_id: number;
  authorization_id: number;
  shop_id: string;
  shop_name: Generated<string>;
  region: Generated<string>;
  seller_type: Generated<string>;
  cipher: string;
  shop_code: Generated<string>;
  /** The workspace country the shop's region maps to; '' for a region CreatorDesk does not serve (listed, not synced). */
  country: Generated<string>;
  status: Generated<ShopStatus>;
  /** Why it stopped (a code the screens map to words, docs/decisions/shop-connection.md). */
  stop_code: Generated<string>;
  /** TikTok's code, message and request id behind the stop. */
  stop_detail: Generated<string>;
  stopped_at: number | null;
  sync_requested_at: Generated<number>;
  lease_owner: string | null;
  lease_at: number | null;
  user_id: number;
  created_at: number;
  updated_at: number;
}

/** Per shop and data kind: where the sync stands. */
export interface ShopSyncStateTable {
  id: Id;
  workspace_id: number;
  connection_id: number;
  kind: string;
  /** The kind's own resume point (an update time or a page token), committed with each page's writes. */
  cursor: Generated<string>;
  next_run_at: Generated<number>;
  last_run_at: number | null;
  last_success_at: number | null;
  lines_synced: Generated<number>;
  lines_skipped: Generated<number>;
  /** Failed runs in a row (the backoff's exponent). */
  failures: Generated<number>;
  last_error_code: Generated<string>;
  last_error_message: Generated<string>;
  last_error_request_id: Generated<string>;
  last_error_at: number | null;
  updated_at: number;
}

/** Webhook notifications seen (their ids), to drop TikTok's duplicate deliveries. */
export interface ShopNotificationsTable {
  id: Id;
  notification_id: string;
  shop_id: string;
  type: number;
  received_at: number;
}

/** A sample application as the shop's sync last saw it (0042); kept after it leaves TikTok's window. */
export interface ShopSamplesTable {
  id: Id;
  workspace_id: number;
  /** The shop connection that synced it. */
  connection_id: number;
  application_id: string;
  /** TikTok's status (PENDING, AWAITING_SHIPMENT, SHIPPED, …) and fulfilment status, as sent. */
  status: string;
  fulfillment_status: string;
  /** The creator's handle, TikTok user id and nickname; `creator_id` ours (0: no valid handle). */
  creator: string;
  creator_user_id: string;
  creator_nickname: string;
  creator_id: number;
  product_id: string;
  product_title: string;
  sku_id: string;
  /** The sample order made on approval, and its logistics number. */
  order_id: string;
  tracking_number: string;
  /** As TikTok sends it: a fraction string ("0.1" = 10 %). */
  commission_rate: string;
  partner_name: string;
  approve_expiration_time: number;
  shipment_expiration_time: number;
  /** When the sync first saw the current status. */
  status_time: number;
  add_time: number;
  update_time: number;
  /** 1 when TikTok allowed APPROVE as last seen (0043); its reasons when not, joined with `,`. */
  is_approvable: Generated<number>;
  disapprovable_reasons: Generated<string>;
  /** When a member's review of it started talking to TikTok; 0: none under way (0043). */
  review_claim_at: Generated<number>;
  /** What that review asks TikTok: `approve` or `reject` ('' none), so an approval in flight counts against the caps (0048). */
  review_claim_result: Generated<string>;
  /** When the content kind last read the fulfilments (0: never), the status then, and the newest content's create time then (0044). */
  content_read_at: Generated<number>;
  content_read_status: Generated<string>;
  content_newest: Generated<number>;
}

/** A member's review of a sample application, and what came of it (0043). */
export interface ShopSampleReviewsTable {
  id: Id;
  workspace_id: number;
  connection_id: number;
  application_id: string;
  /** Ours (0: the application has no creator of the workspace). */
  creator_id: number;
  user_id: number;
  user_name: string;
  /** `approve` or `reject`; `reason` TikTok's reject reason ('' with approve). */
  result: string;
  reason: string;
  /** `done`, or `refused` with `code` and `msg` (TikTok's, or ours), and TikTok's request id. */
  outcome: string;
  code: string;
  msg: string;
  request_id: string;
  add_time: number;
  /** The sample rule that refused the approval ('' when the member decided) (0048). */
  rule: Generated<string>;
}

/** A member's decision on a sample request recorded in a plan (0051): one row per attempt. */
export interface PlanSampleDecisionsTable {
  id: Id;
  workspace_id: number;
  plan_id: number;
  creator_id: number;
  /** The plan's TikTok product ids when decided, as `,id,id,` ('' none). */
  product_ids: string;
  user_id: number;
  user_name: string;
  /** `approve` or `reject`; `reason` the member's reason for a rejection. */
  result: string;
  reason: string;
  /** `done`, or `refused` with our `code` and `msg`, and the rule that refused it ('' none). */
  outcome: string;
  code: string;
  msg: string;
  rule: string;
  add_time: number;
}

/** A workspace's sample approval rules (0048); a NULL rule is not set. */
export interface SampleRulesTable {
  id: Id;
  workspace_id: number;
  min_fit: number | null;
  min_gmv30: number | null;
  min_post_rate: number | null;
  cap_day: number | null;
  cap_product: number | null;
  cap_month: number | null;
  price_cap: number | null;
  /** Bumped by each approval counted against a cap (the row's lock orders them). */
  claims: Generated<number>;
  user_id: Generated<number>;
  user_name: Generated<string>;
  update_time: Generated<number>;
}

/** A member's request for target collaborations from a plan (0045): the claim, the log and the outcome. */
export interface ShopTargetRequestsTable {
  id: Id;
  workspace_id: number;
  connection_id: number;
  plan_id: number;
  user_id: number;
  user_name: string;
  /** Made once per dialog by the PWA: a second submit with it answers the first outcome. */
  request_key: string;
  status: 'running' | 'done';
  /** JSON: what was asked (name, end time, products and rates, creators, free sample, email). */
  request: string;
  /** JSON: the answer (per part), '' while running. */
  result: string;
  created_at: number;
  updated_at: number;
}

/** A collaboration TikTok created for a request (0045). */
export interface ShopTargetCollaborationsTable {
  id: Id;
  workspace_id: number;
  request_id: number;
  connection_id: number;
  plan_id: number;
  part: number;
  collaboration_id: string;
  /** Comma lists: our creator ids invited in it, TikTok's product ids. */
  creator_ids: string;
  product_ids: string;
  created_at: number;
}

export interface ShopTables {
  shop_apps: ShopAppsTable;
  shop_consents: ShopConsentsTable;
  shop_authorizations: ShopAuthorizationsTable;
  shop_connections: ShopConnectionsTable;
  shop_sync_state: ShopSyncStateTable;
  shop_notifications: ShopNotificationsTable;
  shop_samples: ShopSamplesTable;
  shop_target_requests: ShopTargetRequestsTable;
  shop_target_collaborations: ShopTargetCollaborationsTable;
  shop_sample_reviews: ShopSampleReviewsTable;
  sample_rules: SampleRulesTable;
  plan_sample_decisions: PlanSampleDecisionsTable;
  shop_creator_reads: ShopCreatorReadsTable;
}

/** When the sync last read a creator's marketplace details (0044), by TikTok user id. */
export interface ShopCreatorReadsTable {
  id: Id;
  workspace_id: number;
  creator_user_id: string;
  creator_id: number;
  read_at: number;
}
