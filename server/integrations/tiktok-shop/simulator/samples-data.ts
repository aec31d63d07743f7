/**
 * Sample applications of a generated shop: every status the guide lists, content for the shipped
 * ones, and the record-to-API mapping. Stored (a shop has hundreds, not millions) because review and
 * the control API change them.
 *
 * Choices the guide leaves open (unconfirmed): how `fulfillment_status` follows `status` (below);
 * the `disapprovable_reasons` strings; that withheld creator data means the four performance
 * fields are absent; `order_id`/`tracking_number` are "" and `shipment_expiration_time` 0 until
 * they exist; content counts grow with the content's age.
 */
import type { Catalog, Creator, Product, Sku } from './catalog.ts';
import { skewedIndex } from './catalog.ts';
import { amount, hashDigits, mix, pad, rngFor } from './determinism.ts';

export const SAMPLE_STATUSES = [
  'PENDING',
  'AWAITING_SHIPMENT',
  'SHIPPED',
  'CONTENT_PENDING',
  'COMPLETED',
  'REJECT_CANCELLED',
  'OVERDUE_CANCELLED',
  'UNFULFILL_CANCELLED',
  'DEL_OPEN_COLLAB',
  'SELLER_NOT_SHIP_CANCELLED',
  'WITHDRAW_CANCELLED',
  'UNFULFILLABLE_CANCELLED',
  'OPS_CANCELLED',
  'OPS_FAILED',
  'OPS_COMPLETED',
] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

const WEIGHTS = [20, 10, 10, 10, 20, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3];

const FULFILLMENT: Record<SampleStatus, string> = {
  PENDING: 'PENDING',
  AWAITING_SHIPMENT: 'PENDING',
  SHIPPED: 'ONGOING',
  CONTENT_PENDING: 'ONGOING',
  COMPLETED: 'SUCCEED',
  OPS_COMPLETED: 'SUCCEED',
  OVERDUE_CANCELLED: 'OVERDUE',
  UNFULFILL_CANCELLED: 'FAILED',
  OPS_FAILED: 'FAILED',
  REJECT_CANCELLED: 'CANCELLED',
  DEL_OPEN_COLLAB: 'CANCELLED',
  SELLER_NOT_SHIP_CANCELLED: 'CANCELLED',
  WITHDRAW_CANCELLED: 'CANCELLED',
  UNFULFILLABLE_CANCELLED: 'CANCELLED',
  OPS_CANCELLED: 'CANCELLED',
};

export interface SampleContent {
  id: string;
  format: 'VIDEO' | 'LIVE';
  createTime: number;
  /** Views the piece settles at; counts grow towards it with age. */
  reach: number;
}

export interface SampleRecord {
  id: string;
  status: SampleStatus;
  /** Internal: newest first in search. The API carries no creation time. */
  createdAt: number;
  commissionRate: string;
  orderId: string;
  trackingNumber: string;
  availableQuantity: number;
  approveExpiration: number;
  shipmentExpiration: number;
  /** Internal: a PENDING application the platform will not let the seller approve. */
  blockedReason: string | null;
  partnerName: string;
  creator: Creator;
  product: Product;
  sku: Sku;
  targetCollaborationId: string;
  content: SampleContent[];
  /** Internal: whether the creator shares performance data. */
  withholdsData: boolean;
}

const DAY = 86_400;
const SHIPPED_OR_LATER = new Set<SampleStatus>([
  'SHIPPED',
  'CONTENT_PENDING',
  'COMPLETED',
  'OPS_COMPLETED',
  'UNFULFILL_CANCELLED',
  'OVERDUE_CANCELLED',
]);
const APPROVED_OR_LATER = new Set<SampleStatus>([
  ...SHIPPED_OR_LATER,
  'AWAITING_SHIPMENT',
  'SELLER_NOT_SHIP_CANCELLED',
]);

export const sampleOrderId = (seed: number, shopNo: number, n: number): string =>
  `59${pad(shopNo, 2)}${pad(n, 9)}${hashDigits(mix(seed, n, 21), 5)}`;

export const trackingNumber = (seed: number, n: number, region: string): string =>
  region === 'GB' ? `TT${hashDigits(mix(seed, n, 22), 10)}GB` : `9400${hashDigits(mix(seed, n, 22), 18)}`;

export function contentFor(
  seed: number,
  n: number,
  format: 'VIDEO' | 'LIVE',
  createTime: number,
): SampleContent {
  const rng = rngFor(seed, n, 23);
  return {
    id: `76${hashDigits(mix(seed, n, 24), 17)}`,
    format,
    createTime,
    reach: Math.round(rng.pareto(800, 1.2)),
  };
}

