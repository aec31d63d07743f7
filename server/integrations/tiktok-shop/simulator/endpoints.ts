/**
 * The route table. Every path the API guide documents is listed (so a call to a documented path
 * the simulator does not serve says so plainly, instead of pretending the path does not exist), and
 * the ones the simulator serves carry their endpoint name, scope and paging limits.
 */
import { SCOPES } from './scopes.ts';

export type EndpointName =
  | 'token.get'
  | 'token.refresh'
  | 'shops.list'
  | 'orders.search'
  | 'samples.search'
  | 'samples.review'
  | 'samples.fulfillments'
  | 'content.details'
  | 'creators.get'
  | 'creators.search'
  | 'target.create'
  | 'outreach.quota'
  | 'webhooks.get'
  | 'webhooks.put'
  | 'webhooks.delete';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type PageSizeRule =
  | { min: number; max: number; default: number }
  /** Only these values are accepted ("page_size whitelists"). */
  | { allowed: number[]; default: number };

export interface Documented {
  method: HttpMethod;
  category: string;
  /** Path after the version; `:name` matches one segment. */
  resource: string;
  versions: string[];
}

export interface Served {
  name: EndpointName;
  method: HttpMethod;
  category: string;
  version: string;
  resource: string;
  /** Needs `shop_cipher` (106013 without); false means a cipher is refused (36009004). */
  shopScoped: boolean;
  scope: string | null;
  pageSize?: PageSizeRule;
}

const D = (method: HttpMethod, resource: string, versions: string[], category = 'affiliate_seller') => ({
  method,
  category,
  resource,
  versions,
});

/** Every method, path and version the guide's version matrix lists (plus authorization and event). */
export const DOCUMENTED: Documented[] = [
  D('GET', 'shops', ['202309'], 'authorization'),
  D('DELETE', 'shops', ['202403'], 'authorization'),
  D('GET', 'webhooks', ['202309'], 'event'),
  D('PUT', 'webhooks', ['202309'], 'event'),
  D('DELETE', 'webhooks', ['202309'], 'event'),
  D('POST', 'orders/search', ['202405', '202410']),
  D('POST', 'sample_applications/search', ['202409', '202507', '202508']),
  D('POST', 'sample_applications/:application_id/review', ['202409', '202507']),
  D('POST', 'sample_applications/:application_id/fulfillments/search', ['202409']),
  D('GET', 'sample_applications/deeplink', ['202512']),
  D('GET', 'open_collaborations/sample_rules', ['202410']),
  D('POST', 'open_collaborations/sample_rules', ['202410']),
  D('GET', 'open_collaborations/creator_content_details', ['202412', '202508']),
  D('POST', 'target_collaborations', ['202405', '202508']),
  D('POST', 'target_collaborations/search', ['202409', '202508']),
  D('GET', 'target_collaborations/:id', ['202409', '202412', '202508']),
  D('PUT', 'target_collaborations/:id', ['202409', '202508']),
  D('DELETE', 'target_collaborations/:id', ['202409']),
  D('POST', 'target_collaboration/:id/link', ['202509']),
  D('GET', 'open_collaboration_settings', ['202409']),
  D('POST', 'open_collaboration_settings', ['202405']),
  D('POST', 'open_collaborations', ['202405', '202412']),
  D('POST', 'open_collaborations/search', ['202409', '202412']),
  D('DELETE', 'open_collaborations/products/:product_id', ['202409']),
  D('POST', 'open_collaborations/:open_collaboration_id/remove_creator', ['202405', '202508']),
  D('POST', 'open_collaborations/products/search', ['202405']),
  D('POST', 'products/:product_id/promotion_link/generate', ['202405']),
  D('POST', 'marketplace_creators/search', ['202406', '202505', '202508']),
  D('GET', 'marketplace_creators/:creator_user_id', ['202406', '202505', '202508']),
  D('POST', 'marketplace_creators/search/filter', ['202601']),
  D('POST', 'conversations', ['202412', '202508']),
  D('GET', 'conversations', ['202412', '202505']),
  D('GET', 'conversation/:conversation_id/messages', ['202412']),
  D('POST', 'conversations/:conversation_id/messages', ['202412']),
  D('POST', 'conversatons/read', ['202412']),
  D('GET', 'conversations/messages/list/newest', ['202412']),
  D('POST', 'images/upload', ['202511']),
  D('POST', 'compass/offline_task', ['202603']),
  D('GET', 'compass/offline_tasks', ['202603']),
  D('GET', 'compass/offline_tasks/:task_id/file', ['202603']),
  // Outreach is known from one SDK only (unconfirmed).
  D('GET', 'creator_outreach/quota', ['202607']),
  D('POST', 'creator_outreach/records/query', ['202608']),
];

