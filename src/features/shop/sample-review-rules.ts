/**
 * What the sample requests screen says about a row: TikTok's reasons and codes in words, in the
 * screen's language; unknown ones (TikTok adds reasons) are shown as sent.
 */
import type { ShopRejectReason } from '../../../contract/shop-review.ts';
import { m } from '../../paraglide/messages.js';

export const rejectReasonLabel = (r: ShopRejectReason): string =>
  ({
    NOT_MATCH: m.sample_requests_reason_not_match(),
    OFFLINE: m.sample_requests_reason_offline(),
    OUT_OF_STOCK: m.sample_requests_reason_out_of_stock(),
    OTHER: m.sample_requests_reason_other(),
  })[r];

/** TikTok's `disapprovable_reasons` we know, in words; others as TikTok sent them. */
export function blockedReasonLabel(code: string): string {
  switch (code) {
    case 'OUT_OF_STOCK':
      return m.sample_requests_blocked_out_of_stock();
    case 'APPROVAL_EXPIRED':
      return m.sample_requests_blocked_expired();
    case 'STATUS_NOT_PENDING':
      return m.sample_requests_blocked_not_pending();
    case 'CREATOR_NOT_QUALIFIED':
      return m.sample_requests_blocked_creator();
    default:
      return code;
  }
}
