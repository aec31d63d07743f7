/**
 * The generated affiliate orders of one shop, rebuilt from their index on every read. Nothing per
 * order is stored: create times rise with the index (so a time range maps to an index range by
 * binary search), the number of SKU lines follows a fixed repeating pattern (so line totals are
 * arithmetic), and everything else comes from a random source seeded by (shop seed, index). A
 * shop of 1,000,000 lines therefore costs the same memory as one of 1,000.
 *
 * The timeline of an order (cancel, delivery, settlement, freeze, deduction, refunds) is fixed at
 * generation; its status at any moment is read off the timeline against world time, so advancing the
 * clock moves PROCESSING lines to COMPLETED (or CANCELLED, FROZEN, DEDUCTED) without any write.
 * The timings are invented for the simulation (the guide gives none).
 */
import type { Catalog, Creator, Product, Sku } from './catalog.ts';
import { skewedIndex } from './catalog.ts';
import { hashDigits, mix, pad, rngFor } from './determinism.ts';

const DAY = 86_400;
/** SKU lines per order, repeating: 12 lines every 8 orders. */
const PATTERN = [1, 2, 1, 1, 3, 1, 1, 2] as const;
const PATTERN_SUM = 12;
const PATTERN_PREFIX = [0, 1, 3, 4, 5, 8, 9, 10];

export type ContentType = 'SHOP' | 'VIDEO' | 'LIVE' | 'PRE_LIVE' | 'PROMOTION_PAGE' | 'LINKSHARE';
const CONTENT_TYPES: ContentType[] = ['VIDEO', 'LIVE', 'SHOP', 'LINKSHARE', 'PROMOTION_PAGE', 'PRE_LIVE'];
const CONTENT_WEIGHTS = [60, 20, 15, 3, 1, 1];

export interface RefundPlan {
  at: number;
  refunded: number;
  returned: number;
}

export interface LineFacts {
  slot: number;
  product: Product;
  sku: Sku;
  quantity: number;
  priceCents: number;
  /** What the buyer paid for the line (the export's Payment Amount); the API does not carry it. */
  paidCents: number;
  creator: Creator;
  contentType: ContentType;
  contentId: string;
  program: { kind: 'open' | 'target' | 'campaign'; id: string };
  /** Standard rate in hundredths of a percent; 0 on a Shop Ads line. */
  rate: number;
  /** Shop Ads rate in hundredths of a percent; 0 on a standard line. */
  shopAdsRate: number;
  /** Co-funded creator bonus rate (hundredths of a percent), 0 for most lines. */
  bonusRate: number;
  refund: RefundPlan | null;
}

export interface OrderTimeline {
  paidAt: number;
  cancelAt: number | null;
  deliveredAt: number;
  settleAt: number;
  frozenFrom: number | null;
  frozenUntil: number | null;
  deductedAt: number | null;
}

export interface OrderFacts {
  index: number;
  id: string;
  createTime: number;
  timeline: OrderTimeline;
  lines: LineFacts[];
}

export class OrderSpace {
  readonly orderCount: number;
  private readonly start: number;
  private readonly span: number;

  constructor(
    private readonly seed: number,
    private readonly shopNo: number,
    private readonly catalog: Catalog,
    readonly lineCount: number,
    /** Generated history ends here (world time, Unix s). */
    readonly anchor: number,
    historyDays: number,
  ) {
    const full = Math.floor(lineCount / PATTERN_SUM) * 8;
    let n = full;
    while (this.rawPrefix(n) < lineCount) n++;
    this.orderCount = n;
    this.span = Math.max(1, Math.round(historyDays * DAY));
    this.start = anchor - this.span;
  }

  private rawPrefix(n: number): number {
    return Math.floor(n / 8) * PATTERN_SUM + (PATTERN_PREFIX[n % 8] ?? 0);
  }

  /** SKU lines in orders [0, n). */
  linesBefore(n: number): number {
    return Math.min(this.rawPrefix(Math.max(0, Math.min(n, this.orderCount))), this.lineCount);
  }

  linesOf(index: number): number {
    if (index >= this.orderCount) return PATTERN[index % 8] ?? 1; // added orders are never truncated
    return this.linesBefore(index + 1) - this.linesBefore(index);
  }

  createTime(index: number): number {
    const frac = mix(this.seed, index, 7) / 4294967296;
    return this.start + Math.floor(((index + frac) * this.span) / this.orderCount);
  }

  /** 18 digits; rises with the index so (create_time, id) orders generated orders like the index does. */
  orderId(index: number): string {
    const prefix = index >= this.orderCount ? '58' : '57';
    return `${prefix}${pad(this.shopNo, 2)}${pad(index, 9)}${hashDigits(mix(this.seed, index, 8), 5)}`;
  }

