/**
 * A creator's order lines by time: the sums of a creator's sales are recomputed for the weeks a
 * write touched (server/services/order-sums.ts), which the shop sync's batches keep to a few
 * weeks. The index that ended at the handle becomes one that goes on with the create time, so a
 * week of a creator is a range of the index, not every line the creator ever had.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index orders_creator`.execute(db);
  await sql`create index orders_creator on orders (workspace_id, country, creator, created_time)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
