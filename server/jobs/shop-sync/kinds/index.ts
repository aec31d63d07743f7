/**
 * The data kinds this server syncs. Add a line per kind (orders, samples, content, quota,
 * marketplace creators …): see server/jobs/shop-sync/types.ts for what a kind does.
 */
import type { ShopSync } from '../scheduler.ts';
import { shopsKind } from './shops.ts';
import { tokensKind } from './tokens.ts';

export function registerBuiltInKinds(sync: ShopSync): void {
  sync.register(tokensKind);
  sync.register(shopsKind((country) => sync.kindsFor(country)));
}
