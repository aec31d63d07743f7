/**
 * The control API: in-process functions a test (or the demo) uses to drive the simulated shop and
 * gateway. Shops are named by id or cipher; sellers by open_id (the default seller when omitted).
 */
import type { AppOptions } from './config.ts';
import type { TokenResponseData } from './consent-and-tokens.ts';
import { tokenResponseData } from './consent-and-tokens.ts';
import type { EndpointName } from './endpoints.ts';
import type { ApiOrder } from './order-view.ts';
import { apiOrder, statusAt } from './order-view.ts';
import type { ChangedLine } from './orders.ts';
import { addOrders, changeOrderLines, findOrder, ordersDescending } from './orders.ts';
import type { SampleStatus } from './samples-data.ts';
import { marketplaceCreator } from './creators.ts';
import { apiSample } from './samples-data.ts';
import { addSampleApplications, addSampleContent, sampleFulfillments, setSampleStatus } from './samples.ts';
import { affiliateOrdersCsv } from './seller-center-csv.ts';
import type { OutreachQuota } from './shop.ts';
import type { CallRecord, FaultKind, FaultRule } from './traffic.ts';
import type { WebhookDelivery } from './webhooks.ts';
import type { SimWorld } from './world.ts';
import { sellerOf, shopOf } from './world.ts';

export interface ShopInfo {
  id: string;
  cipher: string;
  name: string;
  region: string;
  sellerOpenId: string;
  currency: string;
  orderLines: number;
  generatedOrders: number;
  addedOrders: number;
  /** Generated history: [start, anchor) in world time. */
  historyStart: number;
  anchor: number;
  products: { id: string; title: string; skuIds: string[]; openCollaborationId: string }[];
  creators: { handle: string; userId: string; country: string }[];
  targetCollaborations: { id: string; productIds: string[]; creatorUserIds: string[]; endTime: number }[];
}

