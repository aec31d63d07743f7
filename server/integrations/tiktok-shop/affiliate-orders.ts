/**
 * Affiliate orders (the guide's "Search seller affiliate orders", version 202410): TikTok's order
 * payload, checked, and read into the order lines the Seller Center file import writes.
 *
 * - GMV of a line is price × quantity (`estimated_commission_base`): the API carries no payment
 *   amount after discounts, which the file has.
 * - Commission is, per part (standard, Shop Ads, co-funded bonus), the actual paid amount once the
 *   order is settled (COMPLETED or DEDUCTED), else the estimate: the settled figure replaces the
 *   estimate.
 * - Statuses take the file's words (how they map is unconfirmed): PROCESSING → Pending,
 *   COMPLETED → Settled, FROZEN → Frozen, CANCELLED and DEDUCTED → Ineligible; a line is void
 *   (never counted) when Ineligible or returned or refunded in full. An unknown status is kept as
 *   sent and counts, as an unknown file status does.
 */
import { z } from 'zod';
import { TtsId } from './schemas.ts';

export const ORDERS_SEARCH_PATH = '/affiliate_seller/202410/orders/search';
/** 202410 takes 1-100 orders a page. */
export const ORDERS_PAGE_SIZE = 100;

const cents = (m: { amount: string } | null | undefined): number => {
  if (!m) return 0;
  const [whole, frac = ''] = m.amount.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
};

/** A money amount in at most cents (TikTok writes it as a string); more decimals are refused, never rounded. */
const Money = z.object({
  amount: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'an amount with at most two decimals'),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
});
const Count = z.number().int().min(0).max(1_000_000);
const Opt = <T extends z.ZodTypeAny>(t: T) => t.nullish();

const Sku = z
  .object({
    product_id: TtsId,
    quantity: Count,
    price: Money,
    creator_username: z.string().trim().max(100).nullish(),
    content_id: z
      .string()
      .regex(/^\d{0,40}$/)
      .nullish(),
    estimated_paid_commission: Opt(Money),
    estimated_paid_shop_ads_commission: Opt(Money),
    estimated_cofunded_creator_bonus_amount: Opt(Money),
    actual_paid_commission: Opt(Money),
    actual_paid_shop_ads_commission: Opt(Money),
    actual_cofunded_creator_bonus_amount: Opt(Money),
    refunded_quantity: Opt(Count),
    returned_quantity: Opt(Count),
  })
  .refine((s) => cents(s.price) * s.quantity <= 100_000_000_000, 'price × quantity above 1,000,000,000');

export const AffiliateOrder = z.object({
  id: TtsId,
  create_time: z.number().int().min(0).max(4_102_444_800),
  status: z.string().max(40),
  skus: z.array(Sku).max(1000),
});
export type AffiliateOrder = z.infer<typeof AffiliateOrder>;

/** One SKU line, as the file import's lines are (see contract/schemas/plan.ts, OrderLineInput). */
export interface ApiOrderLine {
  order_id: string;
  product_id: string;
  content_id: string;
  creator: string;
  quantity: number;
  gmv: number;
  commission: number;
  currency: string;
  status: string;
  void: 0 | 1;
  created_time: number;
}

const STATUS: Record<string, string> = {
  PROCESSING: 'Pending',
  COMPLETED: 'Settled',
  FROZEN: 'Frozen',
  CANCELLED: 'Ineligible',
  DEDUCTED: 'Ineligible',
};
const SETTLED = new Set(['COMPLETED', 'DEDUCTED']);

export function orderLines(o: AffiliateOrder): ApiOrderLine[] {
  const settled = SETTLED.has(o.status);
  const status = STATUS[o.status] ?? o.status;
  return o.skus.map((s) => {
    const commission = settled
      ? cents(s.actual_paid_commission) +
        cents(s.actual_paid_shop_ads_commission) +
        cents(s.actual_cofunded_creator_bonus_amount)
      : cents(s.estimated_paid_commission) +
        cents(s.estimated_paid_shop_ads_commission) +
        cents(s.estimated_cofunded_creator_bonus_amount);
    const refunded = Math.max(s.refunded_quantity ?? 0, s.returned_quantity ?? 0);
    return {
      order_id: o.id,
      product_id: s.product_id,
      content_id: s.content_id ?? '',
      creator: (s.creator_username ?? '').replace(/^@+/, ''),
      quantity: s.quantity,
      gmv: (cents(s.price) * s.quantity) / 100,
      commission: commission / 100,
      currency: s.price.currency.toUpperCase(),
      status,
      void: status === 'Ineligible' || (s.quantity > 0 && refunded >= s.quantity) ? 1 : 0,
      created_time: o.create_time,
    };
  });
}
