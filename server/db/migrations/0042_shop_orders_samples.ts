/**
 * What the TikTok Shop sync brings in (docs/decisions/shop-connection.md, "Orders and samples from
 * the API"):
 *
 * - `orders.source`: 'api' for a line the Partner API wrote first ('' for a file or a sale entered
 *   by hand). The API's order lines carry no SKU id, so an API line is stored with an empty one
 *   until a file names it; a line of the file and of the API are one line by order, product and
 *   content. The line index therefore also holds the product: two products of one order sold
 *   through the same video are two lines even without their SKU ids. A file line has one product
 *   per SKU, so the index means for files what it meant before.
 * - `shop_samples`: the shop's sample applications as last seen (server only): status, creator,
 *   product, deadlines, fulfilment, the sample order and its tracking number. Kept when they leave
 *   TikTok's rolling window.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`drop index orders_line`.execute(db);
  await sql`create unique index orders_line on orders (workspace_id, layout, order_id, sku_id, content_id, product_id)`.execute(
    db,
  );

  let t = withId(db.schema.createTable('shop_samples'), engineOf(db));
  t = num(t, 'workspace_id', 'connection_id', 'creator_id');
  t = str(
    t,
    'application_id',
    'status',
    'fulfillment_status',
    'creator',
    'creator_user_id',
    'creator_nickname',
    'product_id',
    'product_title',
    'sku_id',
    'order_id',
    'tracking_number',
    'commission_rate',
    'partner_name',
  );
  await num(
    t,
    'approve_expiration_time',
    'shipment_expiration_time',
    'status_time',
    'add_time',
    'update_time',
  ).execute();
  await sql`create unique index shop_samples_application on shop_samples (workspace_id, application_id)`.execute(
    db,
  );
  await sql`create index shop_samples_creator on shop_samples (workspace_id, creator_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
