/**
 * The shop's weekly outreach quota into the workspace's settings (the row /plan/quota writes). The
 * shop's figure replaces a member's: it is the limit TikTok applies this week, and a copied number
 * goes stale (docs/decisions/shop-connection.md). "Unlimited" is stored as such, with no number
 * (`weekly_quota` -1, `quota_unlimited` 1). A member may still set a number; the next sync that gets
 * one from the shop replaces it.
 *
 * Several shops: TikTok gives each shop its own weekly figure, and the workspace keeps one. Each
 * shop's last figure is its `outreach_quota` cursor (`shopQuotaCursor`); the workspace holds the
 * smallest number among its active shops (a shop reporting no limit limits nothing), unlimited
 * only when every shop that gave a figure is unlimited. So the figure no longer flips with
 * whichever shop ran last, and the panel warns before the tightest shop's limit. The row also
 * keeps how many shops' figures it combines and the name of the shop whose number it is, so the
 * panel says so when there are several.
 *
 * Two shops syncing at once in two processes: each reads the other's cursor before writing. The
 * workspace row is locked first (PostgreSQL; SQLite writes are serial), so the second waits until
 * the first has committed its cursor and reads it, instead of storing its own looser number.
 */
import type { Transaction } from 'kysely';
import { saveWeeklyQuota } from '../db/outreach.repository.ts';
import type { DB } from '../db/schema.ts';
import { engineOf } from '../db/dialect.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { WEEKLY_QUOTA_MAX } from '../../contract/limits.ts';
import type { OutreachQuota } from '../integrations/tiktok-shop/index.ts';
import { lockWorkspace } from './shop-deps.ts';

type Figure = { unlimited: true } | { unlimited: false; weekly: number };

/** A shop's figure as its kind's cursor keeps it. */
export const shopQuotaCursor = (q: OutreachQuota): string =>
  JSON.stringify(q.unlimited ? { unlimited: 1 } : { weekly: q.weekly });

/** A cursor read back; null for none or anything not written by shopQuotaCursor. */
function figureOf(cursor: string): Figure | null {
  try {
    const v = JSON.parse(cursor) as unknown;
    if (!v || typeof v !== 'object') return null;
    const o = v as Record<string, unknown>;
    if (o.unlimited === 1) return { unlimited: true };
    const w = o.weekly;
    return typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= WEEKLY_QUOTA_MAX
      ? { unlimited: false, weekly: w }
      : null;
  } catch {
    return null;
  }
}

/** The stored quota: the figure, how many shops' figures it combines, and the smallest one's shop. */
type Combined = { figure: Figure; shops: number; shopName: string };

/** Kept with the quota; TikTok's shop names are stored at this length too (kinds/shops.ts). */
const SHOP_NAME_MAX = 200;

/** This shop's figure with the last figures of the workspace's other active shops. */
async function combined(
  trx: Transaction<DB>,
  ws: number,
  connectionId: number,
  q: OutreachQuota,
): Promise<Combined> {
  const shops = await trx
    .selectFrom('shop_connections as c')
    .leftJoin('shop_sync_state as s', (j) =>
      j
        .onRef('s.connection_id', '=', 'c.id')
        .onRef('s.workspace_id', '=', 'c.workspace_id')
        .on('s.kind', '=', 'outreach_quota'),
    )
    .select(['c.id', 'c.shop_name', 's.cursor'])
    .where('c.workspace_id', '=', ws)
    .where((eb) => eb.or([eb('c.status', '=', 'active'), eb('c.id', '=', connectionId)]))
    .orderBy('c.id')
    .execute();
  const figures = shops
    .map((s) => ({
      name: s.shop_name,
      figure: Number(s.id) === connectionId ? (q as Figure) : figureOf(s.cursor ?? ''),
    }))
    .filter((f): f is { name: string; figure: Figure } => f.figure !== null);
  let least: { name: string; weekly: number } | undefined;
  for (const f of figures)
    if (!f.figure.unlimited && (!least || f.figure.weekly < least.weekly))
      least = { name: f.name, weekly: f.figure.weekly };
  return {
    figure: least ? { unlimited: false, weekly: least.weekly } : { unlimited: true },
    shops: figures.length,
    shopName: least ? least.name.slice(0, SHOP_NAME_MAX) : '',
  };
}

/**
 * Writes the workspace's quota from this shop's figure and the other shops' last ones, when it
 * differs from what the settings hold; true when it wrote.
 */
export async function writeShopQuota(
  trx: Transaction<DB>,
  ws: number,
  connectionId: number,
  fresh: OutreachQuota,
): Promise<boolean> {
  // Before the other shops' cursors are read: a shop writing at the same time has committed its own.
  await lockWorkspace(trx, engineOf(trx), ws);
  const { figure: q, shops, shopName } = await combined(trx, ws, connectionId, fresh);
  const want = {
    weekly_quota: q.unlimited ? -1 : q.weekly,
    quota_unlimited: q.unlimited ? 1 : 0,
    quota_shops: shops,
    quota_shop_name: shopName,
  };
  const row = await trx
    .selectFrom('workspace_settings')
    .select([
      'weekly_quota',
      'quota_unlimited',
      'quota_source',
      'quota_shops',
      'quota_shop_name',
      'deleted_at',
    ])
    .where('workspace_id', '=', ws)
    .executeTakeFirst();
  if (
    row &&
    row.deleted_at === null &&
    row.quota_source === 'shop' &&
    Number(row.weekly_quota) === want.weekly_quota &&
    Number(row.quota_unlimited) === want.quota_unlimited &&
    Number(row.quota_shops) === want.quota_shops &&
    row.quota_shop_name === want.quota_shop_name
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
