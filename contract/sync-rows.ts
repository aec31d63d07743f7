/**
 * The rows of each mirrored table as a pull delivers them: every column of the server's table but
 * the ones it keeps for itself (workspace_id, deleted_at, text_version, text_user_id), `version`
 * included. Where a list call answers the same columns its row schema is reused. The PWA reads these
 * as types only (contract/sync.ts `SyncRows`); tests/sync/mirror-rows.test.ts holds them to what the
 * server sends, on both engines, and to the server's column types.
 */
import { z } from 'zod';
import { COUNTRIES } from './constants.ts';
import { COST_KINDS, PLAN_STAGES } from './limits.ts';
import { ChatTemplateRow } from './schemas/chat-template.ts';
import { ContentRow } from './schemas/content.ts';
import { CONFLICT_OUTCOMES, TEXT_RECORDS } from './schemas/conflict.ts';
import { tagRef } from './schemas/creator.ts';
import { PlanRow, SettingsRow } from './schemas/plan.ts';
import { ProductRow } from './schemas/product.ts';
import { TagRow } from './schemas/tag.ts';
import { SavedViewRow } from './schemas/view.ts';
import { FollowupRow, NoteRow } from './schemas/workbench.ts';

const int = () => z.number().int();
const time = () => z.number().int();
const optTime = () => z.number().int().nullable();
/**
 * Countries are checked on every write, so a mirrored row's country is one of ours; typed as a
 * string, as the list calls answer it, so a screen can hand a URL's country to a row it shows.
 */
const country = () => z.string().refine((c) => (COUNTRIES as readonly string[]).includes(c));
const mirrored = { version: int() };

const creators = z.object({
  id: int(),
  ...mirrored,
  country: country(),
  unique_id: z.string(),
  status: int(),
  is_chat: int(),
  is_invitation: int(),
  is_black: int(),
  daren_name: z.string(),
  daren_sex: z.string(),
  daren_email: z.string(),
  daren_phone: z.string(),
  signature: z.string(),
  daren_socialize: z.string(),
  daren_addr: z.string(),
  email: z.string(),
  bio_link: z.string(),
  nick_name: z.string(),
  head_img: z.string(),
  follower_count: int(),
  categorys: z.string(),
  product_count: int(),
  gmv_t30: z.number(),
  video_count: int(),
  units_sold_t30: int(),
  video_publish_t30: int(),
  video_view_t30: int(),
  /** Percent with 2 decimals (5.23 means 5.23 %). */
  video_engagement_t30: z.number(),
  /** GMV per 1,000 views as TikTok's marketplace reports it (the shop connection); 0: not known. */
  gpm_t30: z.number(),
  digg_count: int(),
  following_count: int(),
  heart: int(),
  heart_count: int(),
  video_last_time: optTime(),
  check_time: optTime(),
  nick_update_time: optTime(),
  add_time: time(),
  update_time: time(),
});

const topics = z.object({
  id: int(),
  ...mirrored,
  country: country(),
  challenge_id: z.string(),
  challenge_title: z.string(),
  end_time: optTime(),
  cover_larger: z.string(),
  video_count: int(),
  view_count: int(),
  is_commerce: int(),
  add_time: time(),
  update_time: time(),
  check_time: optTime(),
});

const invitations = z.object({
  id: int(),
  ...mirrored,
  country: country(),
  unique_id: z.string(),
  status: int(),
  sub_status: int().nullable(),
  daren_name: z.string(),
  daren_sex: z.string(),
  daren_email: z.string(),
  daren_phone: z.string(),
  daren_addr: z.string(),
  logistics: z.string(),
  cooperate: z.string(),
  product_id: z.string(),
  add_time: time(),
  update_time: time(),
});

const blacklist = z.object({
  id: int(),
  ...mirrored,
  country: country(),
  unique_id: z.string(),
  reason: z.string(),
  add_time: time(),
  update_time: time(),
});

/** Who did what to a creator and when: the creator page's history. */
const creatorEvents = z.object({
  id: int(),
  ...mirrored,
  creator_id: int(),
  user_id: int(),
  user_name: z.string(),
  add_time: time(),
  kind: z.string(),
  detail: z.string(),
});

