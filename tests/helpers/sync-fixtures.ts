/**
 * Test fixtures for sync: a signed-in account without the account endpoints (a session row
 * written directly), and synced rows stamped the way services stamp them.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAccount } from '../../server/db/account.repository.ts';
import type { DB } from '../../server/db/schema.ts';
import { nextVersion, now } from '../../server/db/versioning.ts';
import { hashToken } from '../../server/services/session.service.ts';

let seq = 0;

export async function signInDirect(
  db: Kysely<DB>,
): Promise<{ token: string; userId: number; workspaceId: number }> {
  const user = await createAccount(db, {
    phone: `137${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`,
    member_name: 'Sync tester',
    password_hash: 'x',
    region: 'en-us',
  });
  const token = crypto.randomBytes(24).toString('hex');
  const t = now();
  await db
    .insertInto('sessions')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      workspace_id: user.workspace_id,
      created_at: t,
      expires_at: t + 3600,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return { token, userId: user.id, workspaceId: user.workspace_id };
}

/** Inserts `n` creators in one transaction: one version for all of them. Returns their ids. */
export async function addCreators(
  db: Kysely<DB>,
  workspaceId: number,
  n: number,
  opts: { country?: string; prefix?: string } = {},
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, workspaceId);
    const t = now();
    const ids: number[] = [];
    const prefix = opts.prefix ?? `c${++seq}_`;
    for (let i = 0; i < n; i += 500) {
      const chunk = Array.from({ length: Math.min(500, n - i) }, (_, j) => ({
        workspace_id: workspaceId,
        version,
        deleted_at: null,
        country: opts.country ?? 'US',
        unique_id: `${prefix}${i + j}`,
        daren_name: `Name ${i + j}`,
        follower_count: i + j,
        add_time: t,
        update_time: t,
      }));
      // Columns not listed take their defaults.
      const rows = await trx
        .insertInto('creators')
        .values(chunk as never)
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => Number(r.id)));
    }
    return ids;
  });
}

export async function addTag(db: Kysely<DB>, workspaceId: number, title: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, workspaceId);
    const row = await trx
      .insertInto('tags')
      .values({
        workspace_id: workspaceId,
        version,
        deleted_at: null,
        country: 'US',
        title,
        add_time: now(),
        update_time: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Links tags to creators and bumps those creators' versions, as the tag service must. */
export async function tagCreators(db: Kysely<DB>, workspaceId: number, creatorIds: number[], tagId: number) {
  await db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, workspaceId);
    await trx
      .insertInto('creator_tags')
      .values(creatorIds.map((creator_id) => ({ workspace_id: workspaceId, creator_id, tag_id: tagId })))
      .execute();
    await trx
      .updateTable('creators')
      .set({ version, update_time: now() })
      .where('id', 'in', creatorIds)
      .execute();
  });
}

export async function softDelete(
  db: Kysely<DB>,
  workspaceId: number,
  table: 'creators' | 'tags',
  ids: number[],
) {
  await db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, workspaceId);
    await trx.updateTable(table).set({ version, deleted_at: now() }).where('id', 'in', ids).execute();
  });
}