const READ = SCOPES.affiliateRead;
const WRITE = SCOPES.affiliateWrite;

/**
 * What the simulator serves. Scopes: the guide ties `seller.affiliate_collaboration.read` to the
 * orders search and `.write` to creating target collaborations; every other pairing below is an
 * inference (unconfirmed), and the shop list and webhooks check no scope at all (unconfirmed).
 */
export const SERVED: Served[] = [
  {
    name: 'shops.list',
    method: 'GET',
    category: 'authorization',
    version: '202309',
    resource: 'shops',
    shopScoped: false,
    scope: null,
  },
  {
    name: 'webhooks.get',
    method: 'GET',
    category: 'event',
    version: '202309',
    resource: 'webhooks',
    shopScoped: true,
    scope: null,
  },
  {
    name: 'webhooks.put',
    method: 'PUT',
    category: 'event',
    version: '202309',
    resource: 'webhooks',
    shopScoped: true,
    scope: null,
  },
  {
    name: 'webhooks.delete',
    method: 'DELETE',
    category: 'event',
    version: '202309',
    resource: 'webhooks',
    shopScoped: true,
    scope: null,
  },
  {
    name: 'orders.search',
    method: 'POST',
    category: 'affiliate_seller',
    version: '202410',
    resource: 'orders/search',
    shopScoped: true,
    scope: READ,
    pageSize: { min: 1, max: 100, default: 20 },
  },
  ...['202409', '202507'].flatMap((version): Served[] => [
    {
      name: 'samples.search',
      method: 'POST',
      category: 'affiliate_seller',
      version,
      resource: 'sample_applications/search',
      shopScoped: true,
      scope: READ,
      pageSize: { min: 1, max: 50, default: 20 },
    },
    {
      name: 'samples.review',
      method: 'POST',
      category: 'affiliate_seller',
      version,
      resource: 'sample_applications/:application_id/review',
      shopScoped: true,
      scope: WRITE,
    },
  ]),
  {
    name: 'samples.fulfillments',
    method: 'POST',
    category: 'affiliate_seller',
    version: '202409',
    resource: 'sample_applications/:application_id/fulfillments/search',
    shopScoped: true,
    scope: READ,
  },
  {
    name: 'content.details',
    method: 'GET',
    category: 'affiliate_seller',
    version: '202412',
    resource: 'open_collaborations/creator_content_details',
    shopScoped: true,
    scope: READ,
    pageSize: { min: 1, max: 100, default: 20 },
  },
  {
    name: 'creators.get',
    method: 'GET',
    category: 'affiliate_seller',
    version: '202406',
    resource: 'marketplace_creators/:creator_user_id',
    shopScoped: true,
    scope: SCOPES.creatorMarketplaceRead,
  },
  {
    name: 'creators.search',
    method: 'POST',
    category: 'affiliate_seller',
    version: '202406',
    resource: 'marketplace_creators/search',
    shopScoped: true,
    scope: SCOPES.creatorMarketplaceRead,
    pageSize: { allowed: [12, 20], default: 12 },
  },
  {
    name: 'target.create',
    method: 'POST',
    category: 'affiliate_seller',
    version: '202405',
    resource: 'target_collaborations',
    shopScoped: true,
    scope: WRITE,
  },
  {
    name: 'outreach.quota',
    method: 'GET',
    category: 'affiliate_seller',
    version: '202607',
    resource: 'creator_outreach/quota',
    shopScoped: true,
    scope: READ,
  },
];

/** Matches `resource` (with `:name` segments) against a path rest; the captured params or null. */
export function matchResource(resource: string, rest: string): Record<string, string> | null {
  const want = resource.split('/');
  const got = rest.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      if (g === '') return null;
      params[w.slice(1)] = decodeURIComponent(g);
    } else if (w !== g) return null;
  }
  return params;
}
