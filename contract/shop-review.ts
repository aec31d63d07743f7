/**
 * Reviewing the shop's sample applications (docs/decisions/shop-connection.md, "Reviewing sample
 * applications"): the limits and vocabulary both the server and the screen read (no zod here).
 */

/** Applications one review call may name. */
export const SHOP_REVIEW_CALL_MAX = 50;
/** Pending applications the list answers at most (the closest approve-by deadlines first). */
export const SHOP_REVIEW_LIST_MAX = 500;
/** TikTok's reasons to reject, one required with a rejection. */
export const SHOP_REJECT_REASONS = ['NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER'] as const;
export type ShopRejectReason = (typeof SHOP_REJECT_REASONS)[number];
export const SHOP_REVIEW_RESULTS = ['approve', 'reject'] as const;
export type ShopReviewResult = (typeof SHOP_REVIEW_RESULTS)[number];
/**
 * Our codes of a refused application (TikTok's own are numbers, sent as text):
 * not_found: no such application in the caller's workspace; not_pending: already reviewed (here
 * or in Seller Center); in_review: another review of it is talking to TikTok right now;
 * tiktok_unavailable: TikTok could not be reached or the shop's tokens could not be used.
 */
export const SHOP_REVIEW_CODES = ['not_found', 'not_pending', 'in_review', 'tiktok_unavailable'] as const;
