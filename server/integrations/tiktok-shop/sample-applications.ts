/**
 * Sample applications (the guide's "Sample applications", search version 202409): TikTok's payload,
 * checked, and where each status puts the creator on a plan's path.
 *
 * Defensive where the guide is unconfirmed: the search is a rolling window of recent applications
 * and paging beyond it answers 98001004 "only the most recent N applications can be queried" (read
 * as the end of the list, not a failure); `commission_rate` is a fraction string kept as sent;
 * performance fields of the creator are left alone (empty when the creator withholds them);
 * unknown statuses are stored as sent and move nobody.
 */
import { z } from 'zod';
import { TtsApiError } from './errors.ts';
import { TtsId } from './schemas.ts';

export const SAMPLES_SEARCH_PATH = '/affiliate_seller/202409/sample_applications/search';
/** 1-50 a page. */
export const SAMPLES_PAGE_SIZE = 50;
/** APPROVE or REJECT one application: `data` is empty. */
export const sampleReviewPath = (applicationId: string) =>
  `/affiliate_seller/202409/sample_applications/${applicationId}/review`;
/** TikTok's reasons to reject, one required with REJECT. */
export const SAMPLE_REJECT_REASONS = ['NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER'] as const;

const Text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');
const Time = z
  .number()
  .int()
  .min(0)
  .max(4_102_444_800)
  .nullish()
  .transform((v) => v ?? 0);
const OptId = z
  .string()
  .regex(/^\d{0,30}$/)
  .nullish()
  .transform((v) => v ?? '');

export const SampleApplication = z.object({
  id: TtsId,
  status: z.string().min(1).max(40),
  commission_rate: Text(20),
  order_id: OptId,
  tracking_number: Text(100),
  approve_expiration_time: Time,
  shipment_expiration_time: Time,
  fulfillment_status: Text(40),
  partner_name: Text(200),
  // Absent (an older version, unconfirmed): read as allowed; TikTok's review decides in the end.
  is_approvable: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  disapprovable_reasons: z
    .array(z.string().max(60))
    .max(20)
    .nullish()
    .transform((v) => v ?? []),
  creator: z.object({
    user_id: OptId,
    username: z.string().trim().max(100),
    nickname: Text(200),
  }),
  product: z.object({
    id: TtsId,
    title: Text(500),
    sku_id: OptId,
  }),
});
export type SampleApplication = z.infer<typeof SampleApplication>;

/** The plan stage a status means; null: none (closed, or unknown). */
export function stageOfSample(
  status: string,
): 'sample_requested' | 'sample_approved' | 'shipped' | 'posted' | null {
  switch (status) {
    case 'PENDING':
      return 'sample_requested';
    case 'AWAITING_SHIPMENT':
      return 'sample_approved';
    case 'SHIPPED':
    case 'CONTENT_PENDING':
      return 'shipped';
    case 'COMPLETED':
      return 'posted';
    default:
      return null;
  }
}

/** 98001004 about the rolling window: the list ends here. */
export const isSampleWindowEnd = (err: unknown): boolean =>
  err instanceof TtsApiError && err.code === 98001004 && /most recent/i.test(err.apiMessage);
