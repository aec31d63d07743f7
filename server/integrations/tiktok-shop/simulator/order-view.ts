/**
 * How a generated order looks at a moment of world time: its status off the timeline (or a change
 * made through the control API), refunds that have happened, and the commission figures of the
 * guide's orders search ("Search seller affiliate orders"):
 *   estimated_commission_base = price × quantity (before refunds)
 *   estimated_paid_commission = base × commission_rate, likewise Shop Ads and the co-funded bonus
 *   actual_commission_base    = price × (quantity − refunded_quantity), once settled
 * Amounts are rounded half-up to the cent.
 *
 * Choices the guide leaves open (unconfirmed): actual_* are "0.00" until the order is COMPLETED
 * (and the actual commissions stay "0.00" on DEDUCTED); `delivery_time` is 0 until delivery;
 * collaboration ids that do not apply are ""; a Shop Ads line has commission_rate "0" and a
 * standard line shop_ads_commission_rate "0"; every line is the fixed model ("FIXED") with an
 * empty commission_tier_setting.
 */
import { amount } from './determinism.ts';
import type { LineFacts, OrderFacts } from './order-space.ts';

export type OrderStatus = 'PROCESSING' | 'COMPLETED' | 'CANCELLED' | 'FROZEN' | 'DEDUCTED';

/** A change made through the control API, on top of the generated timeline. */
export interface OrderOverlay {
  status?: { value: OrderStatus; at: number };
  lines: Map<number, { refunded: number; returned: number; at: number }>;
}

export function statusAt(f: OrderFacts, now: number, overlay?: OrderOverlay): OrderStatus {
  if (overlay?.status && now >= overlay.status.at) return overlay.status.value;
  const t = f.timeline;
  if (t.cancelAt !== null && now >= t.cancelAt) return 'CANCELLED';
  if (t.deductedAt !== null && now >= t.deductedAt) return 'DEDUCTED';
  if (t.frozenFrom !== null && now >= t.frozenFrom && now < (t.frozenUntil ?? Infinity)) return 'FROZEN';
  if (now >= t.settleAt) return 'COMPLETED';
  return 'PROCESSING';
}

export function deliveryTimeAt(f: OrderFacts, now: number, overlay?: OrderOverlay): number {
  const status = statusAt(f, now, overlay);
  if (status === 'CANCELLED') return 0;
  if (overlay?.status && now >= overlay.status.at && overlay.status.value === 'COMPLETED') {
    return Math.min(f.timeline.deliveredAt, overlay.status.at);
  }
  return f.timeline.deliveredAt <= now ? f.timeline.deliveredAt : 0;
}

export function refundAt(
  line: LineFacts,
  now: number,
  overlay?: OrderOverlay,
): { refunded: number; returned: number } {
  const changed = overlay?.lines.get(line.slot);
  if (changed && now >= changed.at) return changed;
  if (line.refund && now >= line.refund.at) return line.refund;
  return { refunded: 0, returned: 0 };
}

export const isSettled = (s: OrderStatus): boolean => s === 'COMPLETED' || s === 'DEDUCTED';

/** `rate` hundredths of a percent of `cents`, rounded half-up. */
const pct = (cents: number, rate: number): number => Math.round((cents * rate) / 10_000);

const money = (cents: number, currency: string) => ({ amount: amount(cents), currency });

/** The line's money in cents at `now`. */
export function lineFigures(line: LineFacts, status: OrderStatus, refunded: number) {
  const base = line.priceCents * line.quantity;
  const settled = isSettled(status);
  const actualBase = settled ? line.priceCents * (line.quantity - refunded) : 0;
  const paid = settled && status !== 'DEDUCTED';
  return {
    estBase: base,
    estCommission: pct(base, line.rate),
    estShopAds: pct(base, line.shopAdsRate),
    estBonus: pct(base, line.bonusRate),
    actualBase,
    actualCommission: paid ? pct(actualBase, line.rate) : 0,
    actualShopAds: paid ? pct(actualBase, line.shopAdsRate) : 0,
    actualBonus: paid ? pct(actualBase, line.bonusRate) : 0,
  };
}

export function apiSku(
  line: LineFacts,
  status: OrderStatus,
  now: number,
  currency: string,
  overlay?: OrderOverlay,
) {
  const { refunded, returned } = refundAt(line, now, overlay);
  const f = lineFigures(line, status, refunded);
  return {
    product_id: line.product.id,
    quantity: line.quantity,
    price: money(line.priceCents, currency),
    creator_username: line.creator.handle,
    content_type: line.contentType,
    content_id: line.contentId,
    open_collaboration_id: line.program.kind === 'open' ? line.program.id : '',
    target_collaboration_id: line.program.kind === 'target' ? line.program.id : '',
    campaign_id: line.program.kind === 'campaign' ? line.program.id : '',
    commission_model: 'FIXED',
    commission_tier_setting: '',
    commission_rate: String(line.rate),
    shop_ads_commission_rate: String(line.shopAdsRate),
    estimated_commission_base: money(f.estBase, currency),
    estimated_paid_commission: money(f.estCommission, currency),
    estimated_paid_shop_ads_commission: money(f.estShopAds, currency),
    estimated_cofunded_creator_bonus_amount: money(f.estBonus, currency),
    actual_commission_base: money(f.actualBase, currency),
    actual_paid_commission: money(f.actualCommission, currency),
    actual_paid_shop_ads_commission: money(f.actualShopAds, currency),
    actual_cofunded_creator_bonus_amount: money(f.actualBonus, currency),
    refunded_quantity: refunded,
    returned_quantity: returned,
  };
}

export type ApiSku = ReturnType<typeof apiSku>;

export interface ApiOrder {
  id: string;
  create_time: number;
  delivery_time: number;
  status: OrderStatus;
  skus: ApiSku[];
}

export function apiOrder(
  f: OrderFacts,
  now: number,
  currency: string,
  overlay?: OrderOverlay,
  keepLine: (l: LineFacts) => boolean = () => true,
): ApiOrder {
  const status = statusAt(f, now, overlay);
  return {
    id: f.id,
    create_time: f.createTime,
    delivery_time: deliveryTimeAt(f, now, overlay),
    status,
    skus: f.lines.filter(keepLine).map((l) => apiSku(l, status, now, currency, overlay)),
  };
}