/** Application number `k` of a shop; `forced` fixes its status (new applications are PENDING). */
export function makeSample(
  seed: number,
  shopNo: number,
  catalog: Catalog,
  k: number,
  anchor: number,
  forced?: SampleStatus,
): SampleRecord {
  const rng = rngFor(seed, k, 31);
  // The first fifteen cover every status once; the rest follow the weights.
  const status =
    forced ?? (k < SAMPLE_STATUSES.length ? SAMPLE_STATUSES[k]! : rng.weighted(SAMPLE_STATUSES, WEIGHTS));
  const pending = status === 'PENDING';
  const createdAt = forced ? anchor : anchor - (pending ? rng.int(600, 3 * DAY) : rng.int(3 * DAY, 60 * DAY));
  const product = catalog.products[skewedIndex(rng.next(), catalog.products.length, 1.5)]!;
  const creator = catalog.creators[skewedIndex(rng.next(), catalog.creators.length, 1.8)]!;
  const approved = APPROVED_OR_LATER.has(status);
  const shipped = SHIPPED_OR_LATER.has(status);
  const record: SampleRecord = {
    id: `73${pad(shopNo, 2)}${pad(k, 7)}${hashDigits(mix(seed, k, 32), 8)}`,
    status,
    createdAt,
    commissionRate: String(product.openRate / 10_000),
    orderId: approved ? sampleOrderId(seed, shopNo, k) : '',
    trackingNumber: shipped ? trackingNumber(seed, k, catalog.currency === 'GBP' ? 'GB' : 'US') : '',
    availableQuantity: rng.int(0, 40) === 0 && !forced ? 0 : rng.int(1, 40),
    approveExpiration: createdAt + 7 * DAY,
    shipmentExpiration: approved ? createdAt + 10 * DAY : 0,
    blockedReason: pending && !forced && rng.chance(0.12) ? 'CREATOR_NOT_QUALIFIED' : null,
    partnerName: rng.chance(0.15)
      ? rng.pick(['Bright Talent Agency', 'Northwind Creators', 'MCN Studio'])
      : '',
    creator,
    product,
    sku: rng.pick(product.skus),
    targetCollaborationId: rng.chance(0.3) ? rng.pick(catalog.targetCollaborationIds) : '',
    content: [],
    withholdsData: rng.chance(0.15),
  };
  if (status === 'COMPLETED' || status === 'OPS_COMPLETED') {
    const pieces = rng.int(1, 3);
    for (let c = 0; c < pieces; c++) {
      const format = rng.chance(0.8) ? 'VIDEO' : 'LIVE';
      record.content.push(contentFor(seed, k * 8 + c, format, createdAt + rng.int(5 * DAY, 20 * DAY)));
    }
  }
  return record;
}

export const newestFirst = (a: SampleRecord, b: SampleRecord): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);

export function generateSamples(
  seed: number,
  shopNo: number,
  catalog: Catalog,
  count: number,
  anchor: number,
): SampleRecord[] {
  const out: SampleRecord[] = [];
  for (let k = 0; k < count; k++) out.push(makeSample(seed, shopNo, catalog, k, anchor));
  return out.sort(newestFirst);
}

/** Why APPROVE is not allowed now; empty when it is. */
export function disapprovableReasons(s: SampleRecord, now: number): string[] {
  if (s.status !== 'PENDING') return ['STATUS_NOT_PENDING'];
  const reasons: string[] = [];
  if (s.availableQuantity <= 0) reasons.push('OUT_OF_STOCK');
  if (now >= s.approveExpiration) reasons.push('APPROVAL_EXPIRED');
  if (s.blockedReason) reasons.push(s.blockedReason);
  return reasons;
}

export function apiSample(s: SampleRecord, now: number, currency: string) {
  const rng = rngFor(mix(Number(s.creator.userId.slice(-9))), 0, 41);
  const reasons = disapprovableReasons(s, now);
  const performance = s.withholdsData
    ? {}
    : {
        content_count: rng.int(0, 60),
        ec_video_view: rng.int(200, 80_000),
        fulfillment_percentage: `${(rng.int(3000, 10_000) / 100).toFixed(2)}%`,
        gmv: { amount: amount(rng.int(0, 5_000_000)), currency },
      };
  return {
    id: s.id,
    status: s.status,
    commission_rate: s.commissionRate,
    order_id: s.orderId,
    tracking_number: s.trackingNumber,
    available_quantity: s.availableQuantity,
    approve_expiration_time: s.approveExpiration,
    shipment_expiration_time: s.shipmentExpiration,
    is_approvable: s.status === 'PENDING' && reasons.length === 0,
    disapprovable_reasons: s.status === 'PENDING' ? reasons : [],
    fulfillment_status: FULFILLMENT[s.status],
    partner_name: s.partnerName,
    creator: {
      user_id: s.creator.userId,
      username: s.creator.handle,
      nickname: s.creator.nickname,
      avatar_url: s.creator.avatarUrl,
      follower_count: s.creator.followers,
      ...performance,
    },
    product: {
      id: s.product.id,
      title: s.product.title,
      sku_id: s.sku.id,
      sku_name: s.sku.name,
      sku_image_url: s.product.imageUrl,
    },
  };
}

/** A fulfilment's content with cumulative counts at `now` (they approach `reach` over ~3 days). */
export function apiFulfillment(s: SampleRecord, c: SampleContent, now: number) {
  const age = Math.max(0, now - c.createTime);
  const views = Math.round(c.reach * (1 - Math.exp(-age / (3 * DAY))));
  const rng = rngFor(mix(Number(c.id.slice(-9))), 0, 42);
  const handle = s.creator.handle;
  const link =
    c.format === 'VIDEO'
      ? `https://www.tiktok.com/@${handle}/video/${c.id}`
      : `https://www.tiktok.com/@${handle}/live`;
  return {
    content: {
      id: c.id,
      format: c.format,
      url: link,
      page_link: link,
      description: `${s.product.title} ${c.format === 'VIDEO' ? 'review' : 'live'} #tiktokshop`,
      create_time: c.createTime,
      ...(c.format === 'LIVE' ? { live_end_time: c.createTime + 3600 + rng.int(0, 7200) } : {}),
      view_count: views,
      like_count: Math.round(views * (0.02 + rng.next() * 0.08)),
      comment_count: Math.round(views * (0.001 + rng.next() * 0.01)),
      paid_order_count: Math.round(views * (0.0005 + rng.next() * 0.003)),
    },
    product: { id: s.product.id, main_image_url: s.product.imageUrl },
  };
}
