/**
 * Imports that can be undone, lines that can be deleted, and samples that were really sent
 * (docs/decisions/plans.md, "Sales come from Seller Center's own downloads").
 *
 * - `order_imports` (mirrored): one row per import of a file (its parts share the client's `ref`):
 *   who, when, which file and country, what it wrote; `undo_time` once undone.
 * - `orders.import_id`: the import that wrote the line (0: a sale entered by hand, or a line
 *   imported before this migration). `prev` keeps the line as it was before this import replaced
 *   it (JSON, '' when the line was new) and `prev_import_id` the import that had written that copy,
 *   so undoing an import puts back what it replaced, one step.
 * - `plan_creators.sample_time`: when the creator's samples were recorded as sent (moved to
 *   "shipped"); 0 when no sample was recorded. Only these creators cost the plan its sample cost: a
 *   creator an imported sale moved to "selling" was never sent one. Backfilled from the stage itself
 *   and the creators' history rows (`shipped:<plan name>`), and stamped with a new version so every
 *   device mirrors the value.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str, synced } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await num(
    str(
      synced(withId(db.schema.createTable('order_imports'), engineOf(db))),
      'ref',
      'file_name',
      'country',
      'layout',
      'user_name',
      'undo_user_name',
    ),
    'lines',
    'added',
    'updated',
    'refused',
    'user_id',
    'undo_user_id',
    'add_time',
    'update_time',
    'undo_time',
  ).execute();
  await sql`create index order_imports_sync on order_imports (workspace_id, version)`.execute(db);
  await sql`create unique index order_imports_ref on order_imports (workspace_id, ref)`.execute(db);

  for (const col of ['import_id', 'prev_import_id'])
    await db.schema
      .alterTable('orders')
      .addColumn(col, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('prev', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`create index orders_import on orders (workspace_id, import_id)`.execute(db);
  await sql`create index orders_prev_import on orders (workspace_id, prev_import_id)`.execute(db);

  await db.schema
    .alterTable('plan_creators')
    .addColumn('sample_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Samples were sent to a creator at "shipped", and to one further on (or out of the path) whose
  // history says they were moved to "shipped" in this plan.
  const shippedEvent = sql`(select max(e.add_time) from creator_events e, plans p
    where e.workspace_id = plan_creators.workspace_id and e.creator_id = plan_creators.creator_id
      and e.kind = 'stage' and p.id = plan_creators.plan_id and e.detail = 'shipped:' || p.name)`;
  const needs = sql`plan_creators.deleted_at is null and (plan_creators.stage = 'shipped' or (plan_creators.stage in
    ('posted', 'selling', 'declined', 'no_reply', 'dropped') and ${shippedEvent} is not null))`;
  await sql`update workspaces set version_seq = version_seq + 1
    where id in (select workspace_id from plan_creators where ${needs})`.execute(db);
  await sql`update plan_creators set
      sample_time = case when stage = 'shipped' then stage_time else ${shippedEvent} end,
      version = (select version_seq from workspaces w where w.id = plan_creators.workspace_id)
    where ${needs}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
