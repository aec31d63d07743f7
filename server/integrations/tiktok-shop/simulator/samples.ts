/**
 * Sample application endpoints: search (a rolling window, unconfirmed), review, fulfilments.
 *
 * Search filters are read under the API's own names, typo included: `target_collabration_id`. A
 * correctly spelled `target_collaboration_id` is ignored without an error, which is what one SDK
 * warns the real API does. Fuzzy filters (`title`, `username`) match case-insensitive substrings.
 * Paging past the window answers 98001004 "only the most recent N applications can be queried"
 * (one field report, unconfirmed). Reviewing anything but an approvable PENDING application, or an
 * unknown id, answers 98001004 as well (the guide names no code for it; unconfirmed).
 */
import { paramInvalid } from './errors.ts';
import { decodePageToken, encodePageToken } from './page-token.ts';
import type { SampleRecord, SampleStatus } from './samples-data.ts';
import {
  apiFulfillment,
  apiSample,
  contentFor,
  disapprovableReasons,
  makeSample,
  newestFirst,
  SAMPLE_STATUSES,
  sampleOrderId,
  trackingNumber,
} from './samples-data.ts';
import type { ShopRuntime } from './shop.ts';

const TOKEN_TAG = 'samples.search';
const REJECT_REASONS = ['NOT_MATCH', 'OFFLINE', 'OUT_OF_STOCK', 'OTHER'];
const DAY = 86_400;

const optString = (body: Record<string, unknown>, key: string): string | undefined => {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || v.length > 255)
    throw paramInvalid(key, 'must be a string of at most 255 characters');
  return v;
};

export function searchSamples(
  shop: ShopRuntime,
  now: number,
  body: Record<string, unknown>,
  page: { size: number; token: string | undefined },
  window: number,
) {
  const status = optString(body, 'status');
  if (status !== undefined && !(SAMPLE_STATUSES as readonly string[]).includes(status)) {
    throw paramInvalid('status', 'unknown status', SAMPLE_STATUSES.join(', '));
  }
  const productId = optString(body, 'product_id');
  const title = optString(body, 'title')?.toLowerCase();
  const username = optString(body, 'username')?.toLowerCase();
  const orderId = optString(body, 'order_id');
  const target = optString(body, 'target_collabration_id');
  const creatorId = optString(body, 'creator_user_id');
  const matches = shop.samples.filter(
    (s) =>
      (status === undefined || s.status === status) &&
      (productId === undefined || s.product.id === productId) &&
      (title === undefined || s.product.title.toLowerCase().includes(title)) &&
      (username === undefined || s.creator.handle.toLowerCase().includes(username)) &&
      (orderId === undefined || s.orderId === orderId) &&
      (target === undefined || s.targetCollaborationId === target) &&
      (creatorId === undefined || s.creator.userId === creatorId),
  );
  let offset = 0;
  if (page.token) {
    const c = decodePageToken(TOKEN_TAG, page.token);
    if (typeof c.o !== 'number' || c.o < 0) throw paramInvalid('page_token', 'invalid page token');
    offset = c.o;
  }
  if (offset >= window) {
    throw paramInvalid('page_token', `only the most recent ${window} applications can be queried`);
  }
  // A page stops at the window's edge; the next token then leads to the refusal.
  const slice = matches.slice(offset, Math.min(offset + page.size, window));
  const next = offset + slice.length;
  return {
    sample_applications: slice.map((s) => apiSample(s, now, shop.catalog.currency)),
    next_page_token: next < matches.length ? encodePageToken(TOKEN_TAG, { o: next }) : '',
    total_count: matches.length,
  };
}

function findSample(shop: ShopRuntime, id: string): SampleRecord {
  const s = shop.samples.find((x) => x.id === id);
  if (!s) throw paramInvalid('application_id', 'no such sample application in this shop');
  return s;
}

