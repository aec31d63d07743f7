/**
 * `samples`: the shop's sample applications (server/services/shop-samples.service.ts). TikTok's
 * search has no time filter and serves a rolling window of recent applications, newest first
 * (unconfirmed), so each run walks the whole window; the cursor is the page token of the walk
 * under way ('' between walks), committed with each page's writes, so a crash resumes at the next
 * page. Paging past the window answers 98001004: read as the end of the walk.
 */
import {
  isSampleWindowEnd,
  SampleApplication,
  SAMPLES_PAGE_SIZE,
  SAMPLES_SEARCH_PATH,
} from '../../../integrations/tiktok-shop/index.ts';
import { writeShopSamples } from '../../../services/shop-samples.service.ts';
import type { SyncKind } from '../types.ts';

export const samplesKind: SyncKind = {
  kind: 'samples',
  everySeconds: 1800,
  async run(ctx) {
    try {
      for await (const page of ctx.api.pages(
        {
          method: 'POST',
          path: SAMPLES_SEARCH_PATH,
          body: {},
          pageSize: SAMPLES_PAGE_SIZE,
          pageToken: ctx.cursor,
        },
        { itemsField: 'sample_applications', item: SampleApplication },
      )) {
        // Applications new or changed, known once the write ran (the commit reads `lines` after `write`).
        let stored = 0;
        await ctx.commit({
          cursor: page.nextPageToken,
          get lines() {
            return stored;
          },
          rejected: page.rejected.length
            ? { count: page.rejected.length, requestId: page.requestId, problem: page.rejected[0]!.problem }
            : undefined,
          write: async (trx) => {
            const { workspaceId, connectionId, country } = ctx.shop;
            stored = await writeShopSamples(trx, workspaceId, connectionId, country, page.items);
          },
        });
      }
    } catch (err) {
      if (!isSampleWindowEnd(err)) throw err;
      ctx.log.info({ shop: ctx.shop.connectionId }, 'sample applications: end of TikTok’s window');
      await ctx.commit({ cursor: '', lines: 0 });
    }
  },
};
