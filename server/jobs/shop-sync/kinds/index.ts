/**
 * The data kinds this server syncs. Add a line per kind (orders, samples, content, quota,
 * marketplace creators …): see server/jobs/shop-sync/types.ts for what a kind does.
 */
import type { ShopSync } from '../scheduler.ts';
import { contentKind } from './content.ts';
import { marketplaceCreatorsKind } from './marketplace-creators.ts';
import { ordersKind } from './orders.ts';
import { outreachQuotaKind } from './outreach-quota.ts';
import { samplesKind } from './samples.ts';
import { shopsKind } from './shops.ts';
import { tokensKind } from './tokens.ts';

/** `data: false` registers the upkeep kinds only (tokens, shops). */
export function registerBuiltInKinds(sync: ShopSync, opts: { data?: boolean } = {}): void {
  sync.register(tokensKind);
  sync.register(shopsKind((country) => sync.kindsFor(country)));
  if (opts.data === false) return;
  sync.register(ordersKind);
  sync.register(samplesKind);
  sync.register(contentKind);
  sync.register(outreachQuotaKind);
  sync.register(marketplaceCreatorsKind);
}
