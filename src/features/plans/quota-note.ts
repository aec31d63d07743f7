/**
 * Where the plans screen's weekly quota came from, when the shop sync set it. With several shops
 * the workspace keeps the smallest of their weekly limits (server/services/shop-quota.service.ts),
 * and the note says so, naming the shop whose number it is.
 */
import { m } from '../../paraglide/messages.js';

export function fromShopNote(q: { unlimited: boolean; shops: number; shopName: string }): string {
  if (q.shops < 2) return m.quota_from_shop();
  if (q.unlimited) return m.quota_from_shops_unlimited();
  return q.shopName ? m.quota_from_shops_named({ shop: q.shopName }) : m.quota_from_shops();
}
