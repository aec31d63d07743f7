/**
 * The last /shop/status this tab saw, shared by the settings screen and the banner: when the
 * screen reads or changes the connection, the banner shows the same state at once instead of
 * waiting for its next check. Types only from the contract: the banner's chunk stays free of zod.
 */
import type { ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';

/** The shops whose sync stopped and wait for someone to act (the banner's subject). */
export const stoppedShops = (status: ShopStatus | null | undefined): ShopView[] =>
  (status?.shops ?? []).filter((s) => s.status === 'stopped');

type Listener = (s: ShopStatus) => void;
const listeners = new Set<Listener>();
let last: ShopStatus | null = null;

export function publishShopStatus(s: ShopStatus): void {
  last = s;
  for (const fn of listeners) fn(s);
}

export const lastShopStatus = (): ShopStatus | null => last;

export function onShopStatus(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
