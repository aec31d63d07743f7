/**
 * Limits, lists and small pure helpers of the contract that the PWA's main thread needs, kept free
 * of zod: a screen that states "at most 50 characters" must not download the schema library for
 * it (the JavaScript budget of /home's cold load). The schema files import these, so server and PWA still share one
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
/** The longest file name an import keeps. */
export const ORDER_FILE_NAME_MAX = 200;
/** A creator's stored order lines listed at once (newest first). */
export const ORDER_LINES_MAX = 500;
/** Days a creator has to post after samples are shipped, when a plan does not say (TikTok's own deadline). */
export const POST_WITHIN_DEFAULT = 14;
export const POST_WITHIN_MAX = 365;

// Content: the videos and LIVEs creators posted (contract/schemas/content.ts)
export const CONTENT_KINDS = ['video', 'live'] as const;
/** Where a record came from: pasted by hand, a file, the shop connection, the browser extension. */
export const CONTENT_SOURCES = ['hand', 'file', 'shop', 'extension'] as const;
/** The longest link accepted (a TikTok video link with tracking parameters is ~250 characters). */
export const CONTENT_LINK_MAX = 500;
/** TikTok handles: 2-24 letters, digits, underscores and periods. */
export const CONTENT_HANDLE_MAX = 24;
/** TikTok video ids are 19 digits today; room for growth, not for a guess. */
export const CONTENT_VIDEO_ID_MAX = 25;
/** Content records a workspace keeps (live ones); the next is refused with this number. */
export const CONTENT_MAX = 200_000;
/** Records one list answer holds (newest first), with the total beside it. */
export const CONTENT_LIST_MAX = 500;
/** A video's count (views, likes, comments, orders) as a member or a file gives it: whole, 0 to a trillion. */
export const CONTENT_COUNT_MAX = 1_000_000_000_000;
/** A record's performance is read over its first 7 or 30 days since its post time (one point a day). */
export const CONTENT_SNAPSHOT_WINDOWS = [7, 30] as const;
/** Overdue samples one answer holds (most overdue first), with the total beside it. */
export const OVERDUE_LIST_MAX = 1000;
/** A TikTok target collaboration made from a plan (contract/schemas/shop-target.ts): creators and
 * products per request, creators per TikTok call (TikTok's own cap), the end time's margin ahead of
 * now (TikTok asks for a few days) and how far ahead it may lie. */
export const SHOP_TARGET_CREATORS_MAX = 100;
export const SHOP_TARGET_PRODUCTS_MAX = 10;
export const SHOP_TARGET_PER_CALL = 50;
export const SHOP_TARGET_END_MARGIN_DAYS = 3;
export const SHOP_TARGET_END_MAX_DAYS = 365;
export const SHOP_TARGET_NAME_MAX = 100;
export const SHOP_TARGET_MESSAGE_MAX = 1000;
/** TikTok's commission range for a target collaboration, in percent. */
export const COMMISSION_MIN = 1;
export const COMMISSION_MAX = 80;
export const BUDGET_MAX = 1_000_000_000;
/**
 * Money and percents are kept to hundredths: a value with more decimals is refused and named, never
 * rounded into something the seller did not type (the float tolerance absorbs 0.29 × 100 = 28.999…).
 */
export const inHundredths = (n: number): boolean => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
/** The largest weekly quota one can enter (TikTok's top tier is "unlimited": leave it unset). */
export const WEEKLY_QUOTA_MAX = 100_000;

// The browser extension.
/**
 * The id of CreatorDesk's own extension build: its manifest's public key pins it (extension/identity.ts
 * checks the hash). The server's cross-site guard lets this origin make its calls by default; a store
 * listing's id goes in ALLOWED_ORIGINS.
 */
export const EXT_ID = 'kkjkgfbbmfkbogpcaiabopgckndnhbgm';
export const EXT_ORIGIN = `chrome-extension://${EXT_ID}`;
/** A pairing code lives this long (the screen counts it down). */
export const EXT_CODE_TTL_SECONDS = 600;
/** Characters of a pairing code, from EXT_CODE_ALPHABET: 32^10 = 2^50 codes, shown as XXXXX-XXXXX. */
export const EXT_CODE_LENGTH = 10;
/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
export const EXT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** An extension's token lives this long unless revoked (90 days). */
export const EXT_TOKEN_TTL_SECONDS = 90 * 86_400;
/** The longest name an extension gives itself ("Chrome on the office laptop"). */
export const EXT_NAME_MAX = 60;
/** Handles per status lookup (a search page shows 12–20; a long scroll, more). */
export const EXT_STATUS_MAX = 100;
/** Live extensions per member (each paired browser is one). */
export const EXT_SESSIONS_MAX = 10;
/** Where a CreatorDesk server offers the packaged extension (the /extension guide links it). */
export const EXTENSION_ZIP_PATH = '/downloads/creatordesk-extension.zip';
/** The file name a download is saved under. */
export const EXTENSION_ZIP_NAME = 'creatordesk-extension.zip';

/** TikTok's weekly quota resets every Sunday 12:00 GMT-8, which is 20:00 UTC whatever the season. */
const RESET_UTC_SECONDS = 20 * 3600;
/** The last weekly-quota reset at or before `now` (unix seconds): the latest Sunday 20:00 UTC. */
export function lastQuotaReset(now: number): number {
  const day = Math.floor((now - RESET_UTC_SECONDS) / 86_400);
  // 1970-01-01 was a Thursday (Sunday = 0).
  const weekday = (((day + 4) % 7) + 7) % 7;
  return (day - weekday) * 86_400 + RESET_UTC_SECONDS;
}

