/**
 * `outreach_quota`: the shop's weekly quota of new creators into the workspace's settings, the
 * number /plan/quota keeps, so nobody copies it from Seller Center by hand
 * (docs/decisions/shop-connection.md, "Content, quota and creator details from the API"). The
 * endpoint is unconfirmed: a shop or app without it (missing scope, path or version) is shown as
 * skipped on this kind and tried again the next day; it never stops the shop's other kinds. An
 * answer that is not a weekly quota is shown, and nothing is stored.
 */
import { WEEKLY_QUOTA_MAX } from '../../../../contract/limits.ts';
import type { TtsApiError } from '../../../integrations/tiktok-shop/index.ts';
import {
  isQuotaUnavailable,
  OUTREACH_QUOTA_PATH,
  OutreachQuotaData,
  readOutreachQuota,
} from '../../../integrations/tiktok-shop/index.ts';
import { shopQuotaCursor, writeShopQuota } from '../../../services/shop-quota.service.ts';
import type { SyncKind } from '../types.ts';

const DAY = 86_400;

export const outreachQuotaKind: SyncKind = {
  kind: 'outreach_quota',
  everySeconds: 6 * 3600,
  async run(ctx) {
    let answer;
    try {
      answer = await ctx.api.call({ method: 'GET', path: OUTREACH_QUOTA_PATH, data: OutreachQuotaData });
    } catch (err) {
      if (!isQuotaUnavailable(err)) throw err;
      const e = err as TtsApiError;
      ctx.log.info(
        { shop: ctx.shop.connectionId, code: e.code },
        'outreach quota not available for this shop',
      );
      ctx.runAgainIn(DAY);
      await ctx.commit({
        cursor: '',
        lines: 0,
        rejected: {
          count: 1,
          requestId: e.requestId,
          problem: `outreach quota not available (${e.code || e.httpStatus} ${e.apiMessage})`.slice(0, 500),
        },
      });
      return;
    }
    const q = readOutreachQuota(answer.data);
    if ('problem' in q || (!q.unlimited && q.weekly > WEEKLY_QUOTA_MAX)) {
      const problem = 'problem' in q ? q.problem : `outreach quota: ${q.weekly} is above ${WEEKLY_QUOTA_MAX}`;
      await ctx.commit({
        cursor: '',
        lines: 0,
        rejected: { count: 1, requestId: answer.requestId, problem },
      });
      return;
    }
    let stored = 0;
    await ctx.commit({
      // This shop's figure: the workspace keeps the smallest of its shops' (shop-quota.service.ts).
      cursor: shopQuotaCursor(q),
      get lines() {
        return stored;
      },
      write: async (trx) => {
        stored = (await writeShopQuota(trx, ctx.shop.workspaceId, ctx.shop.connectionId, q)) ? 1 : 0;
      },
    });
  },
};
