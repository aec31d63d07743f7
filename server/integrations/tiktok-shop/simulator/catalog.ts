/**
 * A generated shop's catalogue and creator roster: products with SKUs, prices and commission rates,
 * and the creators its orders and samples name. Small (tens of products, hundreds or thousands of
 * creators), so it is built once per shop; the order lines themselves are never stored.
 */
import type { CreatorSeed, ShopOptions } from './config.ts';
import { hashDigits, hashText, mix, pad, rngFor } from './determinism.ts';

export interface Sku {
  id: string;
  name: string;
  priceCents: number;
}

export interface Product {
  index: number;
  id: string;
  title: string;
  imageUrl: string;
  categoryId: string;
  skus: Sku[];
  /** The product's open collaboration: id and rate in hundredths of a percent. */
  openCollaborationId: string;
  openRate: number;
  shopAdsRate: number;
}

export interface Creator {
  index: number;
  handle: string;
  nickname: string;
  /** TikTok user id (the id the 202406-202507 versions use). */
  userId: string;
  country: string;
  followers: number;
  avatarUrl: string;
}

export interface Catalog {
  currency: string;
  products: Product[];
  productsById: Map<string, Product>;
  creators: Creator[];
  creatorsByUserId: Map<string, Creator>;
  /** Target collaborations and a campaign orders may be attributed to. */
  targetCollaborationIds: string[];
  campaignId: string;
}

const ADJECTIVES = ['Hydra', 'Glow', 'Velvet', 'Pure', 'Dew', 'Silk', 'Bright', 'Calm', 'Matte', 'Fresh'];
const NOUNS = ['Serum', 'Cleanser', 'Toner', 'Lip Oil', 'Sunscreen', 'Eye Cream', 'Face Mist', 'Body Wash'];
const SIZES = ['15ml', '30ml', '50ml', '100ml', '150ml'];
const SHADES = ['Original', 'Rose', 'Citrus', 'Unscented'];
const CATEGORIES = ['601450', '601739', '602118', '700437', '824584'];
const SYLLABLES = ['lu', 'mi', 'ka', 'zo', 'ri', 'na', 'bel', 'tay', 'jo', 've', 'sky', 'glo', 'dea', 'kim'];

const CURRENCY: Record<string, string> = { US: 'USD', GB: 'GBP' };

export const currencyOf = (region: string): string => CURRENCY[region] ?? 'USD';

function buildProducts(shop: ShopOptions, shopNo: number, seed: number): Product[] {
  const products: Product[] = [];
  for (let p = 0; p < shop.products; p++) {
    const rng = rngFor(seed, p, 101);
    const title = `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${rng.pick(SIZES)}`;
    const id = `17${pad(shopNo, 2)}${pad(p, 6)}${hashDigits(mix(seed, p, 1), 9)}`;
    const base = rng.int(6, 59) * 100 + rng.pick([99, 50, 0]);
    const skus: Sku[] = [];
    const skuCount = rng.int(1, 3);
    for (let s = 0; s < skuCount; s++) {
      skus.push({
        id: `17${pad(shopNo, 2)}${pad(p, 6)}${s + 1}${hashDigits(mix(seed, p, 10 + s), 8)}`,
        name: skuCount === 1 ? 'Default' : (SHADES[s] ?? `Option ${s + 1}`),
        priceCents: base + s * 200,
      });
    }
    products.push({
      index: p,
      id,
      title,
      imageUrl: `https://p16-oec-va.ibyteimg.com/tos-maliva-i-o3syd03w52-us/sim-${id}~tplv-o3syd03w52-origin-jpeg.jpeg`,
      categoryId: rng.pick(CATEGORIES),
      skus,
      openCollaborationId: `75${pad(shopNo, 2)}${pad(p, 6)}${hashDigits(mix(seed, p, 2), 9)}`,
      openRate: rng.pick([1000, 1200, 1500, 1550, 2000, 2500]),
      shopAdsRate: rng.pick([500, 600, 800]),
    });
  }
  return products;
}

function generatedHandles(seed: number, count: number): string[] {
  const out = new Set<string>();
  for (let i = 0; out.size < count; i++) {
    const rng = rngFor(seed, i, 303);
    const stem = rng.pick(SYLLABLES) + rng.pick(SYLLABLES) + rng.pick(SYLLABLES);
    out.add(
      rng.chance(0.5)
        ? `${stem}${rng.int(1, 99)}`
        : `${stem}.${rng.pick(['shop', 'finds', 'beauty', 'daily'])}`,
    );
  }
  return [...out];
}

function buildCreators(shop: ShopOptions, seed: number, pool: CreatorSeed[] | undefined): Creator[] {
  let seeds: CreatorSeed[];
  if (pool && pool.length > 0) {
    const local = pool.filter((c) => !c.country || c.country.toUpperCase() === shop.region);
    seeds = local.length > 0 ? local : pool;
  } else {
    seeds = generatedHandles(seed, 300).map((handle) => ({ handle, country: shop.region }));
  }
  const seen = new Set<string>();
  const creators: Creator[] = [];
  for (const c of seeds) {
    const handle = c.handle.replace(/^@/, '');
    if (seen.has(handle)) continue;
    seen.add(handle);
    const h = hashText(handle);
    const rng = rngFor(h, 0, 404);
    creators.push({
      index: creators.length,
      handle,
      nickname: c.nickname ?? handle.replace(/[._\d]+/g, ' ').trim(),
      userId: `69${hashDigits(h, 17)}`,
      country: (c.country ?? shop.region).toUpperCase(),
      followers: Math.round(rng.pareto(1000, 1.1)),
      avatarUrl: `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/sim-${h.toString(16)}~c5_100x100.jpeg`,
    });
  }
  return creators;
}

export function buildCatalog(shop: ShopOptions, shopNo: number, seed: number, pool?: CreatorSeed[]): Catalog {
  const products = buildProducts(shop, shopNo, seed);
  const creators = buildCreators(shop, seed, pool);
  return {
    currency: currencyOf(shop.region),
    products,
    productsById: new Map(products.map((p) => [p.id, p])),
    creators,
    creatorsByUserId: new Map(creators.map((c) => [c.userId, c])),
    targetCollaborationIds: [0, 1, 2].map(
      (k) => `74${pad(shopNo, 2)}${pad(k, 6)}${hashDigits(mix(seed, k, 3), 9)}`,
    ),
    campaignId: `72${pad(shopNo, 2)}${hashDigits(mix(seed, 0, 4), 15)}`,
  };
}

/** Index into a list of `n` with a long tail: low indices (top creators, best sellers) come up most. */
export function skewedIndex(u: number, n: number, power = 2.2): number {
  return Math.min(n - 1, Math.floor(n * Math.pow(u, power)));
}
