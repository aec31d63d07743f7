/**
 * Target collaborations made from a plan (docs/decisions/shop-connection.md, "Target collaborations
 * from a plan"); server only:
 *
 * - `shop_target_requests`: one row per member request, claimed before TikTok is called. The
 *   unique (workspace, request_key) makes a double submit of one dialog one request; `status` is
 *   'running' until the outcome (`result`, JSON of the answer) is stored as 'done'. Who asked, when
 *   and what (`request`, JSON) is the request's log.
 * - `shop_target_collaborations`: each collaboration TikTok created, with the plan, the creators
 *   invited in it (our ids) and the products, so an invitation can be traced to TikTok's id.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf, withId } from '../dialect.ts';
import { num, str } from '../migration-columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let r = withId(db.schema.createTable('shop_target_requests'), engineOf(db));
  r = num(r, 'workspace_id', 'connection_id', 'plan_id', 'user_id', 'created_at', 'updated_at');
  await str(r, 'user_name', 'request_key', 'status', 'request', 'result').execute();
  await sql`create unique index shop_target_requests_key on shop_target_requests (workspace_id, request_key)`.execute(
    db,
  );
  await sql`create index shop_target_requests_plan on shop_target_requests (workspace_id, plan_id, status)`.execute(
    db,
  );

  let c = withId(db.schema.createTable('shop_target_collaborations'), engineOf(db));
  c = num(c, 'workspace_id', 'request_id', 'connection_id', 'plan_id', 'part', 'created_at');
  await str(c, 'collaboration_id', 'creator_ids', 'product_ids').execute();
  await sql`create index shop_target_collaborations_plan on shop_target_collaborations (workspace_id, plan_id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
