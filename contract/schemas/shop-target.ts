/**
 * Creating a TikTok target collaboration from a plan's selection (docs/decisions/shop-connection.md,
 * "Target collaborations from a plan"). A member's explicit action: the plan's creators (at most
 * SHOP_TARGET_CREATORS_MAX, each with the TikTok user id the shop sync learned) and products (at most
 * SHOP_TARGET_PRODUCTS_MAX, each with its rate in percent) go to TikTok in calls of at most
 * SHOP_TARGET_PER_CALL creators; the answer names each call's outcome ("part"). `request_key` is
 * made once per dialog: the same key again answers the first outcome instead of creating anew.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.ts';
import {
  COMMISSION_MAX,
  COMMISSION_MIN,
  SHOP_TARGET_CREATORS_MAX,
  SHOP_TARGET_END_MARGIN_DAYS,
  SHOP_TARGET_END_MAX_DAYS,
  SHOP_TARGET_MESSAGE_MAX,
  SHOP_TARGET_NAME_MAX,
  SHOP_TARGET_PER_CALL,
  SHOP_TARGET_PRODUCTS_MAX,
  inHundredths,
} from '../limits.ts';
import { endpoint } from '../endpoint.ts';
import { flag, formInt, formList, optInt, requiredText, text } from './common.ts';
import { rowId } from './tag.ts';

export {
  SHOP_TARGET_CREATORS_MAX,
  SHOP_TARGET_END_MARGIN_DAYS,
  SHOP_TARGET_END_MAX_DAYS,
  SHOP_TARGET_PER_CALL,
  SHOP_TARGET_PRODUCTS_MAX,
};

/** A rate in percent with at most two decimals (TikTok takes hundredths of a percent). */
const ratePercent = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ message: 'shop_target_rate_invalid' })
      .min(COMMISSION_MIN, 'shop_target_rate_invalid')
      .max(COMMISSION_MAX, 'shop_target_rate_invalid')
      .refine(inHundredths, 'shop_target_rate_invalid'),
  );

export const ShopTargetProduct = z.object({ id: rowId(), rate: ratePercent() });

export const ShopTargetRequest = z.object({
  plan_id: rowId(),
  request_key: z
    .string({ message: 'shop_target_key_invalid' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'shop_target_key_invalid'),
  /** The connection (shop) to invite from; absent: the plan's country's only connected shop. */
  shop: optInt().pipe(z.number().int().min(1).optional()),
  name: requiredText('shop_target_name_required', SHOP_TARGET_NAME_MAX),
  message: text(SHOP_TARGET_MESSAGE_MAX).default(''),
  /** Unix seconds; at least SHOP_TARGET_END_MARGIN_DAYS ahead (checked on the server's clock). */
  end_time: formInt().pipe(z.number().int().min(1, 'shop_target_end_invalid')),
  products: formList(ShopTargetProduct, SHOP_TARGET_PRODUCTS_MAX).pipe(
    z.array(z.object({ id: z.number(), rate: z.number() })).min(1, 'shop_target_products_required'),
  ),
  creator_ids: formList(rowId(), SHOP_TARGET_CREATORS_MAX).pipe(
    z.array(z.number()).min(1, 'plan_creators_required'),
  ),
  free_sample: flag().default(0),
  email: text(254).pipe(z.string().regex(EMAIL_PATTERN, 'shop_target_email_invalid')),
});
export type ShopTargetRequest = z.infer<typeof ShopTargetRequest>;

export const ShopTargetPart = z.object({
  /** 1, 2, … in the order the calls were made (SHOP_TARGET_PER_CALL creators each). */
  part: z.number().int(),
  /** created: TikTok made the collaboration and the invitations are recorded; conflicts: TikTok made
   * nothing because some pairs are in another live collaboration; failed: TikTok refused or could
   * not be reached; not_sent: an earlier part failed, so this one was not tried. */
  status: z.enum(['created', 'conflicts', 'failed', 'not_sent']),
  /** TikTok's id when created, else ''. */
  collaboration_id: z.string(),
  /** The creators of this part (handles). */
  creators: z.array(z.string()),
  conflicts: z.array(z.object({ creator: z.string(), product_id: z.string() })),
  /** TikTok's code and message when failed ('' otherwise). */
  error_code: z.string(),
  error_msg: z.string(),
});
export type ShopTargetPart = z.infer<typeof ShopTargetPart>;

export const ShopTargetResult = z.object({
  plan_id: z.number().int(),
  parts: z.array(ShopTargetPart),
  /** Creators whose invitation was recorded (the created parts' creators). */
  invited: z.number().int(),
});
export type ShopTargetResult = z.infer<typeof ShopTargetResult>;

export const shopTargetEndpoints = {
  shopTargetCreate: endpoint({
    method: 'POST',
    path: '/shop/target.create',
    auth: true,
    request: ShopTargetRequest,
    response: ShopTargetResult,
  }),
};
export { SHOP_TARGET_NAME_MAX, SHOP_TARGET_MESSAGE_MAX };
