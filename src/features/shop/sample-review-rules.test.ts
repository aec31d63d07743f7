import { describe, expect, it } from 'vitest';
import { SHOP_REJECT_REASONS } from '../../../contract/shop-review.ts';
import { blockedReasonLabel, rejectReasonLabel } from './sample-review-rules.ts';

describe('sample review words', () => {
  it('names each of TikTok’s reject reasons, each differently', () => {
    const labels = SHOP_REJECT_REASONS.map(rejectReasonLabel);
    expect(labels.every((l) => l && !SHOP_REJECT_REASONS.includes(l as never))).toBe(true);
    expect(new Set(labels).size).toBe(SHOP_REJECT_REASONS.length);
  });

  it('words the reasons TikTok gives for not allowing approval, and shows unknown ones as sent', () => {
    expect(blockedReasonLabel('APPROVAL_EXPIRED')).not.toBe('APPROVAL_EXPIRED');
    expect(blockedReasonLabel('OUT_OF_STOCK')).not.toBe(blockedReasonLabel('APPROVAL_EXPIRED'));
    expect(blockedReasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});
