/**
 * Limits, lists and small pure helpers of the contract that the PWA's main thread needs, kept free
 * of zod: a screen that states "at most 50 characters" must not download the schema library for
 * it (issue 21's /home budget). The schema files import these, so server and PWA still share one
 * number. Anything that needs zod stays in contract/schemas/.
 */

// Creator names (contract/schemas/creator.ts)
/**
 * Splits textarea lines (and commas) into names: trimmed, a leading '@' dropped, blanks dropped,
 * duplicates merged in first-seen order. Each raw field is capped at the textarea limit.
 */
export function splitNames(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const chunk of raw)
    for (const part of chunk.split(/[\r\n,]+/)) {
      const name = part.trim().replace(/^@+/, '').trim();
      if (name) seen.add(name);
    }
  return [...seen];
}
/** Names in a message (server msgs and the PWA's own checks alike): at most 20, then "… (+N)". */
export const shortList = (names: readonly string[]): string =>
  names.slice(0, 20).join(', ') + (names.length > 20 ? ` … (+${names.length - 20})` : '');

// Saved views (contract/schemas/view.ts)
export const VIEW_TITLE_MAX = 50;
export const VIEW_QUERY_MAX = 1000;
/** Views per workspace; the 101st is refused with this number in its message. */
export const VIEWS_MAX = 100;

// Creator workbench (contract/schemas/workbench.ts)
export const NOTE_MAX = 2000;
export const FOLLOWUP_TEXT_MAX = 200;
export const CONTACT_EMAIL_MAX = 200;
export const CONTACT_PHONE_MAX = 50;
export const CONTACT_REACH_MAX = 500;

// Tags
export const TAG_TITLE_MAX = 100;

// Chat templates
export const TEMPLATE_TITLE_MAX = 100;

// Topics
export const TOPIC_TITLE_MAX = 100;

// Amateur creators
export const AMATEUR_THRESHOLD_MAX = 1_000_000_000;

// Uploads
export const UPLOAD_FIELD = 'image';

// Products
export const PRODUCT_ID_MAX = 64;
export const PRODUCT_TITLE_MAX = 500;
export const PRODUCT_CATEGORY_MAX = 255;
export const PRODUCT_IMAGE_MAX = 1000;

// Collaboration plans (contract/schemas/plan.ts)
/** The path a collaboration takes, in order; the last three are ways out (with a reason). */
export const PLAN_STAGES = [
  'to_contact',
  'contacted',
  'replied',
  'invited',
  'sample_requested',
  'sample_approved',
  'shipped',
  'posted',
  'selling',
  'declined',
  'no_reply',
  'dropped',
] as const;
export type PlanStage = (typeof PLAN_STAGES)[number];
/** Stages that end a collaboration; a reason may go with them. */
export const PLAN_EXITS: readonly PlanStage[] = ['declined', 'no_reply', 'dropped'];
export const PLAN_NAME_MAX = 50;
export const PLAN_REASON_MAX = 200;
/** Plans per workspace (live ones); the next is refused with this number in its message. */
export const PLANS_MAX = 200;
/** Creators in one plan. */
export const PLAN_CREATORS_MAX = 20_000;
/** Creators per call: the app sends larger selections in chunks of this size. */
export const PLAN_CALL_MAX = 1000;
/** A target invitation carries at most 10 products (TikTok); a plan names at most that many. */
export const PLAN_PRODUCTS_MAX = 10;
/** A target invitation holds at most 100 creators (TikTok); larger selections go in batches of this size. */
export const PLAN_INVITE_MAX = 100;
/** TikTok lets a shop send at most 5 messages to a creator before the creator replies. */
export const MESSAGES_BEFORE_REPLY = 5;
/** Stages that mean the creator answered (or got further): connected with the shop, so outside the weekly
 * quota and the message limit. */
export const PLAN_CONNECTED: readonly PlanStage[] = [
  'replied',
  'sample_requested',
  'sample_approved',
  'shipped',
  'posted',
  'selling',
  'declined',
];
/** Stages a target invitation moves a creator out of (to "invited"). */
export const PLAN_BEFORE_INVITE: readonly PlanStage[] = ['to_contact', 'contacted', 'replied'];
/** Order lines per import call (the app sends a file in parts of this size). */
export const ORDERS_CALL_MAX = 5000;
/** Where order lines come from: Seller Center's two downloads, or a sale entered by hand. */
export const ORDER_LAYOUTS = ['affiliate', 'all_orders', 'manual'] as const;
/** TikTok's commission range for a target collaboration, in percent. */
export const COMMISSION_MIN = 1;
export const COMMISSION_MAX = 80;
export const BUDGET_MAX = 1_000_000_000;
/** The largest weekly quota one can enter (TikTok's top tier is "unlimited": leave it unset). */
export const WEEKLY_QUOTA_MAX = 100_000;
