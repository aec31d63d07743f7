/**
 * The shop's pending sample applications and a member's review of a selection of them
 * (docs/decisions/shop-connection.md, "Reviewing sample applications"). Any member of the workspace
 * may review (docs/decisions/teams.md); each application is claimed before TikTok is called, so two
 * reviews of one application never both reach TikTok.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { SHOP_REJECT_REASONS, SHOP_REVIEW_CALL_MAX, SHOP_REVIEW_RESULTS } from '../shop-review.ts';
import { formList } from './common.ts';
import { SAMPLE_RULES } from '../sample-rules.ts';

export const ShopSampleView = z.object({
  application_id: z.string(),
  /** The shop connection it came from, its name and whether it syncs (`active`). */
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_status: z.string(),
  /** The creator's handle and nickname as TikTok gave them; `creator_id` ours (0: none). */
  creator: z.string(),
  creator_nickname: z.string(),
  creator_id: z.number().int(),
  product_id: z.string(),
  product_title: z.string(),
  /** When the sync first saw it pending (TikTok gives no request time). */
  requested_at: z.number().int(),
  /** TikTok's approve-by deadline (0: unknown). */
  approve_by: z.number().int(),
  /** 1 when TikTok allows APPROVE now (as last synced, and the deadline not passed). */
  is_approvable: z.number().int(),
  /** TikTok's reasons when not (`OUT_OF_STOCK`, `APPROVAL_EXPIRED`, …), as sent. */
  disapprovable_reasons: z.array(z.string()),
  /** The last review tried here that did not go through: its result, code and message; '' none. */
  last_result: z.string(),
  last_code: z.string(),
  last_msg: z.string(),
  last_at: z.number().int(),
  /**
   * The creator's fit for the plan carrying the product (0–100, one decimal; the list is ranked by
   * it, best first), null when unknown (server/services/sample-fit.service.ts).
   */
  fit: z.number().nullable(),
  /**
   * The workspace's sample approval rules judged for this application (contract/sample-rules.ts):
   * one per rule set, with the figure and the limit; [] when no rule is set.
   */
  verdicts: z.array(
    z.object({
      rule: z.enum(SAMPLE_RULES),
      verdict: z.enum(['pass', 'fail', 'unknown']),
      value: z.number().nullable(),
      limit: z.number(),
    }),
  ),
});
export type ShopSampleView = z.infer<typeof ShopSampleView>;

export const ShopSamplesPending = z.object({
  items: z.array(ShopSampleView),
  /** All pending, when more than the list shows. */
  total: z.number().int(),
});

const applicationId = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().regex(/^\d{1,30}$/, 'shop_review_id_invalid'),
  );

export const ShopSamplesReviewRequest = z
  .object({
    application_ids: formList(applicationId(), SHOP_REVIEW_CALL_MAX).pipe(
      z.array(z.string()).min(1, 'shop_review_ids_required'),
    ),
    result: z.enum(SHOP_REVIEW_RESULTS, { message: 'shop_review_result_invalid' }),
    reason: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.enum(SHOP_REJECT_REASONS, { message: 'shop_review_reason_invalid' }).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'shop_review_reason_required' });
    if (v.result === 'approve' && v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'shop_review_reason_invalid' });
  });

export const ShopReviewOutcome = z.object({
  application_id: z.string(),
  outcome: z.enum(['done', 'refused']),
  /** '' when done; TikTok's code (as text) or ours (contract/shop-review.ts). */
  code: z.string(),
  /** Why, in the request's language (TikTok's own message for its codes). */
  msg: z.string(),
  /** The application's status now (`AWAITING_SHIPMENT`, `REJECT_CANCELLED`, …; '' unknown). */
  status: z.string(),
});
export type ShopReviewOutcome = z.infer<typeof ShopReviewOutcome>;

export const shopSampleEndpoints = {
  shopSamplesPending: endpoint({
    method: 'GET',
    path: '/shop/samples.pending',
    auth: true,
    request: z.object({}),
    response: ShopSamplesPending,
  }),
  shopSamplesReview: endpoint({
    method: 'POST',
    path: '/shop/samples.review',
    auth: true,
    request: ShopSamplesReviewRequest,
    response: z.object({ results: z.array(ShopReviewOutcome) }),
  }),
};
