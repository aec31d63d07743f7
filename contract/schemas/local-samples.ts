/**
 * Sample requests recorded in plans (docs/decisions/shop-connection.md, "Sample requests without a
 * shop"): creators at "sample requested" in a plan are the workspace's own pending requests, judged
 * by the same sample approval rules as the shop's applications and decided here for a selection.
 * An approval moves the creator to "sample approved", a rejection to "declined" with the member's
 * reason; every decision is a history row naming the member (and the rule that refused it).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { PLAN_REASON_MAX } from '../limits.ts';
import { SAMPLE_RULES } from '../sample-rules.ts';
import { SHOP_REVIEW_CALL_MAX, SHOP_REVIEW_RESULTS } from '../shop-review.ts';
import { formList, text } from './common.ts';

/** A request's id: `<plan id>:<creator id>` (one creator is at one stage per plan). */
export const LOCAL_SAMPLE_ID = /^(\d{1,15}):(\d{1,15})$/;
export const localSampleId = (planId: number, creatorId: number): string => `${planId}:${creatorId}`;

export const LocalSampleView = z.object({
  id: z.string(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  creator_id: z.number().int(),
  /** The creator's handle and nickname. */
  creator: z.string(),
  creator_nickname: z.string(),
  /** The plan's products' titles (TikTok id when the product has no title), joined with ", ". */
  products: z.string(),
  /** When the creator entered "sample requested" in the plan. */
  requested_at: z.number().int(),
  /** The last decision tried here that a rule refused: its code, message and time; '' none. */
  last_code: z.string(),
  last_msg: z.string(),
  last_at: z.number().int(),
  /** The creator's fit for this plan (0–100, one decimal; best first), null when unknown. */
  fit: z.number().nullable(),
  /** The workspace's sample approval rules judged for this request; [] when no rule is set. */
  verdicts: z.array(
    z.object({
      rule: z.enum(SAMPLE_RULES),
      verdict: z.enum(['pass', 'fail', 'unknown']),
      value: z.number().nullable(),
      limit: z.number(),
    }),
  ),
});
export type LocalSampleView = z.infer<typeof LocalSampleView>;

export const LocalSamplesPending = z.object({
  items: z.array(LocalSampleView),
  /** All pending, when more than the list shows. */
  total: z.number().int(),
});

export const LocalSamplesDecideRequest = z
  .object({
    requests: formList(
      z.preprocess((v) => v, z.string().regex(LOCAL_SAMPLE_ID, 'plan_samples_id_invalid')),
      SHOP_REVIEW_CALL_MAX,
    ).pipe(z.array(z.string()).min(1, 'plan_samples_ids_required')),
    result: z.enum(SHOP_REVIEW_RESULTS, { message: 'shop_review_result_invalid' }),
    /** Why a rejection (the plan's "declined" reason); required with a rejection, none with an approval. */
    reason: z.preprocess((v) => (v === null ? undefined : v), text(PLAN_REASON_MAX).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.result === 'reject' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'plan_samples_reason_required' });
    if (v.result === 'approve' && v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'plan_samples_reason_approve' });
  });

export const LocalSampleOutcome = z.object({
  id: z.string(),
  outcome: z.enum(['done', 'refused']),
  /** '' when done; `not_found`, `not_pending`, `in_shop` or `rule_<rule>`. */
  code: z.string(),
  /** Why, in the request's language. */
  msg: z.string(),
  /** The creator's stage in the plan now ('' when not in it). */
  stage: z.string(),
});
export type LocalSampleOutcome = z.infer<typeof LocalSampleOutcome>;

export const localSampleEndpoints = {
  planSamplesPending: endpoint({
    method: 'GET',
    path: '/plan/samples.pending',
    auth: true,
    request: z.object({}),
    response: LocalSamplesPending,
  }),
  planSamplesDecide: endpoint({
    method: 'POST',
    path: '/plan/samples.decide',
    auth: true,
    request: LocalSamplesDecideRequest,
    response: z.object({ results: z.array(LocalSampleOutcome) }),
  }),
};
