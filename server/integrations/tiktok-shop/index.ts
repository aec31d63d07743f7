/**
 * The TikTok Shop Partner API adapter: the one place that knows TikTok's hosts, signing, paging,
 * error codes and field names. Everything else imports from here and sees our own types.
 */
export {
  DEFAULT_HOSTS,
  createRuntime,
  type TtsAppCredentials,
  type TtsHosts,
  type TtsLog,
  type TtsRuntime,
} from './runtime.ts';
export {
  createTtsClient,
  needsShopCipher,
  refusesShopCipher,
  type ApiCall,
  type HttpMethod,
  type TtsClient,
} from './client.ts';
export { exchangeAuthCode, refreshAccessToken, type TtsTokenSet } from './tokens.ts';
export { getAuthorizedShops, type AuthorizedShop } from './shops.ts';
export { pages, type Page, type PageOptions, type PageQuery, type RejectedItem } from './paging.ts';
export { consentUrl } from './consent.ts';
export {
  ACTIONS,
  TtsApiError,
  classify,
  isTtsApiError,
  type TtsErrorAction,
  type TtsErrorKind,
} from './errors.ts';
export { DEFAULT_RETRY, runRetrySeconds, type RetryPolicy } from './backoff.ts';
export { signRequest, verifyWebhookSignature, webhookSignature } from './signing.ts';
export { TtsId } from './schemas.ts';
export {
  AffiliateOrder,
  ORDERS_PAGE_SIZE,
  ORDERS_SEARCH_PATH,
  orderLines,
  type ApiOrderLine,
} from './affiliate-orders.ts';
export {
  SampleApplication,
  SAMPLES_PAGE_SIZE,
  SAMPLES_SEARCH_PATH,
  SAMPLE_REJECT_REASONS,
  sampleReviewPath,
  isSampleWindowEnd,
  stageOfSample,
} from './sample-applications.ts';
export { FulfillmentsData, SampleFulfillment, fulfillmentsPath } from './sample-fulfillments.ts';
export {
  OUTREACH_QUOTA_PATH,
  OutreachQuotaData,
  isQuotaUnavailable,
  readOutreachQuota,
  type OutreachQuota,
} from './outreach-quota.ts';
export { MarketplaceCreatorData, marketplaceCreatorPath } from './marketplace-creator.ts';
