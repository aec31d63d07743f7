/**
 * `tokens`: keeps the seller's access token fresh even when no other kind calls TikTok for a while
 * (a shop in a region not served, a quiet week). The refresh itself (ahead of expiry, one process at
 * a time, the new pair stored before use) is in server/services/shop-tokens.service.ts; a refusal
 * stops the shops of the authorisation ('refresh_failed').
 */
import type { SyncKind } from '../types.ts';

export const tokensKind: SyncKind = {
  kind: 'tokens',
  everySeconds: 3600,
  needsCountry: false,
  async run(ctx) {
    const refreshed = await ctx.api.refreshIfDue();
    await ctx.commit({ cursor: '', lines: refreshed ? 1 : 0 });
  },
};
