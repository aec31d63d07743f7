/**
 * `shops`: re-reads the shops the seller's authorisation covers (names, regions, ciphers change;
 * a seller adds or drops a shop). New shops are connected, known ones updated, and a shop the
 * authorisation no longer lists stops ('shop_removed').
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { ensureSyncStates } from '../../../db/shop.repository.ts';
import { getAuthorizedShops, type AuthorizedShop } from '../../../integrations/tiktok-shop/index.ts';
import { countryOfRegion } from '../../../services/shop-connect.service.ts';
import type { SyncContext, SyncKind } from '../types.ts';

async function applyShopList(
  trx: Transaction<DB>,
  ctx: SyncContext,
  shops: AuthorizedShop[],
  kindsFor: (country: string) => readonly string[],
): Promise<void> {
  const { workspaceId: ws, authorizationId } = ctx.shop;
  const t = ctx.now();
  const known = await trx
    .selectFrom('shop_connections')
    .select(['id', 'shop_id', 'status', 'authorization_id'])
    .where('workspace_id', '=', ws)
    .execute();
  const listed = new Set(shops.map((s) => s.shopId));
  for (const s of shops) {
    const fields = {
      shop_name: s.name.slice(0, 200),
      region: s.region.slice(0, 10),
      seller_type: s.sellerType.slice(0, 40),
      cipher: s.cipher,
      shop_code: s.code.slice(0, 100),
      country: countryOfRegion(s.region),
      updated_at: t,
    };
    const row = known.find((k) => k.shop_id === s.shopId);
    if (row && row.status === 'disconnected') continue; // the admin disconnected it: it stays so
    if (row && Number(row.authorization_id) !== authorizationId) continue; // another authorisation owns it
    if (row) {
      await trx.updateTable('shop_connections').set(fields).where('id', '=', row.id).execute();
      await ensureNewKinds(trx, Number(row.id), ws, kindsFor(fields.country), t);
      continue;
    }
    const added = await trx
      .insertInto('shop_connections')
      .values({
        ...fields,
        workspace_id: ws,
        shop_id: s.shopId,
        authorization_id: authorizationId,
        user_id: 0,
        created_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureSyncStates(trx, { id: Number(added.id), workspace_id: ws }, kindsFor(fields.country), t);
  }
  const gone = known
    .filter(
      (k) =>
        Number(k.authorization_id) === authorizationId && k.status === 'active' && !listed.has(k.shop_id),
    )
    .map((k) => Number(k.id));
  if (gone.length)
    await trx
      .updateTable('shop_connections')
      .set({
        status: 'stopped',
        stop_code: 'shop_removed',
        stop_detail: 'not in the authorized shop list',
        stopped_at: t,
        updated_at: t,
      })
      .where('id', 'in', gone)
      .execute();
}

/** State rows for kinds the shop gained (its region became one we serve), without touching existing rows. */
async function ensureNewKinds(
  trx: Transaction<DB>,
  id: number,
  ws: number,
  kinds: readonly string[],
  t: number,
) {
  if (kinds.length === 0) return;
  await trx
    .insertInto('shop_sync_state')
    .values(
      kinds.map((kind) => ({ workspace_id: ws, connection_id: id, kind, next_run_at: t, updated_at: t })),
    )
    .onConflict((oc) => oc.columns(['connection_id', 'kind']).doNothing())
    .execute();
}

export function shopsKind(kindsFor: (country: string) => readonly string[]): SyncKind {
  return {
    kind: 'shops',
    everySeconds: 6 * 3600,
    needsCountry: false,
    async run(ctx) {
      const { shops } = await getAuthorizedShops(ctx.api.client, '', ctx.signal);
      await ctx.commit({
        cursor: '',
        lines: shops.length,
        write: (trx) => applyShopList(trx, ctx, shops, kindsFor),
      });
    },
  };
}