// Connecting TikTok Shop (contract/schemas/shop.ts)
export const SHOP_APP_KEY_MAX = 64;
export const SHOP_APP_SECRET_MAX = 128;
export const SHOP_SERVICE_ID_MAX = 64;
/** Where the browser lands after the consent (the settings screen's route). */
export const SHOP_SETTINGS_PATH = '/settings/shop';

/**
 * Why a consent did not end in connected shops: `?error=<code>` on SHOP_SETTINGS_PATH. The screen
 * says each in words (and what to do next).
 */
export const SHOP_CALLBACK_ERRORS = [
  /** No state, a state we never issued, or a malformed callback. */
  'state_invalid',
  /** The consent took longer than the state lives: start again. */
  'state_expired',
  /** The state was used already (a reload of the callback, or a replay). */
  'state_used',
  /** Finished in another browser (or with cookies blocked) than the one that clicked Authorize. */
  'state_browser',
  /** The session that started the consent signed out, or its user left the workspace. */
  'session_ended',
  /** The user who started it is no longer the team's admin. */
  'not_admin',
  /** The seller refused on TikTok's page. */
  'denied',
  /** TikTok refused the code (wrong, used or older than 30 minutes). */
  'code_invalid',
  /** The authorisation is a creator's, not a seller's. */
  'not_seller',
  /** The app credentials were removed or replaced while the seller was on TikTok's page. */
  'credentials_changed',
  /** The server has no key to seal tokens with (SECRETS_KEY). */
  'secrets_key_missing',
  /** TikTok did not answer (or answered something unexpected): try again later. */
  'tiktok_unavailable',
  /** TikTok refused our app credentials (app key or secret). */
  'credentials_invalid',
] as const;
export type ShopCallbackError = (typeof SHOP_CALLBACK_ERRORS)[number];

// Plan costs: fees, monthly retainers and ad spend per creator in a plan (contract/schemas/money.ts)
export const COST_KINDS = ['fee', 'retainer', 'ad'] as const;
export type CostKind = (typeof COST_KINDS)[number];
/** Where an ad spend went: Spark Ads on the creator's video, or Shop Ads. */
export const AD_CHANNELS = ['spark', 'shop_ads'] as const;
/** The largest single amount, in the plan's currency (room for IDR and VND, whose units are small). */
export const COST_AMOUNT_MAX = 10_000_000_000;
/** A retainer covers at most this many months; longer is refused rather than read as open-ended. */
export const RETAINER_MONTHS_MAX = 120;
export const COST_NOTE_MAX = 200;
/** Cost lines a workspace keeps (live ones); the next is refused with this number. */
export const COSTS_MAX = 200_000;
/** Cost lines one list answer holds (newest first), with the total beside it. */
export const COST_LIST_MAX = 1000;
/** History rows one answer holds (newest first). */
export const COST_HISTORY_MAX = 200;
/** Rows of an ad-spend file one `/plan/cost.import` call carries (the app sends a file in parts). */
export const AD_IMPORT_CALL_MAX = 2000;
/** A cell of an ad-spend row as sent (a link is the longest); longer is refused by name. */
export const AD_IMPORT_CELL_MAX = 1000;
/** Videos a plan's money answer holds at most: the best half and the worst half by net profit. */
export const PLAN_MONEY_VIDEOS_MAX = 500;
/** Videos the plan screen names at each end (best and worst net profit). */
export const MONEY_PANEL_VIDEOS = 3;
/** Ledger lines one answer holds (oldest first, from `offset`); two years of a busy creator fit in one. */
export const LEDGER_PAGE_MAX = 10_000;
/**
 * Lines the creator page asks for at a time: its first answer holds the totals and charts (summed
 * on the server) and the lines in view; the list asks for the next page as it is scrolled.
 */
export const LEDGER_VIEW_PAGE = 200;
/** The largest `offset` a ledger request may name (a plan's lines beyond it are not paged to). */
export const LEDGER_OFFSET_MAX = 10_000_000;
/**
 * A ledger cursor (`after`): the sort key of the last line read, `time.kind.id` (ledger.ts lineKey):
 * the line's time (a signed whole number of at most 15 digits), its kind's place in LEDGER_KINDS
 * and its row id (at most 15 digits). Anything else is refused by name.
 */
export const LEDGER_CURSOR_MAX = 40;
export const LEDGER_CURSOR_RE = /^(-?[0-9]{1,15})\.([0-5])\.([0-9]{1,15})$/;
/** The kinds of a ledger line, in the order lines of one moment are listed. */
export const LEDGER_KINDS = ['sample', 'content', 'sale', 'fee', 'retainer', 'ad'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** Rows of a content file one `/content/import` call carries (the app sends a file in parts). */
export const CONTENT_IMPORT_CALL_MAX = 500;
/** A cell of a content row as sent (a link is the longest); longer is refused by name. */
export const CONTENT_IMPORT_CELL_MAX = 1000;
/** The largest GMV a content file's row may name (in the shop's currency). */
export const CONTENT_GMV_MAX = 1_000_000_000;
