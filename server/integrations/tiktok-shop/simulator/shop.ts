/**
 * One simulated shop at run time: its options, generated catalogue and order space, and the few
 * things that are stored because they change (control-API order changes, added orders, sample
 * applications, target collaborations, webhook subscriptions, the outreach quota).
 */
import type { Catalog } from './catalog.ts';
import { buildCatalog } from './catalog.ts';
import type { CreatorSeed, SellerOptions, ShopOptions } from './config.ts';
import { mix } from './determinism.ts';
import { OrderSpace } from './order-space.ts';
import type { OrderOverlay } from './order-view.ts';
import type { SampleRecord } from './samples-data.ts';
import { generateSamples } from './samples-data.ts';
import type { TargetCollaboration } from './target-collaborations.ts';
import { seedTargetCollaborations } from './target-collaborations.ts';

export interface WebhookSubscription {
  address: string;
  event_type: string;
  create_time: number;
  update_time: number;
}

export interface OutreachQuota {
  quota_type: string;
  gmv_tier: string;
  quota_sum: number;
  quota_use: number;
  unlimited: boolean;
  reached_max_follower_cnt: number;
  new_connect_count: number;
  pair_connect_count: number;
}

export interface AddedOrder {
  index: number;
  createTime: number;
  id: string;
}

export interface ShopRuntime {
  options: ShopOptions;
  sellerOpenId: string;
  shopNo: number;
  seed: number;
  catalog: Catalog;
  space: OrderSpace;
  overlay: Map<string, OrderOverlay>;
  /** Orders added through the control API, kept sorted by (create_time, id). */
  added: AddedOrder[];
  /** Bumped on every order change, so cached totals know when to recount. */
  version: number;
  samples: SampleRecord[];
  targetCollaborations: TargetCollaboration[];
  webhooks: Map<string, WebhookSubscription>;
  outreach: OutreachQuota;
}

export function buildShop(
  options: ShopOptions,
  seller: SellerOptions,
  shopNo: number,
  baseSeed: number,
  anchor: number,
  creators: CreatorSeed[] | undefined,
): ShopRuntime {
  const seed = mix(baseSeed, shopNo, 0x5109);
  const catalog = buildCatalog(options, shopNo, seed, creators);
  const space = new OrderSpace(seed, shopNo, catalog, options.orderLines, anchor, options.historyDays);
  return {
    options,
    sellerOpenId: seller.openId,
    shopNo,
    seed,
    catalog,
    space,
    overlay: new Map(),
    added: [],
    version: 0,
    samples: generateSamples(seed, shopNo, catalog, options.samples, anchor),
    targetCollaborations: seedTargetCollaborations(catalog, anchor),
    webhooks: new Map(),
    outreach: {
      quota_type: 'WEEKLY',
      gmv_tier: 'L2',
      quota_sum: 200,
      quota_use: (seed % 120) + 10,
      unlimited: false,
      reached_max_follower_cnt: 0,
      new_connect_count: (seed % 30) + 5,
      pair_connect_count: (seed % 50) + 12,
    },
  };
}
