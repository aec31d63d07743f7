/**
 * Creator endpoints: content per product (counts only, as the guide stresses), marketplace creator
 * performance and marketplace search.
 *
 * Choices the guide leaves open (unconfirmed): an unknown creator id answers 98001004; an unknown
 * product gives an empty content list; `promotion_end_time` is 0 while NORMAL; rates are strings in
 * hundredths of a percent and per-mille GMV fields are money objects; a creator who does not share
 * precise data has no gmv/video_gmv/live_gmv/units_sold, and in US shops gets `gmv_range` and
 * `units_sold_range` (shaped {minimum_amount, maximum_amount, currency} and {minimum, maximum}).
 * Marketplace search only simulates `keyword` and `search_key`; other filters are accepted and
 * ignored. Its items carry no user id (the guide lists none for 202406).
 */
import type { Catalog, Creator } from './catalog.ts';
import { skewedIndex } from './catalog.ts';
import { amount, hashDigits, hashText, mix, rngFor } from './determinism.ts';
import { paramInvalid } from './errors.ts';
import { decodePageToken, encodePageToken } from './page-token.ts';
import type { ShopRuntime } from './shop.ts';

const DAY = 86_400;

/** Creators with content for a product: sample creators with posted content, then the roster's. */
function contentCreators(shop: ShopRuntime, productIndex: number) {
  const { catalog, seed } = shop;
  const rows = new Map<string, { creator: Creator; videos: number; lives: number }>();
  for (const s of shop.samples) {
    if (s.product.index !== productIndex || s.content.length === 0) continue;
    const row = rows.get(s.creator.handle) ?? { creator: s.creator, videos: 0, lives: 0 };
    for (const c of s.content) {
      if (c.format === 'VIDEO') row.videos++;
      else row.lives++;
    }
    rows.set(s.creator.handle, row);
  }
  const rng = rngFor(seed, productIndex, 61);
  const wanted = Math.min(catalog.creators.length, rng.int(3, 45));
  for (let tries = 0; rows.size < wanted && tries < wanted * 4; tries++) {
    const creator = catalog.creators[skewedIndex(rng.next(), catalog.creators.length, 1.8)]!;
    if (rows.has(creator.handle)) continue;
    rows.set(creator.handle, { creator, videos: rng.int(1, 6), lives: rng.chance(0.3) ? rng.int(1, 3) : 0 });
  }
  return [...rows.values()];
}

export function creatorContentDetails(
  shop: ShopRuntime,
  now: number,
  query: Record<string, string>,
  page: { size: number; token: string | undefined },
) {
  const productId = query.product_id;
  if (!productId || !/^\d{1,20}$/.test(productId))
    throw paramInvalid('product_id', 'required, a decimal string id');
  const product = shop.catalog.productsById.get(productId);
  const rows = product ? contentCreators(shop, product.index) : [];
  const offset = page.token ? Number(decodePageToken('content.details', page.token).o) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw paramInvalid('page_token', 'invalid page token');
  const slice = rows.slice(offset, offset + page.size);
  const midnight = Math.floor(now / DAY) * DAY + DAY;
  return {
    creator_content_details: slice.map(({ creator, videos, lives }) => {
      const terminating = mix(shop.seed, hashText(creator.handle), product?.index ?? 0) % 20 === 0;
      return {
        creator_profile: {
          username: creator.handle,
          nickname: creator.nickname,
          follower_count: creator.followers,
          avatar: { url: creator.avatarUrl },
        },
        video_count: videos,
        live_count: lives,
        promotion_status: terminating ? 'TERMINATING' : 'NORMAL',
        promotion_end_time: terminating ? midnight : 0,
      };
    }),
    product: { id: productId, image_url: product?.imageUrl ?? '' },
    next_page_token:
      offset + slice.length < rows.length
        ? encodePageToken('content.details', { o: offset + slice.length })
        : '',
    total_count: rows.length,
  };
}

const AGE_RANGES = [
  'AGE_RANGE_18_24',
  'AGE_RANGE_25_34',
  'AGE_RANGE_35_44',
  'AGE_RANGE_45_54',
  'AGE_RANGE_55_AND_ABOVE',
];
/** The GMV_RANGE_* buckets of the search filter, in whole currency units ('' = no upper bound). */
const GMV_RANGES: [string, string][] = [
  ['0', '100'],
  ['100', '1000'],
  ['1000', '10000'],
  ['10000', ''],
];
const UNITS_RANGES: [string, string][] = [
  ['0', '10'],
  ['10', '100'],
  ['100', '1000'],
  ['1000', ''],
];

/** The search fields of a creator (30-day data), deterministic per creator. */
function searchFields(creator: Creator, catalog: Catalog, region: string) {
  const rng = rngFor(hashText(creator.handle), 0, 71);
  const shares = !rng.chance(0.25);
  const money = (cents: number) => ({ amount: amount(cents), currency: catalog.currency });
  const gmv = Math.round(rng.pareto(2_000, 1.1));
  const videoShare = rng.float(0.3, 0.9);
  const bucket = gmv < 10_000 ? 0 : gmv < 100_000 ? 1 : gmv < 1_000_000 ? 2 : 3;
  const range = GMV_RANGES[bucket]!;
  const unitsRange = UNITS_RANGES[bucket]!;
  const fields = {
    username: creator.handle,
    nickname: creator.nickname,
    avatar: { url: creator.avatarUrl },
    selection_region: creator.country,
    category_ids: [
      ...new Set([rng.pick(catalog.products).categoryId, rng.pick(catalog.products).categoryId]),
    ],
    follower_count: creator.followers,
    avg_ec_video_view_count: rng.int(200, 60_000),
    avg_ec_live_uv: rng.int(0, 3_000),
    ...(shares
      ? {
          gmv: money(gmv),
          video_gmv: money(Math.round(gmv * videoShare)),
          live_gmv: money(gmv - Math.round(gmv * videoShare)),
        }
      : {}),
    ...(!shares && region === 'US'
      ? {
          gmv_range: {
            minimum_amount: String(range[0]),
            maximum_amount: String(range[1]),
            currency: catalog.currency,
          },
          units_sold_range: { minimum: unitsRange[0], maximum: unitsRange[1] },
        }
      : {}),
    top_follower_demographics: {
      age_ranges: rng.sample(AGE_RANGES, 2),
      major_gender: {
        gender: rng.chance(0.7) ? 'FEMALE' : 'MALE',
        percentage: String(rng.int(5_100, 9_000)),
      },
    },
  };
  return { fields, shares, gmvCents: gmv, rng };
}

