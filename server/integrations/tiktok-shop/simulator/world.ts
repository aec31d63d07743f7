/** Everything one simulator instance holds, built from its options. */
import type { AppOptions, SellerOptions, ShopOptions, SimulatorOptions } from './config.ts';
import { DEFAULT_APP, defaultSellers } from './config.ts';
import { AuthStore } from './auth-store.ts';
import type { EndpointName } from './endpoints.ts';
import type { SimClock } from './clock.ts';
import { createClock } from './clock.ts';
import type { ShopRuntime } from './shop.ts';
import { buildShop } from './shop.ts';
import { CallLog, Faults, Throttle } from './traffic.ts';
import { DEFAULT_RETRY_DELAYS_MS, WebhookEmitter } from './webhooks.ts';

const DAY = 86_400;

export interface SimWorld {
  app: AppOptions;
  clock: SimClock;
  auth: AuthStore;
  sellers: SellerOptions[];
  shops: ShopRuntime[];
  shopsByCipher: Map<string, ShopRuntime>;
  shopsById: Map<string, ShopRuntime>;
  throttle: Throttle;
  faults: Faults;
  calls: CallLog;
  webhooks: WebhookEmitter;
  consent: { mode: 'page' | 'approve' | 'deny'; openId: string; extraParams: Record<string, string> };
  settings: {
    sampleWindow: number;
    ordersMaxRangeDays: number | null;
    rejectEmptyPageToken: boolean;
    /** Endpoints answered as absent ('path': 36009009) or out of scope ('scope': 105005), for tests. */
    withheld: Map<EndpointName, 'path' | 'scope'>;
  };
}

const within = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/** Limits that keep every generated id at its documented length. */
function checkShop(shop: ShopOptions): void {
  if (!/^\d{18,19}$/.test(shop.id)) throw new Error(`shop id ${shop.id} is not an 18-19 digit string`);
  if (!within(shop.orderLines, 0, 100_000_000))
    throw new Error('orderLines: an integer from 0 to 100,000,000');
  if (!within(shop.products, 1, 999_999)) throw new Error('products: an integer from 1 to 999,999');
  if (!within(shop.samples, 0, 900_000)) throw new Error('samples: an integer from 0 to 900,000');
  if (!(shop.historyDays > 0 && shop.historyDays <= 3650))
    throw new Error('historyDays: more than 0, at most 3650');
}

export function buildWorld(options: SimulatorOptions = {}): SimWorld {
  const app: AppOptions = { ...DEFAULT_APP, ...options.app };
  const clock = createClock(options.clock ?? Date.now);
  const anchor = options.anchorTime ?? clock.now();
  const sellers = options.sellers ?? defaultSellers(options.orderLines);
  if (sellers.length === 0) throw new Error('the simulator needs at least one seller');
  const seed = options.seed ?? 20_260_101;
  const shops: ShopRuntime[] = [];
  for (const seller of sellers) {
    for (const shop of seller.shops) {
      checkShop(shop);
      if (shops.length >= 80)
        throw new Error('at most 80 shops (two digits of every generated id name the shop)');
      shops.push(buildShop(shop, seller, shops.length + 10, seed, anchor, options.creators));
    }
  }
  const limit = options.callLogLimit ?? 10_000;
  return {
    app,
    clock,
    auth: new AuthStore(
      clock,
      {
        access: options.accessTokenLifetime ?? 7 * DAY,
        authorization: options.authorizationLifetime ?? 365 * DAY,
      },
      options.keepRotatedRefreshToken ?? false,
    ),
    sellers,
    shops,
    shopsByCipher: new Map(shops.map((s) => [s.options.cipher, s])),
    shopsById: new Map(shops.map((s) => [s.options.id, s])),
    throttle: new Throttle(options.qps ?? {}),
    faults: new Faults(),
    calls: new CallLog(limit),
    webhooks: new WebhookEmitter({
      appKey: app.appKey,
      appSecret: app.appSecret,
      appWebhookUrl: app.webhookUrl,
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      nowSeconds: () => clock.now(),
      logLimit: limit,
    }),
    consent: {
      mode: options.consent ?? 'page',
      openId: sellers[0]!.openId,
      extraParams: options.redirectExtraParams ?? {},
    },
    settings: {
      sampleWindow: options.sampleWindow ?? 1000,
      ordersMaxRangeDays: options.ordersMaxRangeDays ?? null,
      rejectEmptyPageToken: options.rejectEmptyPageToken ?? false,
      withheld: new Map(),
    },
  };
}

export function sellerOf(world: SimWorld, openId: string): SellerOptions {
  const seller = world.sellers.find((s) => s.openId === openId);
  if (!seller) throw new Error(`no seller with open_id ${openId}`);
  return seller;
}

export function shopOf(world: SimWorld, idOrCipher: string): ShopRuntime {
  const shop = world.shopsById.get(idOrCipher) ?? world.shopsByCipher.get(idOrCipher);
  if (!shop) throw new Error(`no shop with id or cipher ${idOrCipher}`);
  return shop;
}
