/**
 * One process syncs a shop at a time: a lease on the shop's row (owner and heartbeat time), taken
 * by one statement that picks an active shop with a due kind this process knows. On PostgreSQL the
 * pick is FOR UPDATE SKIP LOCKED, so two processes never take the same shop; SQLite has one writer.
 * A lease whose heartbeat is older than LEASE_SECONDS belongs to a process that died: it is taken over.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Engine } from '../../db/dialect.ts';
import type { ConnectionRow } from '../../db/shop.repository.ts';
import type { Db } from '../../services/shop-deps.ts';
import { LEASE_SECONDS } from '../../services/shop-status.service.ts';

export { LEASE_SECONDS };

export async function claimShop(
  db: Kysely<DB>,
  engine: Engine,
  runner: string,
  kinds: readonly string[],
  t: number,
  exclude: readonly number[] = [],
): Promise<ConnectionRow | undefined> {
  if (kinds.length === 0) return undefined;
  const lock = engine === 'postgres' ? sql`for update of c skip locked` : sql``;
  const kindList = sql.join(kinds.map((k) => sql`${k}`));
  const skip = exclude.length ? sql`and c.id not in (${sql.join(exclude.map((id) => sql`${id}`))})` : sql``;
  const res = await sql<ConnectionRow>`
    update shop_connections set lease_owner = ${runner}, lease_at = ${t}
    where id = (
      select c.id from shop_connections c
      where c.status = 'active' and (c.lease_owner is null or c.lease_at < ${t - LEASE_SECONDS}) ${skip}
        and exists (
          select 1 from shop_sync_state s
          where s.connection_id = c.id and s.next_run_at <= ${t} and s.kind in (${kindList})
        )
      order by c.id limit 1 ${lock}
    )
    returning *`.execute(db);
  return res.rows[0];
}

/** Renews the lease; false when the shop is no longer ours (disconnected, stopped, taken over). */
export async function heartbeat(db: Db, id: number, runner: string, t: number): Promise<boolean> {
  const res = await db
    .updateTable('shop_connections')
    .set({ lease_at: t })
    .where('id', '=', id)
    .where('lease_owner', '=', runner)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function release(db: Db, id: number, runner: string): Promise<void> {
  await db
    .updateTable('shop_connections')
    .set({ lease_owner: null, lease_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', runner)
    .execute();
}
