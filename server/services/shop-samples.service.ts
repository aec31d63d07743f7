/**
 * Sample applications from the shop's API: each kept as last seen in `shop_samples` (kept after
 * it leaves TikTok's window), its creator added to the workspace when new (with the nickname
 * TikTok gives), and, when its status changed, its creator moved along the plans that carry its
 * product: requested → approved → shipped (→ content posted when TikTok says COMPLETED). Moves go
 * through advanceInPlans, so they only go forward, write history rows, stamp `sample_time` at
 * "shipped" and add the sample follow-ups, as a member's move would. A status seen again moves
 * nobody: a member who moved a creator back is not overruled by an unchanged application.
 */
import type { Transaction } from 'kysely';
import { HANDLE_PATTERN } from '../../contract/constants.ts';
import { chunks, ensureCreators } from '../db/creator.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { stageOfSample, type SampleApplication } from '../integrations/tiktok-shop/index.ts';
import { salesOfNewCreators } from './order-sums.ts';
import { advanceInPlans } from './plan-member.service.ts';

type Trx = Transaction<DB>;

const STAGE_ORDER = ['sample_requested', 'sample_approved', 'shipped', 'posted'] as const;

const rowOf = (s: SampleApplication, handle: string) => ({
  status: s.status,
  fulfillment_status: s.fulfillment_status,
  creator: handle,
  creator_user_id: s.creator.user_id,
  creator_nickname: s.creator.nickname,
  product_id: s.product.id,
  product_title: s.product.title,
  sku_id: s.product.sku_id,
  order_id: s.order_id,
  tracking_number: s.tracking_number,
  commission_rate: s.commission_rate,
  partner_name: s.partner_name,
  approve_expiration_time: s.approve_expiration_time,
  shipment_expiration_time: s.shipment_expiration_time,
  is_approvable: s.is_approvable ? 1 : 0,
  disapprovable_reasons: s.disapprovable_reasons.join(',').slice(0, 500),
});

/** Writes one page of applications; answers how many were new or changed. */
export async function writeShopSamples(
  trx: Trx,
  ws: number,
  connectionId: number,
  country: string,
  items: readonly SampleApplication[],
): Promise<number> {
  if (!items.length) return 0;
  const t = now();
  const stored = new Map<string, Record<string, unknown> & { id: number; status: string }>();
  for (const part of chunks(items.map((s) => s.id)))
    for (const r of await trx
      .selectFrom('shop_samples')
      .selectAll()
      .where('workspace_id', '=', ws)
      .where('application_id', 'in', part)
      .execute())
      stored.set(r.application_id, { ...r, id: Number(r.id) });
  const handleOf = (s: SampleApplication) => s.creator.username.replace(/^@+/, '');
  const changed = items.filter((s) => {
    const had = stored.get(s.id);
    const row = rowOf(s, handleOf(s));
    return (
      !had ||
      Object.entries(row).some(([k, v]) => (typeof v === 'number' ? Number(had[k]) !== v : had[k] !== v))
    );
  });
  if (!changed.length) return 0;
  // Only now the workspace's version: an unchanged page bumps none (every bump wakes its devices).
  const version = await nextVersion(trx, ws);

  // A handle that is not a TikTok handle is kept on the application, never made a creator.
  const handles = [...new Set(changed.map(handleOf).filter((h) => HANDLE_PATTERN.test(h)))];
  const { creators, fresh } = await ensureCreators(trx, ws, country, handles, version);
  for (const s of changed) {
    const c = creators.get(handleOf(s));
    if (c && fresh.includes(c.unique_id) && s.creator.nickname && !c.nick_name)
      await trx
        .updateTable('creators')
        .set({ nick_name: s.creator.nickname })
        .where('workspace_id', '=', ws)
        .where('id', '=', c.id)
        .execute();
  }
  await salesOfNewCreators(trx, ws, country, fresh);

  const moves = new Map<(typeof STAGE_ORDER)[number], { creatorId: number; productIds: string[] }[]>();
  for (const s of changed) {
    const had = stored.get(s.id);
    const creatorId = Number(creators.get(handleOf(s))?.id ?? 0);
    const row = { ...rowOf(s, handleOf(s)), creator_id: creatorId, update_time: t };
    const statusMoved = !had || had.status !== s.status;
    if (had)
      await trx
        .updateTable('shop_samples')
        .set({ ...row, connection_id: connectionId, ...(statusMoved ? { status_time: t } : {}) })
        .where('workspace_id', '=', ws)
        .where('id', '=', had.id)
        .execute();
    else
      await trx
        .insertInto('shop_samples')
        .values({
          ...row,
          workspace_id: ws,
          connection_id: connectionId,
          application_id: s.id,
          status_time: t,
          add_time: t,
        })
        .execute();
    const stage = stageOfSample(s.status);
    if (statusMoved && stage && creatorId)
      moves.set(stage, [...(moves.get(stage) ?? []), { creatorId, productIds: [s.product.id] }]);
  }
  for (const stage of STAGE_ORDER) {
    const list = moves.get(stage);
    if (list) await advanceInPlans(trx, ws, undefined, stage, list);
  }
  return changed.length;
}