export function createControl(world: SimWorld) {
  const now = () => world.clock.now();
  const defaultSeller = () => world.sellers[0]!.openId;

  const control = {
    /** The Partner Center app the simulator answers for (key, secret, service id, redirect URL). */
    get app(): Readonly<AppOptions> {
      return world.app;
    },
    sellers: () =>
      world.sellers.map((s) => ({
        openId: s.openId,
        name: s.name,
        baseRegion: s.baseRegion,
        scopes: [...s.scopes],
        shopIds: s.shops.map((x) => x.id),
      })),

    // ---- time
    /** World time (Unix s). */
    now,
    /** Moves the shop's world forward: order statuses, token, code and deadline expiry follow. */
    advanceTime: (seconds: number) => world.clock.advance(seconds),

    // ---- consent and tokens
    setRedirectUrl: (url: string) => {
      world.app.redirectUrl = new URL(url).toString();
    },
    setConsentMode: (mode: 'page' | 'approve' | 'deny') => {
      world.consent.mode = mode;
    },
    /** Which seller is "signed in" on the consent page. */
    setConsentSeller: (openId: string) => {
      world.consent.openId = sellerOf(world, openId).openId;
    },
    /** A consent code as the redirect would carry it (skips the page). */
    createAuthCode: (openId = defaultSeller()): string =>
      world.auth.issueCode(world.app.appKey, sellerOf(world, openId).openId).code,
    /** Consent plus exchange in one step: the token/get `data` a connector would store. */
    issueTokens: (openId = defaultSeller()): TokenResponseData => {
      const seller = sellerOf(world, openId);
      return tokenResponseData(world, world.auth.authorize(world.app.appKey, seller.openId, seller.scopes));
    },
    expireAccessTokens: (openId?: string): number => world.auth.expire('access', openId),
    expireRefreshTokens: (openId?: string): number => world.auth.expire('refresh', openId),
    /** Revokes the seller's authorization and sends SELLER_DEAUTHORIZATION to each of its shops. */
    revokeAuthorization: async (openId = defaultSeller()): Promise<WebhookDelivery[]> => {
      const revoked = world.auth.revoke(openId);
      if (revoked.length === 0) return [];
      const out: WebhookDelivery[] = [];
      for (const shop of world.shops.filter((s) => s.sellerOpenId === openId)) {
        out.push(
          ...(await world.webhooks.emit(shop, 'SELLER_DEAUTHORIZATION', {
            open_id: openId,
            message: 'The seller deauthorized the app.',
          })),
        );
      }
      return out;
    },
    /** Sends UPCOMING_AUTHORIZATION_EXPIRATION to each of the seller's shops. */
    warnAuthorizationExpiry: async (openId = defaultSeller()): Promise<WebhookDelivery[]> => {
      const auth = world.auth.liveAuthorizations(openId)[0];
      const out: WebhookDelivery[] = [];
      for (const shop of world.shops.filter((s) => s.sellerOpenId === openId)) {
        out.push(
          ...(await world.webhooks.emit(shop, 'UPCOMING_AUTHORIZATION_EXPIRATION', {
            open_id: openId,
            expire_time: auth?.expiresAt ?? 0,
          })),
        );
      }
      return out;
    },
    /** Scopes on the seller's existing authorizations (remove one to see 105005). */
    setGrantedScopes: (openId: string, scopes: string[]) => world.auth.setGrantedScopes(openId, scopes),
    /** Scopes the next consent grants the seller. */
    setConsentScopes: (openId: string, scopes: string[]) => {
      sellerOf(world, openId).scopes = [...scopes];
    },

    // ---- traffic
    setQps: (endpoint: EndpointName, qps: number | null) => world.throttle.set(endpoint, qps),
    /** Fails (or corrupts, slows, throttles) the next `count` calls of an endpoint ('*' = any). */
    failNext: (
      endpoint: EndpointName | '*',
      kind: FaultKind,
      count = 1,
      extra: Pick<FaultRule, 'delayMs' | 'retryAfterSeconds' | 'skip' | 'onTake' | 'until'> = {},
    ) => world.faults.add({ endpoint, kind, count, ...extra }),
    pendingFaults: () => world.faults.pending(),
    clearFaults: () => world.faults.clear(),
    calls: (): CallRecord[] => world.calls.list(),
    clearCalls: () => world.calls.clear(),

    // ---- shop data
    shop: (idOrCipher: string): ShopInfo => {
      const s = shopOf(world, idOrCipher);
      return {
        id: s.options.id,
        cipher: s.options.cipher,
        name: s.options.name,
        region: s.options.region,
        sellerOpenId: s.sellerOpenId,
        currency: s.catalog.currency,
        orderLines: s.space.lineCount + s.added.reduce((n, o) => n + s.space.linesOf(o.index), 0),
        generatedOrders: s.space.orderCount,
        addedOrders: s.added.length,
        historyStart: s.space.anchor - s.options.historyDays * 86_400,
        anchor: s.space.anchor,
        products: s.catalog.products.map((p) => ({
          id: p.id,
          title: p.title,
          skuIds: p.skus.map((k) => k.id),
          openCollaborationId: p.openCollaborationId,
        })),
        creators: s.catalog.creators.map((c) => ({ handle: c.handle, userId: c.userId, country: c.country })),
        targetCollaborations: s.targetCollaborations.map((t) => ({
          id: t.id,
          productIds: t.products.map((p) => p.id),
          creatorUserIds: [...t.creatorUserIds],
          endTime: t.endTime,
        })),
      };
    },
    /** Orders created in [ge, lt), newest first, as the API would show them now (lazy). */
    orders: function* (idOrCipher: string, range: { ge?: number; lt?: number } = {}): Generator<ApiOrder> {
      const s = shopOf(world, idOrCipher);
      const t = now();
      for (const { facts, overlay } of ordersDescending(s, range.ge ?? 0, range.lt ?? t + 1)) {
        yield apiOrder(facts, t, s.catalog.currency, overlay);
      }
    },
    order: (idOrCipher: string, orderId: string): ApiOrder | null => {
      const s = shopOf(world, idOrCipher);
      const found = findOrder(s, orderId);
      return found ? apiOrder(found.facts, now(), s.catalog.currency, found.overlay) : null;
    },
    /**
     * Changes `count` SKU lines among the most recent orders (see orders.ts); with `webhooks`, each
     * order whose status changed gets an ORDER_STATUS_CHANGE notification.
     */
    changeOrderLines: async (
      idOrCipher: string,
      opts: { count: number; kind?: ChangedLine['change']; createdBefore?: number; webhooks?: boolean },
    ): Promise<ChangedLine[]> => {
      const s = shopOf(world, idOrCipher);
      const kind = opts.kind ?? 'refund';
      const changed = changeOrderLines(s, now(), opts.count, kind, opts.createdBefore);
      if (opts.webhooks && kind !== 'refund') {
        for (const id of new Set(changed.map((c) => c.order_id))) {
          const found = findOrder(s, id);
          if (!found) continue;
          await world.webhooks.emit(s, 'ORDER_STATUS_CHANGE', {
            is_on_hold_order: false,
            order_id: id,
            order_status: statusAt(found.facts, now(), found.overlay),
            update_time: now(),
          });
        }
      }
      return changed;
    },
    addOrders: (idOrCipher: string, opts: { count: number; createTime?: number }): string[] =>
      addOrders(shopOf(world, idOrCipher), now(), opts.count, opts.createTime),
    /** The Seller Center affiliate-orders CSV for orders created in [ge, lt). */
    affiliateOrdersCsv: (idOrCipher: string, range: { ge?: number; lt?: number } = {}): string =>
      affiliateOrdersCsv(shopOf(world, idOrCipher), now(), range),
    sampleApplications: (idOrCipher: string) => {
      const s = shopOf(world, idOrCipher);
      return s.samples.map((x) => apiSample(x, now(), s.catalog.currency));
    },
    setSampleStatus: (idOrCipher: string, applicationId: string, status: SampleStatus) =>
      apiSample(
        setSampleStatus(shopOf(world, idOrCipher), now(), applicationId, status),
        now(),
        shopOf(world, idOrCipher).catalog.currency,
      ),
    addSampleContent: (idOrCipher: string, applicationId: string, format: 'VIDEO' | 'LIVE' = 'VIDEO') => {
      const s = shopOf(world, idOrCipher);
      return apiSample(addSampleContent(s, now(), applicationId, format), now(), s.catalog.currency);
    },
    /** A marketplace creator's details as the API answers them. */
    marketplaceCreator: (idOrCipher: string, userId: string) =>
      marketplaceCreator(shopOf(world, idOrCipher), userId),
    /** An application's fulfilments as the API answers them now. */
    sampleFulfillments: (idOrCipher: string, applicationId: string) =>
      sampleFulfillments(shopOf(world, idOrCipher), now(), applicationId, {}).fulfillments,
    addSampleApplications: (idOrCipher: string, count: number) => {
      const s = shopOf(world, idOrCipher);
      return addSampleApplications(s, now(), count).map((x) => apiSample(x, now(), s.catalog.currency));
    },
    setOutreachQuota: (idOrCipher: string, quota: Partial<OutreachQuota>) => {
      Object.assign(shopOf(world, idOrCipher).outreach, quota);
    },
    /** Answers an endpoint as absent ('path', 36009009) or out of the seller's scopes ('scope', 105005); null: served again. */
    withholdEndpoint: (endpoint: EndpointName, how: 'path' | 'scope' | null) => {
      if (how) world.settings.withheld.set(endpoint, how);
      else world.settings.withheld.delete(endpoint);
    },
    /** Sets the sample search rolling window (98001004 beyond it). */
    setSampleWindow: (n: number) => {
      world.settings.sampleWindow = n;
    },

    // ---- webhooks
    emitWebhook: (idOrCipher: string, eventType: string, data: object): Promise<WebhookDelivery[]> =>
      world.webhooks.emit(shopOf(world, idOrCipher), eventType, data),
    setWebhookDuplicates: (on: boolean) => {
      world.webhooks.duplicates = on;
    },
    setAppWebhookUrl: (url: string | undefined) => world.webhooks.setAppWebhookUrl(url),
    webhookDeliveries: (): WebhookDelivery[] => [...world.webhooks.deliveries],
    /** Resolves once no webhook delivery or retry is pending. */
    webhooksIdle: () => world.webhooks.idle(),
  };
  return control;
}

export type SimulatorControl = ReturnType<typeof createControl>;
