/**
 * The sample review calls (contract/schemas/shop-samples.ts). Read from and sent to the server
 * directly: a review is an act in the shop, not a record the device keeps and syncs later, so the
 * screen needs a connection and says so without one. Refusals come back as the envelope (`raw`), to
 * be shown beside the rows they concern.
 */
import { API } from '../../../contract/routes.ts';
import type { ShopRejectReason, ShopReviewResult } from '../../../contract/shop-review.ts';
import { request } from '../../api/client.ts';

export type { ShopReviewOutcome, ShopSampleView } from '../../../contract/schemas/shop-samples.ts';

export const fetchPendingSamples = (signal?: AbortSignal) =>
  request(API.shopSamplesPending, {}, { silent: true, signal });

export const reviewSamples = (ids: string[], result: ShopReviewResult, reason?: ShopRejectReason) =>
  request(
    API.shopSamplesReview,
    { application_ids: ids, result, ...(reason ? { reason } : {}) },
    { raw: true, silent: true },
  );