export function marketplaceCreator(shop: ShopRuntime, userId: string) {
  const creator = shop.catalog.creatorsByUserId.get(userId);
  if (!creator) throw paramInvalid('creator_user_id', 'no marketplace creator with this id');
  const { fields, shares, gmvCents: gmv, rng } = searchFields(creator, shop.catalog, shop.options.region);
  const money = (cents: number) => ({ amount: amount(cents), currency: shop.catalog.currency });
  const units = Math.max(1, Math.round(gmv / rng.int(1_200, 4_000)));
  const videoViews = fields.avg_ec_video_view_count;
  const categories = fields.category_ids;
  const firstShare = categories.length > 1 ? rng.int(5_000, 9_000) : 10_000;
  const videoShare = rng.int(4_000, 9_000);
  return {
    creator: {
      ...fields,
      bio_description: `${creator.nickname} | honest reviews | DM for collabs`,
      profile_tt_uri: `https://www.tiktok.com/@${creator.handle}`,
      brand_collaboration_count: rng.int(0, 80),
      top_collaborated_brand_ids: [0, 1, 2].map(
        (k) => `7${hashDigits(mix(hashText(creator.handle), k), 18)}`,
      ),
      promoted_product_num: rng.int(1, 300),
      ...(shares ? { units_sold: units } : {}),
      ec_video_count: rng.int(0, 120),
      ec_live_count: rng.int(0, 40),
      avg_ec_video_play_count: videoViews,
      avg_ec_video_like_count: Math.round(videoViews * 0.05),
      avg_ec_video_comment_count: Math.round(videoViews * 0.004),
      avg_ec_video_share_count: Math.round(videoViews * 0.002),
      avg_ec_live_view_count: fields.avg_ec_live_uv * 3,
      avg_ec_live_like_count: fields.avg_ec_live_uv * 8,
      avg_ec_live_comment_count: Math.round(fields.avg_ec_live_uv * 0.4),
      avg_ec_live_share_count: Math.round(fields.avg_ec_live_uv * 0.05),
      ec_live_engagement_rate: String(rng.int(100, 1_500)),
      avg_commission_rate: String(rng.pick([1000, 1200, 1500, 2000])),
      gpm: money(rng.int(500, 9_000)),
      video_gpm: money(rng.int(500, 9_000)),
      live_gpm: money(rng.int(500, 9_000)),
      avg_gmv_per_buyer: money(rng.int(1_200, 6_000)),
      product_original_price_range: {
        minimum_amount: '5.99',
        maximum_amount: '59.99',
        currency: shop.catalog.currency,
      },
      category_gmv_distribution: categories.map((category_id, k) => ({
        category_id,
        value: String(k === 0 ? firstShare : 10_000 - firstShare),
      })),
      content_gmv_distribution: [
        { content_type: 'VIDEO', value: String(videoShare) },
        { content_type: 'LIVE', value: String(Math.round((10_000 - videoShare) * 0.6)) },
        {
          content_type: 'SHOWCASE',
          value: String(10_000 - videoShare - Math.round((10_000 - videoShare) * 0.6)),
        },
      ],
    },
  };
}

export function searchMarketplaceCreators(
  shop: ShopRuntime,
  body: Record<string, unknown>,
  page: { size: number; token: string | undefined },
  newSearchKey: () => string,
) {
  const keyword = body.keyword;
  if (keyword !== undefined && (typeof keyword !== 'string' || keyword.length > 100)) {
    throw paramInvalid('keyword', 'must be a string of at most 100 characters');
  }
  const sent = body.search_key;
  if (sent !== undefined && typeof sent !== 'string') throw paramInvalid('search_key', 'must be a string');
  // Without the previous page's search_key the ranking is computed again (and differs).
  const searchKey = sent || newSearchKey();
  const k = (keyword ?? '').toLowerCase();
  const salt = hashText(searchKey);
  const ranked = shop.catalog.creators
    .filter((c) => !k || c.handle.toLowerCase().includes(k) || c.nickname.toLowerCase().includes(k))
    .map((c) => ({ c, r: mix(salt, c.index) }))
    .sort((a, b) => a.r - b.r);
  const offset = page.token ? Number(decodePageToken('creators.search', page.token).o) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw paramInvalid('page_token', 'invalid page token');
  const slice = ranked.slice(offset, offset + page.size);
  return {
    creators: slice.map(({ c }) => searchFields(c, shop.catalog, shop.options.region).fields),
    next_page_token:
      offset + slice.length < ranked.length
        ? encodePageToken('creators.search', { o: offset + slice.length })
        : '',
    search_key: searchKey,
  };
}
