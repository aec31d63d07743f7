/**
 * A plan ready for /shop/target.create in a test app connected to the simulator: one US product of
 * a simulated shop, `handles` as creators in the plan, each with the TikTok user id the samples
 * sync stores (a row of shop_samples under `connectionId`).
 */
import type { SimHarness } from './sim-harness.ts';
import type { SignedIn } from './test-app.ts';

/** The columns of a stored sample application these tests do not look at. */
export const SAMPLE_REST = {
  fulfillment_status: '',
  creator_nickname: '',
  product_title: '',
  sku_id: '',
  order_id: '',
  tracking_number: '',
  commission_rate: '0.1',
  partner_name: '',
  approve_expiration_time: 0,
  shipment_expiration_time: 0,
  status_time: 0,
};

export interface TargetPlan {
  planId: number;
  productId: number;
  creatorIds: number[];
}

export async function targetPlan(
  h: SimHarness,
  who: SignedIn,
  o: {
    handles: string[];
    productIdx: number;
    connectionId: number;
    userIdPrefix: string;
    /** The simulated shop whose product the plan carries (default: the harness's shop). */
    simShopId?: string;
  },
): Promise<TargetPlan> {
  const db = h.app.database.db;
  const post = (path: string, body: Record<string, unknown>) =>
    h.app.call('POST', path, body, { token: who.token });
  const tiktokId = h.sim.control.shop(o.simShopId ?? h.shopId).products[o.productIdx]!.id;
  await post('/product/add', {
    country: 'US',
    productId: tiktokId,
    productTitle: 'Serum',
    productImage: 'https://example.com/p.png',
  });
  await h.app.app.inject({
    method: 'POST',
    url: '/api/v0.1/blogger/ingest',
    headers: { token: who.token, 'content-type': 'application/json' },
    payload: JSON.stringify({ country: 'US', creators: o.handles.map((unique_id) => ({ unique_id })) }),
  });
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('workspace_id', '=', who.workspaceId)
    .where('product_id', '=', tiktokId)
    .executeTakeFirstOrThrow();
  const creators = await db
    .selectFrom('creators')
    .select(['id', 'unique_id'])
    .where('workspace_id', '=', who.workspaceId)
    .where('unique_id', 'in', o.handles)
    .execute();
  const creatorIds = o.handles.map((x) => Number(creators.find((c) => c.unique_id === x)!.id));
  const plan = await post('/plan/add', { name: o.handles[0], country: 'US', product_ids: [product.id] });
  await post('/plan/creator.add', { plan_id: plan.data.id, creator_ids: creatorIds });
  await db
    .insertInto('shop_samples')
    .values(
      o.handles.map((handle, i) => ({
        ...SAMPLE_REST,
        workspace_id: who.workspaceId,
        connection_id: o.connectionId,
        application_id: `${o.userIdPrefix}${String(i).padStart(6, '0')}`,
        status: 'PENDING',
        creator: handle,
        creator_user_id: `${o.userIdPrefix}${String(i).padStart(12, '0')}`,
        creator_id: creatorIds[i]!,
        product_id: tiktokId,
        add_time: 1,
        update_time: 1,
      })),
    )
    .execute();
  return { planId: Number(plan.data.id), productId: Number(product.id), creatorIds };
}
