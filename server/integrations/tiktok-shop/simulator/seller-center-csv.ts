/**
 * The Seller Center affiliate-orders file (Affiliate → Orders → export) for the simulator's own
 * orders, with the exact headers and value formats of the seller-center exports guide: 30 columns
 * for US shops, 31 for UK shops (`Creator Region` after `Creator Username`), times
 * `DD/MM/YYYY HH:MM:SS`, money as plain decimals with trailing zeros dropped, rates as `15%`.
 * A test can import a line by file and then sync the same line by API: the two share the order id
 * and product id (the API's SKU lines carry no SKU id in the guide).
 *
 * Choices the guides leave open (unconfirmed): times are written in UTC; order statuses map
 * PROCESSING → Pending, COMPLETED → Settled, FROZEN → Frozen, CANCELLED and DEDUCTED →
 * Ineligible, and a fully refunded line is Ineligible with an actual base of 0; content types map
 * VIDEO → Video, LIVE and PRE_LIVE → Livestream, SHOP → Showcase, LINKSHARE and PROMOTION_PAGE →
 * External Traffic Program.
 */
import Papa from 'papaparse';
import type { LineFacts, OrderFacts } from './order-space.ts';
import type { OrderOverlay, OrderStatus } from './order-view.ts';
import { deliveryTimeAt, isSettled, lineFigures, refundAt, statusAt } from './order-view.ts';
import { ordersDescending } from './orders.ts';
import type { ShopRuntime } from './shop.ts';

export const AFFILIATE_ORDER_HEADERS_US = [
  'Order ID',
  'Product ID',
  'Product Name',
  'SKU ID',
  'Price',
  'Payment Amount',
  'Currency',
  'Quantity',
  'Fully returned or refunded',
  'Payment method',
  'Order Status',
  'Creator Username',
  'Content Type',
  'Content ID',
  'commission model',
  'Standard commission rate',
  'Est. Commission Base',
  'Est. standard commission payment',
  'Actual Commission Base',
  'Actual Commission Payment',
  'Shop Ads commission rate',
  'Est. Shop Ads commission payment',
  'Actual Shop Ads commission payment',
  'Est. co-funded creator bonus',
  'Actual co-funded creator bonus',
  'Time Created',
  'Payment time',
  'Order Delivery Time',
  'Time Commission Paid',
  'Platform',
] as const;

export const AFFILIATE_ORDER_HEADERS_GB: readonly string[] = [
  ...AFFILIATE_ORDER_HEADERS_US.slice(0, 12),
  'Creator Region',
  ...AFFILIATE_ORDER_HEADERS_US.slice(12),
];

const EXPORT_STATUS: Record<OrderStatus, string> = {
  PROCESSING: 'Pending',
  COMPLETED: 'Settled',
  FROZEN: 'Frozen',
  CANCELLED: 'Ineligible',
  DEDUCTED: 'Ineligible',
};

const CONTENT_TYPE: Record<LineFacts['contentType'], string> = {
  VIDEO: 'Video',
  LIVE: 'Livestream',
  PRE_LIVE: 'Livestream',
  SHOP: 'Showcase',
  LINKSHARE: 'External Traffic Program',
  PROMOTION_PAGE: 'External Traffic Program',
};

/** 1999 → "19.99", 1250 → "12.5", 2200 → "22". */
export const exportMoney = (cents: number): string => String(Math.round(cents) / 100);

/** 1550 (hundredths of a percent) → "15.5%". */
const exportRate = (hundredths: number): string => `${hundredths / 100}%`;

/** Unix seconds → `DD/MM/YYYY HH:MM:SS` (UTC). */
export function exportTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

export function exportRows(
  f: OrderFacts,
  now: number,
  currency: string,
  gb: boolean,
  overlay?: OrderOverlay,
): string[][] {
  const status = statusAt(f, now, overlay);
  const delivered = deliveryTimeAt(f, now, overlay);
  const settledAt = overlay?.status && now >= overlay.status.at ? overlay.status.at : f.timeline.settleAt;
  return f.lines.map((line) => {
    const { refunded } = refundAt(line, now, overlay);
    const full = refunded >= line.quantity;
    const fig = lineFigures(line, status, refunded);
    const label = full && status !== 'PROCESSING' ? 'Ineligible' : EXPORT_STATUS[status];
    const ineligible = label === 'Ineligible';
    const settled = isSettled(status) && !ineligible;
    const shopAds = line.shopAdsRate > 0;
    const actual = (cents: number) => (settled ? exportMoney(cents) : ineligible ? '0' : '');
    const row = [
      f.id,
      line.product.id,
      line.product.title,
      line.sku.id,
      exportMoney(line.priceCents),
      exportMoney(line.paidCents),
      currency,
      String(line.quantity),
      full ? 'Yes' : 'No',
      'Not cash on delivery',
      label,
      line.creator.handle,
      ...(gb ? ['GB'] : []),
      CONTENT_TYPE[line.contentType],
      line.contentId,
      'fixed commission',
      shopAds ? '' : exportRate(line.rate),
      exportMoney(fig.estBase),
      shopAds ? '' : exportMoney(fig.estCommission),
      status === 'DEDUCTED' ? exportMoney(fig.actualBase) : actual(fig.actualBase),
      shopAds ? '' : actual(fig.actualCommission),
      shopAds ? exportRate(line.shopAdsRate) : '',
      shopAds ? exportMoney(fig.estShopAds) : '',
      shopAds ? actual(fig.actualShopAds) : '',
      line.bonusRate > 0 ? exportMoney(fig.estBonus) : '',
      line.bonusRate > 0 ? actual(fig.actualBonus) : '',
      exportTime(f.createTime),
      exportTime(f.timeline.paidAt),
      delivered > 0 ? exportTime(delivered) : '',
      settled ? exportTime(settledAt) : '',
      'TTS',
    ];
    return row;
  });
}

/** The affiliate-orders CSV of a shop's orders created in [ge, lt), newest first. */
export function affiliateOrdersCsv(
  shop: ShopRuntime,
  now: number,
  range: { ge?: number; lt?: number } = {},
): string {
  const gb = shop.options.region === 'GB';
  const rows: string[][] = [];
  for (const { facts, overlay } of ordersDescending(shop, range.ge ?? 0, range.lt ?? now + 1)) {
    rows.push(...exportRows(facts, now, shop.catalog.currency, gb, overlay));
  }
  return Papa.unparse({
    fields: [...(gb ? AFFILIATE_ORDER_HEADERS_GB : AFFILIATE_ORDER_HEADERS_US)],
    data: rows,
  });
}