  /** The index behind a generated order id, or null when the id is not one of this shop's. */
  indexOfId(id: string): number | null {
    if (!/^5[78]\d{16}$/.test(id) || id.slice(2, 4) !== pad(this.shopNo, 2)) return null;
    const index = Number(id.slice(4, 13));
    return this.orderId(index) === id ? index : null;
  }

  /** First generated index whose create time is ≥ t (orderCount when none). */
  firstAtOrAfter(t: number): number {
    let lo = 0;
    let hi = this.orderCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.createTime(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** First generated index whose (create_time, id) key is ≥ the given key. */
  firstKeyAtOrAfter(t: number, id: string): number {
    let lo = 0;
    let hi = this.orderCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const ct = this.createTime(mid);
      if (ct < t || (ct === t && this.orderId(mid) < id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  facts(index: number, createTimeOverride?: number): OrderFacts {
    const createTime = createTimeOverride ?? this.createTime(index);
    const rng = rngFor(this.seed, index, 11);
    const r = rng.next();
    const paidAt = createTime + rng.int(2, 40);
    const deliveredAt = createTime + rng.int(2 * DAY, 6 * DAY);
    const settleAt = deliveredAt + 15 * DAY + rng.int(0, 3 * DAY);
    const timeline: OrderTimeline = {
      paidAt,
      cancelAt: r < 0.04 ? createTime + rng.int(600, 2 * DAY) : null,
      deliveredAt,
      settleAt,
      frozenFrom: r >= 0.04 && r < 0.05 ? deliveredAt + DAY : null,
      frozenUntil: r >= 0.04 && r < 0.05 ? settleAt + 10 * DAY : null,
      deductedAt: r >= 0.05 && r < 0.055 ? settleAt + rng.int(3, 15) * DAY : null,
    };
    const { products, creators } = this.catalog;
    const orderCreator = creators[skewedIndex(rng.next(), creators.length)] as Creator;
    const orderContent = this.contentFor(orderCreator, rng.next());
    const usedProducts = new Set<number>();
    const lines: LineFacts[] = [];
    const count = this.linesOf(index);
    for (let slot = 0; slot < count; slot++) {
      const lr = rngFor(this.seed, index, 100 + slot);
      // One product appears once per order, so (order id, product id) names a line in both the API
      // and the Seller Center file (the guide lists no SKU id on the API's lines).
      let p = skewedIndex(lr.next(), products.length, 1.6);
      while (usedProducts.has(p) && usedProducts.size < products.length) p = (p + 1) % products.length;
      usedProducts.add(p);
      const product = products[p] as Product;
      const sku = lr.pick(product.skus);
      const quantity = lr.weighted([1, 2, 3], [80, 15, 5]);
      const ownCreator = slot > 0 && lr.chance(0.1);
      const creator = ownCreator
        ? (creators[skewedIndex(lr.next(), creators.length)] as Creator)
        : orderCreator;
      const content = ownCreator ? this.contentFor(creator, lr.next()) : orderContent;
      const pr = lr.next();
      const program: LineFacts['program'] =
        pr < 0.75
          ? { kind: 'open', id: product.openCollaborationId }
          : pr < 0.95
            ? { kind: 'target', id: lr.pick(this.catalog.targetCollaborationIds) }
            : { kind: 'campaign', id: this.catalog.campaignId };
      const shopAds = lr.chance(0.08);
      const standardRate = program.kind === 'open' ? product.openRate : product.openRate + 500;
      const gross = sku.priceCents * quantity;
      const discount = lr.chance(0.15) ? Math.round(gross * lr.float(0.05, 0.2)) : 0;
      const refunds = timeline.cancelAt === null && lr.chance(0.06);
      const refunded = refunds ? (quantity === 1 || lr.chance(0.7) ? quantity : lr.int(1, quantity - 1)) : 0;
      lines.push({
        slot,
        product,
        sku,
        quantity,
        priceCents: sku.priceCents,
        paidCents: gross - discount,
        creator,
        contentType: content.type,
        contentId: content.id,
        program,
        rate: shopAds ? 0 : standardRate,
        shopAdsRate: shopAds ? product.shopAdsRate : 0,
        bonusRate: lr.chance(0.1) ? 200 : 0,
        refund: refunds
          ? { at: deliveredAt + lr.int(1, 10) * DAY, refunded, returned: lr.chance(0.5) ? refunded : 0 }
          : null,
      });
    }
    return { index, id: this.orderId(index), createTime, timeline, lines };
  }

  /** A creator's piece of content: a few videos and LIVEs per creator, so ids repeat across orders. */
  private contentFor(creator: Creator, u: number): { type: ContentType; id: string } {
    const rng = rngFor(this.seed, creator.index, 500 + Math.floor(u * 6));
    const type = rng.weighted(CONTENT_TYPES, CONTENT_WEIGHTS);
    return {
      type,
      id: `76${pad(creator.index % 10_000_000, 7)}${hashDigits(mix(this.seed, creator.index, Math.floor(u * 6)), 10)}`,
    };
  }
}
