/**
 * Sales from Seller Center's order downloads. `orders` keeps every imported line for the
 * server (not mirrored): one per (layout, order, SKU, content), replaced when a later download of the
 * same line arrives (a Pending line becomes Settled, a refund shows up). `creator_sales` is what the
 * app mirrors and sums: per creator and TikTok product, the counted sales (GMV, orders, units,
 * commission), recomputed from `orders` whenever an import touches the creator.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { dbl, num, str, synced } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const e = engineOf(db);
  await dbl(
    num(
      str(
        withId(db.schema.createTable('orders'), e).addColumn('workspace_id', 'bigint', (c) => c.notNull()),
        'layout',
        'order_id',
        'sku_id',
        'content_id',
        'product_id',
        'creator',
        'country',
        'currency',
        'status',
      ),
      'quantity',
      'void',
      'created_time',
      'add_time',
      'update_time',
    ),
    'gmv',
    'commission',
  ).execute();
  await sql`create unique index orders_line on orders (workspace_id, layout, order_id, sku_id, content_id)`.execute(
    db,
  );
  await sql`create index orders_creator on orders (workspace_id, country, creator)`.execute(db);
  await sql`create index orders_order on orders (workspace_id, order_id, sku_id)`.execute(db);

  await dbl(
    num(
      str(synced(withId(db.schema.createTable('creator_sales'), e)), 'product_id', 'currency'),
      'creator_id',
      'orders',
      'units',
      'last_time',
      'update_time',
    ),
    'gmv',
    'commission',
  ).execute();
  await sql`create index creator_sales_sync on creator_sales (workspace_id, version)`.execute(db);
  await sql`create unique index creator_sales_key on creator_sales (workspace_id, creator_id, product_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
