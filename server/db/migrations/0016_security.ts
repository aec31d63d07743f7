/**
 * Security fixes (docs/security.md, "Findings of the first security review"):
 * - teams get a secret invite code (`invite_code`, shown to the admin; `invite_hash`, its SHA-256,
 *   is what joins look up) and `invite_seq`, bumped on every reset. Existing teams get a code here,
 *   so old numeric links (/invite/3) stop working.
 * - `team_removals` remembers who an admin removed and under which `invite_seq`: a removed member
 *   cannot rejoin with a code issued before the removal, while other people's links keep working.
 * - `idempotency_keys.fingerprint` (method, path, body hash) so a key reused for another request is
 *   refused instead of replaying the first answer; `created_at` is indexed for the 30-day pruning.
 * The code generator is written out here (not imported) so this migration never changes.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('teams').addColumn('invite_code', 'text').execute();
  await db.schema.alterTable('teams').addColumn('invite_hash', 'text').execute();
  await db.schema
    .alterTable('teams')
    .addColumn('invite_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  const teams = await db.selectFrom('teams').select('id').execute();
  for (const t of teams) {
    const code = crypto.randomBytes(18).toString('base64url');
    const hash = crypto.createHash('sha256').update(code).digest('hex');
    await db
      .updateTable('teams')
      .set({ invite_code: code, invite_hash: hash, invite_seq: 1 })
      .where('id', '=', t.id)
      .execute();
  }
  await sql`create unique index teams_invite_hash on teams (invite_hash) where invite_hash is not null`.execute(
    db,
  );

  await db.schema
    .createTable('team_removals')
    .addColumn('team_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('invite_seq', 'bigint', (c) => c.notNull())
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_removals_pk', ['team_id', 'user_id'])
    .execute();

  await db.schema.alterTable('idempotency_keys').addColumn('fingerprint', 'text').execute();
  await sql`create index idempotency_keys_created on idempotency_keys (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
