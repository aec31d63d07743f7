/**
 * A workspace with sample requests recorded in a plan and no shop: two pet products in one plan
 * (samples at cost 10 + shipping 5), and creators at "sample requested" whose figures rank them
 * (the first fits best). For the /plan/samples.* tests (route, isolation, fuzz).
 */
import { expect } from 'vitest';
import type { SignedIn, TestApp } from './test-app.ts';
import { addCreators } from './sync-fixtures.ts';

export interface LocalSampleSeed {
  planId: number;
  creators: number[];
  /** The request ids (`plan:creator`), in the creators' order. */
  ids: string[];
  productIds: string[];
}

/** Figures that make a creator fit a pet plan well (large numbers) or badly (small, another category). */
export const creatorNumbers = (gmv: number, categorys: string) => ({
  gmv_t30: gmv,
  video_view_t30: gmv * 100,
  follower_count: gmv * 10,
  video_publish_t30: 20,
  video_engagement_t30: 5,
  categorys,
});

export async function seedLocalSamples(
  app: TestApp,
  me: SignedIn,
  opts: { count?: number; prefix?: string; planName?: string } = {},
): Promise<LocalSampleSeed> {
  const call = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) =>
    app.call(method, path, body, { token: me.token });
  const prefix = opts.prefix ?? `ls${me.workspaceId}_`;
  const productIds = [`17290${me.workspaceId}01`, `17290${me.workspaceId}02`];
  const rowIds: number[] = [];
  for (const productId of productIds) {
    const add = await call('POST', '/product/add', {
      country: 'US',
      productId,
      productTitle: `Pet bowl ${productId}`,
      productCategory: 'Pet Supplies',
      productImage: 'https://example.com/p.png',
    });
    expect(add.code, JSON.stringify(add)).toBe(200);
    rowIds.push(Number(add.data.id));
  }
  const plan = await call('POST', '/plan/add', {
    name: opts.planName ?? 'Pets',
    country: 'US',
    product_ids: rowIds,
    sample_cost: 10,
    shipping_cost: 5,
  });
  expect(plan.code, JSON.stringify(plan)).toBe(200);
  const planId = Number(plan.data.id);
  const count = opts.count ?? 4;
  const creators = await addCreators(app.database.db, me.workspaceId, count, { prefix });
  const gmvs = [90_000, 30_000, 3_000, 50];
  for (const [i, id] of creators.entries())
    await app.database.db
      .updateTable('creators')
      .set(
        creatorNumbers(
          gmvs[i % gmvs.length]! / (1 + Math.floor(i / 4)),
          i % 4 === 3 ? 'Home Supplies' : 'Pet Supplies',
        ),
      )
      .where('id', '=', id)
      .execute();
  expect((await call('POST', '/plan/creator.add', { plan_id: planId, creator_ids: creators })).code).toBe(
    200,
  );
  const moved = await call('PUT', '/plan/creator.stage', {
    plan_id: planId,
    creator_ids: creators,
    stage: 'sample_requested',
  });
  expect(moved.code, JSON.stringify(moved)).toBe(200);
  return { planId, creators, ids: creators.map((c) => `${planId}:${c}`), productIds };
}
