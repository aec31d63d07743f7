/**
 * The simulator's options and the fixture they default to: one Partner Center app, a seller with
 * two shops in different regions (US and GB), and a second seller whose shop exists only so a test
 * can send one seller's token with another seller's cipher (101000).
 */
import type { EndpointName } from './endpoints.ts';
import { ALL_SCOPES } from './scopes.ts';

/** A creator the generated shop may name; pass the demo workspace's creators so orders match them. */
export interface CreatorSeed {
  handle: string;
  /** Two-letter country; a shop draws creators of its own region first. */
  country?: string;
  nickname?: string;
}

export interface ShopOptions {
  id: string;
  name: string;
  region: string;
  sellerType: 'LOCAL' | 'CROSS_BORDER';
  cipher: string;
  code: string;
  /** Affiliate order lines (SKU lines) generated over `historyDays`; generated lazily, any size. */
  orderLines: number;
  historyDays: number;
  products: number;
  samples: number;
}

export interface SellerOptions {
  openId: string;
  name: string;
  baseRegion: string;
  /** The scopes a consent grants this seller (the app's enabled packages). */
  scopes: string[];
  shops: ShopOptions[];
}

export interface AppOptions {
  appKey: string;
  appSecret: string;
  serviceId: string;
  /** The redirect URL saved on the app: consent lands here with `code` and `state`. */
  redirectUrl: string;
  /** The app-level webhook URL (Partner Center); a shop's own subscription takes precedence. */
  webhookUrl?: string;
}

export interface SimulatorOptions {
  app?: Partial<AppOptions>;
  sellers?: SellerOptions[];
  /** Shortcut: order lines of the default seller's first shop (ignored when `sellers` is given). */
  orderLines?: number;
  /** Creators the generated shops name; generated handles when absent. */
  creators?: CreatorSeed[];
  seed?: number;
  /** Wall clock in ms (the gateway's timestamp window and the world clock start from it). */
  clock?: () => number;
  /** World time (Unix s) the generated history ends at; defaults to the world time at start. */
  anchorTime?: number;
  accessTokenLifetime?: number;
  /** How long a consent lasts; the refresh token expires with it. */
  authorizationLifetime?: number;
  /** Per-endpoint QPS; null lifts the limit. */
  qps?: Partial<Record<EndpointName, number | null>>;
  /** Sample applications beyond this position answer 98001004 (the rolling window). */
  sampleWindow?: number;
  /** Refuse orders searches spanning more days than this (one SDK's reading; off by default). */
  ordersMaxRangeDays?: number | null;
  /** Refuse an empty `page_token` (one SDK says some routes do; off by default). */
  rejectEmptyPageToken?: boolean;
  /** Keep the old refresh token valid after a refresh (undocumented either way; off by default). */
  keepRotatedRefreshToken?: boolean;
  /** What GET /open/authorize does: show the consent page, or approve or deny at once. */
  consent?: 'page' | 'approve' | 'deny';
  /** Extra query parameters on the consent redirect (whether real ones carry any is unconfirmed). */
  redirectExtraParams?: Record<string, string>;
  webhookRetryDelaysMs?: number[];
  callLogLimit?: number;
  /** Serve the /_sim/... control routes (on by default; the simulator is a local tool). */
  controlRoutes?: boolean;
  logger?: boolean;
}

export const DEFAULT_APP: AppOptions = {
  appKey: '6a1sim9tts4k2',
  appSecret: 'a59cf819cc3e4d7b9f10e2d44c1a7b55e3f0c6d1',
  serviceId: '7301946538021471234',
  redirectUrl: 'http://127.0.0.1:5173/tiktok-shop/callback',
};

const shop = (s: Omit<ShopOptions, 'historyDays' | 'products' | 'samples'> & Partial<ShopOptions>) => ({
  historyDays: 90,
  products: 40,
  samples: 150,
  ...s,
});

export function defaultSellers(orderLines = 5000): SellerOptions[] {
  return [
    {
      openId: '7010736057180325637',
      name: 'Glow Lab Demo Seller',
      baseRegion: 'US',
      scopes: [...ALL_SCOPES],
      shops: [
        shop({
          id: '7495540735365777507',
          name: 'Glow Lab US',
          region: 'US',
          sellerType: 'LOCAL',
          cipher: 'ROW_xkMbgAAAeVAQra0eZWebFQq5aIKt',
          code: 'USLCL2GLOWLB',
          orderLines,
        }),
        shop({
          id: '7000714532876273420',
          name: 'Glow Lab UK',
          region: 'GB',
          sellerType: 'CROSS_BORDER',
          cipher: 'GCP_XF90igAAAABh00qsWgtvOiGFNqyubMt3',
          code: 'CNGBCBA4LLU8',
          orderLines: Math.max(1, Math.round(orderLines / 4)),
          samples: 60,
        }),
      ],
    },
    {
      openId: '7010736057180399120',
      name: 'Another Seller',
      baseRegion: 'US',
      scopes: [...ALL_SCOPES],
      shops: [
        shop({
          id: '7495540735365001122',
          name: 'Another Shop',
          region: 'US',
          sellerType: 'LOCAL',
          cipher: 'ROW_Qm9vbGVhbkFub3RoZXJTaG9wMDE',
          code: 'USLCLANOTHER',
          orderLines: 200,
          products: 8,
          samples: 20,
        }),
      ],
    },
  ];
}
