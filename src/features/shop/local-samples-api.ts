/**
 * The calls on sample requests recorded in plans (contract/schemas/local-samples.ts). Read from and
 * sent to the server directly, as the shop's review is: the approval rules' caps are counted there,
 * so a decision needs a connection. Refusals come back as the envelope (`raw`), shown beside their rows.
 */
import { API } from '../../../contract/routes.ts';
import type { LocalSampleOutcome } from '../../../contract/schemas/local-samples.ts';
import { SHOP_REVIEW_CALL_MAX, type ShopReviewResult } from '../../../contract/shop-review.ts';
import type { Envelope } from '../../../contract/wire.ts';
import { request } from '../../api/client.ts';

export type { LocalSampleOutcome, LocalSampleView } from '../../../contract/schemas/local-samples.ts';

export const fetchLocalSamples = (signal?: AbortSignal) =>
  request(API.planSamplesPending, {}, { silent: true, signal });

/**
 * Decides a selection in calls of at most SHOP_REVIEW_CALL_MAX requests, one after another (each
 * takes the caps' lock, so the caps hold across them). The answer holds every call's results; a
 * refused call stops there, and its code and msg come back with the results before it.
 */
export async function decideLocalSamples(
  ids: string[],
  result: ShopReviewResult,
  reason?: string,
): Promise<Envelope<{ results: LocalSampleOutcome[] }>> {
  const results: LocalSampleOutcome[] = [];
  for (let i = 0; i < ids.length; i += SHOP_REVIEW_CALL_MAX) {
    const env = await request(
      API.planSamplesDecide,
      { requests: ids.slice(i, i + SHOP_REVIEW_CALL_MAX), result, ...(reason ? { reason } : {}) },
      { raw: true, silent: true },
    );
    if (env.code !== 200 || !env.data) return { code: env.code, msg: env.msg, data: { results } };
    results.push(...env.data.results);
  }
  return { code: 200, msg: '', data: { results } };
}