export function reviewSample(
  shop: ShopRuntime,
  now: number,
  id: string,
  body: Record<string, unknown>,
): object {
  const s = findSample(shop, id);
  const result = body.review_result;
  if (result !== 'APPROVE' && result !== 'REJECT') {
    throw paramInvalid('review_result', 'must be APPROVE or REJECT', 'APPROVE, REJECT');
  }
  if (result === 'REJECT') {
    const reason = body.reject_reason;
    if (typeof reason !== 'string' || !REJECT_REASONS.includes(reason)) {
      throw paramInvalid('reject_reason', 'required with REJECT', REJECT_REASONS.join(', '));
    }
    if (s.status !== 'PENDING')
      throw paramInvalid('application_id', `the application is ${s.status}, not PENDING`);
    s.status = 'REJECT_CANCELLED';
    return {};
  }
  const reasons = disapprovableReasons(s, now);
  if (reasons.length > 0) {
    throw paramInvalid(
      'application_id',
      `the application is not approvable (is_approvable=false: ${reasons.join(', ')})`,
    );
  }
  s.status = 'AWAITING_SHIPMENT';
  s.orderId = sampleOrderId(shop.seed, shop.shopNo, 1_000_000 + shop.samples.indexOf(s));
  s.shipmentExpiration = now + 5 * DAY;
  s.availableQuantity -= 1;
  return {};
}

export function sampleFulfillments(
  shop: ShopRuntime,
  now: number,
  id: string,
  body: Record<string, unknown>,
) {
  const s = findSample(shop, id);
  const format = body.content_format;
  if (format !== undefined && format !== null && format !== 'LIVE' && format !== 'VIDEO') {
    throw paramInvalid('content_format', 'must be LIVE or VIDEO', 'LIVE, VIDEO');
  }
  const content = s.content.filter((c) => format === undefined || format === null || c.format === format);
  return { fulfillments: content.map((c) => apiFulfillment(s, c, now)) };
}

/** Control API: moves an application to a status, filling what that status implies. */
export function setSampleStatus(
  shop: ShopRuntime,
  now: number,
  id: string,
  status: SampleStatus,
): SampleRecord {
  const s = findSample(shop, id);
  s.status = status;
  const n = 1_000_000 + shop.samples.indexOf(s);
  if (status !== 'PENDING' && status !== 'REJECT_CANCELLED' && !s.orderId) {
    s.orderId = sampleOrderId(shop.seed, shop.shopNo, n);
    s.shipmentExpiration = now + 5 * DAY;
  }
  if (['SHIPPED', 'CONTENT_PENDING', 'COMPLETED'].includes(status) && !s.trackingNumber) {
    s.trackingNumber = trackingNumber(shop.seed, n, shop.options.region);
  }
  if (status === 'PENDING') s.approveExpiration = Math.max(s.approveExpiration, now + 7 * DAY);
  return s;
}

/**
 * Control API: the creator posts a video or LIVE for a shipped sample. The application moves to
 * COMPLETED (content posted) and the content shows in its fulfilments.
 */
export function addSampleContent(
  shop: ShopRuntime,
  now: number,
  id: string,
  format: 'VIDEO' | 'LIVE' = 'VIDEO',
): SampleRecord {
  const s = findSample(shop, id);
  const n = 2_000_000 + shop.samples.indexOf(s) * 64 + s.content.length;
  s.content.push(contentFor(shop.seed, n, format, now));
  if (s.status !== 'COMPLETED' && s.status !== 'OPS_COMPLETED') setSampleStatus(shop, now, id, 'COMPLETED');
  return s;
}

/** Control API: `count` new PENDING applications, created now (the newest in search). */
export function addSampleApplications(shop: ShopRuntime, now: number, count: number): SampleRecord[] {
  const created: SampleRecord[] = [];
  for (let i = 0; i < count; i++) {
    const k = shop.options.samples + shop.samples.length + i;
    created.push(makeSample(shop.seed, shop.shopNo, shop.catalog, k, now, 'PENDING'));
  }
  shop.samples.push(...created);
  shop.samples.sort(newestFirst);
  return created;
}
