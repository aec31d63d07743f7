/**
 * A marketplace creator's 30-day performance (the guide's "Marketplace creators", 202406, keyed by
 * TikTok user id). Only what the creator table can hold is read: followers, GMV, units sold,
 * shoppable videos posted and GPM. Exact money is absent when the creator does not share it (ranges
 * instead, US only): then nothing is read for it, never a range's edge.
 */
import { z } from 'zod';

export const marketplaceCreatorPath = (userId: string): string =>
  `/affiliate_seller/202406/marketplace_creators/${userId}`;

const Count = z
  .union([
    z.number().int().min(0).max(1e13),
    z
      .string()
      .regex(/^\d{1,13}$/)
      .transform(Number),
  ])
  .nullish();
const Money = z
  .object({ amount: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/) })
  .nullish()
  .transform((m) => (m ? Number(m.amount) : undefined));

/**
 * GMV per 1,000 views. The guide names the field, not its shape (unconfirmed): read as a money
 * object like `gmv`, or a plain decimal as text or number; anything else is not read (absent, never
 * a guess), and the rest of the creator's figures still count.
 */
const Gpm = z.unknown().transform((v) => {
  const text = typeof v === 'object' && v !== null && 'amount' in v ? (v as { amount: unknown }).amount : v;
  const s = typeof text === 'number' ? String(text) : text;
  return typeof s === 'string' && /^\d{1,12}(\.\d{1,4})?$/.test(s) ? Number(s) : undefined;
});

export const MarketplaceCreatorData = z.object({
  creator: z.object({
    follower_count: Count,
    gmv: Money,
    units_sold: Count,
    ec_video_count: Count,
    gpm: Gpm,
  }),
});
export type MarketplaceCreatorData = z.infer<typeof MarketplaceCreatorData>;
