/**
 * Creator identity changes at the 202508 versions (the guide: user ids up to 202507, Creator Open
 * IDs from 202508; "do not mix versions for the same creator key"). CreatorDesk keys a creator's
 * TikTok identity on the user id the 202409 sample search gives (`shop_samples.creator_user_id`)
 * and sends it to the 202405 target create and the 202406 marketplace creator read, so every call
 * that names or returns a creator must stay below 202508 until that column says which kind of id it
 * holds. This test fails when a path is moved to 202508 or later without that change, and shows the
 * simulator refusing a 202508 create instead of reading its ids as user ids.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TARGET_CREATE_PATH } from '../../services/shop-target-calls.ts';
import { SAMPLES_SEARCH_PATH, sampleReviewPath } from './sample-applications.ts';
import { fulfillmentsPath } from './sample-fulfillments.ts';
import { marketplaceCreatorPath } from './marketplace-creator.ts';
import { ORDERS_SEARCH_PATH } from './affiliate-orders.ts';
import { buildTikTokSimulator } from './simulator/simulator.ts';
import { simClient } from './simulator/test-client.ts';

const OPEN_ID_VERSION = 202508;
const versionOf = (path: string) => Number(path.split('/')[2]);

describe('creator identity by version', () => {
  it('reads and sends creators only through versions that use TikTok user ids', () => {
    const paths = {
      SAMPLES_SEARCH_PATH,
      review: sampleReviewPath('1'),
      fulfillments: fulfillmentsPath('1'),
      marketplace: marketplaceCreatorPath('1'),
      TARGET_CREATE_PATH,
      ORDERS_SEARCH_PATH,
    };
    for (const [name, path] of Object.entries(paths)) {
      expect(path, name).toMatch(/^\/affiliate_seller\/\d{6}\//);
      expect(versionOf(path), `${name}: ${path}`).toBeLessThan(OPEN_ID_VERSION);
    }
  });

  const sim = buildTikTokSimulator({ orderLines: 10 });
  afterAll(() => sim.app.close());

  it('the simulator refuses a 202508 create rather than taking its ids as user ids', async () => {
    const client = simClient(sim);
    client.setToken(sim.control.issueTokens().access_token);
    const shop = sim.control.shop('7495540735365777507');
    const before = shop.targetCollaborations.length;
    const res = await client.call('POST', '/affiliate_seller/202508/target_collaborations', {
      shopCipher: shop.cipher,
      body: {
        name: 'Autumn',
        end_time: String(sim.control.now() + 14 * 86_400),
        products: [{ id: shop.products[0]!.id, target_commission_rate: 2001 }],
        creator_user_ids: [shop.creators[0]!.userId],
        seller_contact_info: { email: 'team@example.com' },
      },
    });
    expect(res.status).toBe(501);
    expect(res.json.code).not.toBe(0);
    expect(sim.control.shop(shop.id).targetCollaborations).toHaveLength(before);
  });
});
