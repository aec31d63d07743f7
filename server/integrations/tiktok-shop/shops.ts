/** The shops one authorisation covers (`GET /authorization/202309/shops`: signed, no `shop_cipher`). */
import { AuthorizedShopsData } from './schemas.ts';
import type { TtsClient } from './client.ts';

export interface AuthorizedShop {
  shopId: string;
  name: string;
  /** Region code as TikTok gives it (`US`, `GB`, …). */
  region: string;
  /** `LOCAL` or `CROSS_BORDER`. */
  sellerType: string;
  /** Sent as `shop_cipher` on shop-scoped calls. */
  cipher: string;
  /** The shop code Seller Center shows. */
  code: string;
}

export async function getAuthorizedShops(
  client: TtsClient,
  accessToken: string,
  signal?: AbortSignal,
): Promise<{ shops: AuthorizedShop[]; requestId: string }> {
  const res = await client.call({
    method: 'GET',
    path: '/authorization/202309/shops',
    accessToken,
    data: AuthorizedShopsData,
    signal,
  });
  return {
    requestId: res.requestId,
    shops: res.data.shops.map((s) => ({
      shopId: s.id,
      name: s.name,
      region: s.region.toUpperCase(),
      sellerType: s.seller_type,
      cipher: s.cipher,
      code: s.code,
    })),
  };
}
