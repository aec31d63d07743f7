/**
 * A sample application's fulfilments (the guide's "Sample applications", fulfilments 202409): the
 * videos and LIVEs a creator posted for the sample, with cumulative counts. Not paged: one call
 * answers everything (one SDK's reading).
 *
 * Defensive where the guide is thin: counts may come as numbers or digit strings (the group mixes
 * both); a missing count reads 0; `url`/`page_link` are kept only as https TikTok addresses; the
 * format is VIDEO or LIVE, anything else is refused item by item (counted, never guessed).
 */
import { z } from 'zod';
import { TtsId } from './schemas.ts';

export const fulfillmentsPath = (applicationId: string): string =>
  `/affiliate_seller/202409/sample_applications/${applicationId}/fulfillments/search`;

/** The answer as a list of unchecked items, each checked on its own (`SampleFulfillment`). */
export const FulfillmentsData = z
  .object({ fulfillments: z.array(z.unknown()).max(1000).nullish() })
  .nullish()
  .transform((d) => d?.fulfillments ?? []);

const Count = z
  .union([
    z.number().int().min(0).max(1e14),
    z
      .string()
      .regex(/^\d{1,14}$/)
      .transform(Number),
  ])
  .nullish()
  .transform((v) => v ?? 0);
const Time = z
  .union([
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(4_102_444_800))
  .nullish()
  .transform((v) => v ?? 0);
const Link = z
  .string()
  .max(2000)
  .nullish()
  .transform((v) => v ?? '');

export const SampleFulfillment = z.object({
  content: z.object({
    id: TtsId,
    format: z.enum(['VIDEO', 'LIVE']),
    url: Link,
    page_link: Link,
    create_time: Time,
    view_count: Count,
    like_count: Count,
    comment_count: Count,
    paid_order_count: Count,
  }),
  product: z.object({ id: TtsId }).partial().nullish(),
});
export type SampleFulfillment = z.infer<typeof SampleFulfillment>;
