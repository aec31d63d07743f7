/**
 * What the shop screen and the banner decide from /shop/status and the consent's return address,
 * kept free of React so it is tested on its own (shop-rules.test.ts).
 */
import type { ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';
import { SHOP_CALLBACK_ERRORS, type ShopCallbackError } from '../../../contract/limits.ts';
import { COUNTRIES, type Country } from '../../../contract/constants.ts';

/** The shops the screen lists: a disconnected one is history, not a connection. */
export const listedShops = (status: ShopStatus): ShopView[] =>
  status.shops.filter((s) => s.status !== 'disconnected');

export type ConsentReturn =
  { kind: 'connected'; count: number } | { kind: 'error'; code: ShopCallbackError | 'unknown' } | null;

/**
 * How the consent ended, from the query the server's callback redirect put on the screen's
 * address (`?connected=n` or `?error=code`); null when the screen was opened normally. A code
 * this build does not know still says that it failed, never that it worked.
 */
export function consentReturn(search: string): ConsentReturn {
  const q = new URLSearchParams(search);
  const error = q.get('error');
  if (error !== null) {
    const known = (SHOP_CALLBACK_ERRORS as readonly string[]).includes(error);
    return { kind: 'error', code: known ? (error as ShopCallbackError) : 'unknown' };
  }
  const connected = q.get('connected');
  if (connected !== null && /^\d{1,4}$/.test(connected))
    return { kind: 'connected', count: Number(connected) };
  return null;
}

/** The workspace country a shop syncs into, or null for a region CreatorDesk does not serve. */
export const countryOf = (shop: Pick<ShopView, 'country'>): Country | null =>
  (COUNTRIES as readonly string[]).includes(shop.country) ? (shop.country as Country) : null;
