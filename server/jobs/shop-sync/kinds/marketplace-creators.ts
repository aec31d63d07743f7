/**
 * `marketplace_creators`: TikTok's 30-day figures for the creators the seller works with (those in
 * the shop's sample applications with a TikTok user id and a row in the workspace) into the
 * creator columns fit ranking reads: followers, GMV, units sold, shoppable videos posted
 * (docs/decisions/shop-connection.md). Throttle-friendly: PER_RUN creators a run, those read
 * longest ago (or never) first, none again within REREAD_DAYS.
 */
import {
  isQuotaUnavailable,
  MarketplaceCreatorData,
  marketplaceCreatorPath,
  TtsApiError,
} from '../../../integrations/tiktok-shop/index.ts';
import { nextVersion, now } from '../../../db/versioning.ts';
import type { SyncKind } from '../types.ts';

const DAY = 86_400;
export const PER_RUN = 5;
export const REREAD_DAYS = 7;

export const marketplaceCreatorsKind: SyncKind = {
  kind: 'marketplace_creators',
  everySeconds: 3600,
  async run(ctx) {
    const ws = ctx.shop.workspaceId;
    const known = await ctx.db
      .selectFrom('shop_samples')
      .select(['creator_user_id', 'creator_id'])
      .distinct()
      .where('workspace_id', '=', ws)
      .where('connection_id', '=', ctx.shop.connectionId)
      .where('creator_user_id', '<>', '')
      .where('creator_id', '>', 0)
      .execute();
    const reads = new Map(
      (
        await ctx.db
          .selectFrom('shop_creator_reads')
          .select(['creator_user_id', 'read_at'])
          .where('workspace_id', '=', ws)
          .execute()
      ).map((r) => [r.creator_user_id, Number(r.read_at)]),
    );
    const since = ctx.now() - REREAD_DAYS * DAY;
    const seen = new Set<string>();
    const due = known
      .filter((k) => !seen.has(k.creator_user_id) && seen.add(k.creator_user_id))
      .filter((k) => (reads.get(k.creator_user_id) ?? 0) < since)
      .sort(
        (a, b) =>
          (reads.get(a.creator_user_id) ?? 0) - (reads.get(b.creator_user_id) ?? 0) ||
          (a.creator_user_id < b.creator_user_id ? -1 : 1),
      )
      .slice(0, PER_RUN);
    const got: { userId: string; creatorId: number; data?: MarketplaceCreatorData }[] = [];
    let rejected: { count: number; requestId: string; problem: string } | undefined;
    for (const c of due) {
      try {
        const { data } = await ctx.api.call({
          method: 'GET',
          path: marketplaceCreatorPath(c.creator_user_id),
          data: MarketplaceCreatorData,
        });
        got.push({ userId: c.creator_user_id, creatorId: Number(c.creator_id), data });
      } catch (err) {
        // Without the marketplace scope or endpoint this kind waits a day; the shop's other kinds go on.
        if (isQuotaUnavailable(err)) {
          const e = err as TtsApiError;
          ctx.runAgainIn(DAY);
          rejected = {
            count: 1,
            requestId: e.requestId,
            problem: `creator details not available (${e.code} ${e.apiMessage})`.slice(0, 500),
          };
          break;
        }
        // One creator TikTok does not know (any more): marked read, shown.
        if (!(err instanceof TtsApiError) || err.code !== 98001004) throw err;
        rejected = {
          count: (rejected?.count ?? 0) + 1,
          requestId: err.requestId,
          problem: `creator ${c.creator_user_id}: ${err.apiMessage}`.slice(0, 500),
        };
        got.push({ userId: c.creator_user_id, creatorId: Number(c.creator_id) });
      }
    }
    let stored = 0;
    await ctx.commit({
      cursor: '',
      get lines() {
        return stored;
      },
      rejected,
      write: async (trx) => {
        const t = ctx.now();
        let version = 0;
        for (const g of got) {
          const c = g.data?.creator;
          const set = {
            ...(c?.follower_count != null && { follower_count: c.follower_count }),
            ...(c?.gmv !== undefined && { gmv_t30: c.gmv }),
            ...(c?.units_sold != null && { units_sold_t30: c.units_sold }),
            ...(c?.ec_video_count != null && { video_publish_t30: c.ec_video_count }),
            ...(c?.gpm !== undefined && { gpm_t30: c.gpm }),
          };
          if (Object.keys(set).length) {
            version ||= await nextVersion(trx, ws);
            const r = await trx
              .updateTable('creators')
              .set({ ...set, version, update_time: now() })
              .where('workspace_id', '=', ws)
              .where('id', '=', g.creatorId)
              .where('deleted_at', 'is', null)
              .executeTakeFirst();
            stored += Number(r.numUpdatedRows);
          }
          await trx
            .insertInto('shop_creator_reads')
            .values({ workspace_id: ws, creator_user_id: g.userId, creator_id: g.creatorId, read_at: t })
            .onConflict((oc) =>
              oc
                .columns(['workspace_id', 'creator_user_id'])
                .doUpdateSet({ read_at: t, creator_id: g.creatorId }),
            )
            .execute();
        }
      },
    });
  },
};