const textConflicts = z.object({
  id: int(),
  ...mirrored,
  record: z.enum(TEXT_RECORDS),
  record_id: int(),
  title: z.string(),
  outcome: z.enum(CONFLICT_OUTCOMES),
  user_id: int(),
  user_name: z.string(),
  other_user_id: int(),
  other_name: z.string(),
  add_time: time(),
  update_time: time(),
});

const planCreators = z.object({
  id: int(),
  ...mirrored,
  plan_id: int(),
  creator_id: int(),
  stage: z.enum(PLAN_STAGES),
  reason: z.string(),
  /** When the creator entered this stage (unix seconds). */
  stage_time: time(),
  /** When the creator's samples were recorded as sent; 0: none. */
  sample_time: time(),
  user_id: int(),
  user_name: z.string(),
  add_time: time(),
  update_time: time(),
});

/** Counted sales per creator and TikTok product, from imported or entered orders. */
const creatorSales = z.object({
  id: int(),
  ...mirrored,
  creator_id: int(),
  product_id: z.string(),
  /** Monday 00:00 UTC of the sales' week; 0: lines without a time. */
  week: time(),
  currency: z.string(),
  orders: int(),
  units: int(),
  last_time: time(),
  update_time: time(),
  gmv: z.number(),
  commission: z.number(),
});

/** One import of an order download, so it can be undone. */
const orderImports = z.object({
  id: int(),
  ...mirrored,
  ref: z.string(),
  file_name: z.string(),
  country: country(),
  layout: z.string(),
  lines: int(),
  added: int(),
  updated: int(),
  refused: int(),
  user_id: int(),
  user_name: z.string(),
  add_time: time(),
  update_time: time(),
  /** 0 while it stands. */
  undo_time: time(),
  undo_user_id: int(),
  undo_user_name: z.string(),
});

/**
 * A plan's cost line as stored (server/db/migrations/0047_plan_costs.ts): the amount in whole cents
 * of the plan's currency (a retainer's per month); `import_key` names the ad-spend file row it stands
 * for ('' when entered by hand). The list call answers the same line with `amount` in units.
 */
const planCosts = z.object({
  id: int(),
  ...mirrored,
  plan_id: int(),
  creator_id: int(),
  kind: z.enum(COST_KINDS),
  /** The content record an ad spend paid for; 0 for a fee or retainer. */
  content_id: int(),
  amount_cents: int(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  channel: z.string(),
  note: z.string(),
  import_key: z.string(),
  user_id: int(),
  user_name: z.string(),
  updated_by: int(),
  updated_by_name: z.string(),
  add_time: time(),
  update_time: time(),
});

/** Every mirrored table's row, keyed like SYNC_TABLES (contract/sync.ts). */
export const SYNC_ROWS = {
  creators,
  tags: TagRow.extend({ ...mirrored, country: country() }),
  chat_templates: ChatTemplateRow.extend({ ...mirrored, country: country() }),
  products: ProductRow.extend({ ...mirrored, country: country() }),
  topics,
  invitations,
  blacklist,
  creator_notes: NoteRow.extend(mirrored),
  creator_followups: FollowupRow.extend(mirrored),
  creator_events: creatorEvents,
  saved_views: SavedViewRow.extend(mirrored),
  text_conflicts: textConflicts,
  plans: PlanRow.extend({ ...mirrored, country: country() }),
  plan_creators: planCreators,
  // Who set the weekly quota ('' a member, 'shop' the shop's API) and whether the shop sets none; how
  // many shops' figures it combines and the shop of the smallest (server/services/shop-quota.service.ts).
  workspace_settings: SettingsRow.extend({
    ...mirrored,
    quota_source: z.string(),
    quota_unlimited: int(),
    quota_shops: int(),
    quota_shop_name: z.string(),
  }),
  creator_sales: creatorSales,
  order_imports: orderImports,
  contents: ContentRow.extend({ ...mirrored, country: country() }),
  plan_costs: planCosts,
};

/** The creator tags a pull adds to each creator row (contract/sync.ts `decodePull`). */
export const CREATOR_TAGS = z.array(tagRef);
