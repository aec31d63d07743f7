/**
 * The shop's weekly outreach quota into the workspace's settings (the row /plan/quota writes). The
 * shop's figure replaces a member's: it is the limit TikTok applies this week, and a copied number
 * goes stale (docs/decisions/shop-connection.md). "Unlimited" is stored as such, with no number
 * (`weekly_quota` -1, `quota_unlimited` 1). A member may still set a number; the next sync that gets
 * one from the shop replaces it.
 */
import type { Transaction } from 'kysely';
import { saveWeeklyQuota } from '../db/outreach.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import type { OutreachQuota } from '../integrations/tiktok-shop/index.ts';

/** Writes the quota when it differs from what the settings hold; true when it wrote. */
export async function writeShopQuota(trx: Transaction<DB>, ws: number, q: OutreachQuota): Promise<boolean> {
  const want = { weekly_quota: q.unlimited ? -1 : q.weekly, quota_unlimited: q.unlimited ? 1 : 0 };
  const row = await trx
    .selectFrom('workspace_settings')
    .select(['weekly_quota', 'quota_unlimited', 'quota_source', 'deleted_at'])
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  if (
    row &&
    row.deleted_at === null &&
    row.quota_source === 'shop' &&
    Number(row.weekly_quota) === want.weekly_quota &&
    Number(row.quota_unlimited) === want.quota_unlimited
  )
    return false;
  await saveWeeklyQuota(trx, ws, {
    ...want,
    quota_source: 'shop',
    user_id: 0,
    user_name: '',
    update_time: now(),
    version: await nextVersion(trx, ws),
  });
  return true;
}
