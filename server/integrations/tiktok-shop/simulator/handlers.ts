/** What each served endpoint answers, given a request that passed the gateway's checks. */
import type { Authorization } from './auth-store.ts';
import { creatorContentDetails, marketplaceCreator, searchMarketplaceCreators } from './creators.ts';
import type { EndpointName } from './endpoints.ts';
import { searchOrders } from './orders.ts';
import { reviewSample, sampleFulfillments, searchSamples } from './samples.ts';
import type { ShopRuntime } from './shop.ts';
import { createTargetCollaboration } from './target-collaborations.ts';
import { deleteWebhook, getWebhooks, putWebhook } from './webhooks.ts';
import type { SimWorld } from './world.ts';
import crypto from 'node:crypto';

export interface CallContext {
  world: SimWorld;
  authorization: Authorization;
  /** The shop named by shop_cipher; absent only on the shop list. */
  shop: ShopRuntime | undefined;
  query: Record<string, string>;
  pathParams: Record<string, string>;
  body: Record<string, unknown>;
  page: { size: number; token: string | undefined };
}

type Handler = (ctx: CallContext) => object;

const shopOf = (ctx: CallContext): ShopRuntime => {
  if (!ctx.shop) throw new Error('a shop endpoint ran without a shop');
  return ctx.shop;
};

const DAY_MS = 86_400_000;

export const HANDLERS: Record<Exclude<EndpointName, 'token.get' | 'token.refresh'>, Handler> = {
  'shops.list': ({ world, authorization }) => ({
    shops: world.shops
      .filter((s) => s.sellerOpenId === authorization.openId)
      .map((s) => ({
        id: s.options.id,
        name: s.options.name,
        region: s.options.region,
        seller_type: s.options.sellerType,
        cipher: s.options.cipher,
        code: s.options.code,
      })),
  }),
  'orders.search': (ctx) =>
    searchOrders(shopOf(ctx), ctx.world.clock.now(), ctx.body, ctx.page, {
      maxRangeDays: ctx.world.settings.ordersMaxRangeDays,
    }),
  'samples.search': (ctx) =>
    searchSamples(shopOf(ctx), ctx.world.clock.now(), ctx.body, ctx.page, ctx.world.settings.sampleWindow),
  'samples.review': (ctx) =>
    reviewSample(shopOf(ctx), ctx.world.clock.now(), ctx.pathParams.application_id ?? '', ctx.body),
  'samples.fulfillments': (ctx) =>
    sampleFulfillments(shopOf(ctx), ctx.world.clock.now(), ctx.pathParams.application_id ?? '', ctx.body),
  'content.details': (ctx) => creatorContentDetails(shopOf(ctx), ctx.world.clock.now(), ctx.query, ctx.page),
  'creators.get': (ctx) => marketplaceCreator(shopOf(ctx), ctx.pathParams.creator_user_id ?? ''),
  'creators.search': (ctx) =>
    searchMarketplaceCreators(shopOf(ctx), ctx.body, ctx.page, () =>
      crypto.randomBytes(12).toString('base64'),
    ),
  'target.create': (ctx) => {
    const shop = shopOf(ctx);
    return createTargetCollaboration(
      shop.targetCollaborations,
      shop.catalog,
      shop.shopNo,
      ctx.body,
      ctx.world.clock.now(),
    );
  },
  // Shape known from one SDK only (unconfirmed): nested one level deeper, counters and times as
  // strings, times in milliseconds (the current week, Monday 00:00 UTC to the next Monday).
  'outreach.quota': (ctx) => {
    const shop = shopOf(ctx);
    const q = shop.outreach;
    const nowMs = ctx.world.clock.nowMs();
    const dayIndex = Math.floor(nowMs / DAY_MS);
    const weekStart = (dayIndex - ((dayIndex + 3) % 7)) * DAY_MS;
    return {
      data: {
        shop_id: shop.options.id,
        quota_type: q.quota_type,
        gmv_tier: q.gmv_tier,
        quota_sum: String(q.quota_sum),
        quota_use: String(q.quota_use),
        unlimited: q.unlimited,
        reached_max_follower_cnt: String(q.reached_max_follower_cnt),
        new_connect_count: String(q.new_connect_count),
        pair_connect_count: String(q.pair_connect_count),
        start_time: String(weekStart),
        end_time: String(weekStart + 7 * DAY_MS),
        gmv_level_rule: [],
      },
    };
  },
  'webhooks.get': (ctx) => getWebhooks(shopOf(ctx)),
  'webhooks.put': (ctx) => putWebhook(shopOf(ctx), ctx.world.clock.now(), ctx.body),
  'webhooks.delete': (ctx) => deleteWebhook(shopOf(ctx), ctx.body),
};
