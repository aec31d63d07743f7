/**
 * The calls on sample requests recorded in plans (contract/schemas/local-samples.ts). Read from and
 * sent to the server directly, as the shop's review is: the approval rules' caps are counted there,
 * so a decision needs a connection. Refusals come back as the envelope (`raw`), shown beside their rows.
 */
import { API } from '../../../contract/routes.ts';
import type { ShopReviewResult } from '../../../contract/shop-review.ts';
import { request } from '../../api/client.ts';

export type { LocalSampleOutcome, LocalSampleView } from '../../../contract/schemas/local-samples.ts';

export const fetchLocalSamples = (signal?: AbortSignal) =>
  request(API.planSamplesPending, {}, { silent: true, signal });

export const decideLocalSamples = (ids: string[], result: ShopReviewResult, reason?: string) =>
  request(
    API.planSamplesDecide,
    { requests: ids, result, ...(reason ? { reason } : {}) },
    { raw: true, silent: true },
  );
