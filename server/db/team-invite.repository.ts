/**
 * Invite codes and the removal list of teams (migration 0016). A team is found by the SHA-256 of
 * its code, never by the code itself; a removal remembers the `invite_seq` it happened under.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';
import { now } from './versioning.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface InviteTeam {
  id: number;
  title: string;
  invite_code: string | null;
  invite_seq: number;
  admin_name: string;
}

/** The live team whose invite code hashes to `hash`, with its admin's name. */
export function findTeamByInviteHash(db: Db, hash: string): Promise<InviteTeam | undefined> {
  return db
    .selectFrom('teams')
    .innerJoin('users as admin', 'admin.id', 'teams.admin_user_id')
    .select([
      'teams.id',
      'teams.title',
      'teams.invite_code',
      'teams.invite_seq',
      'admin.member_name as admin_name',
    ])
    .where('teams.invite_hash', '=', hash)
    .where('teams.dismissed_at', 'is', null)
    .executeTakeFirst();
}

/** Replaces the team's code; the old one stops working at once. */
export async function setInvite(
  trx: Transaction<DB>,
  teamId: number,
  invite: { code: string; hash: string },
): Promise<void> {
  await trx
    .updateTable('teams')
    .set((eb) => ({
      invite_code: invite.code,
      invite_hash: invite.hash,
      invite_seq: eb('invite_seq', '+', 1),
    }))
    .where('id', '=', teamId)
    .execute();
}

export async function inviteSeqOf(db: Db, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select('invite_seq')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.invite_seq);
}

export async function inviteCodeOf(db: Db, teamId: number): Promise<string | null> {
  const row = await db.selectFrom('teams').select('invite_code').where('id', '=', teamId).executeTakeFirst();
  return row?.invite_code ?? null;
}

/** Remembers that the admin removed `userId` while the team's codes were at `inviteSeq`. */
export async function recordRemoval(
  trx: Transaction<DB>,
  teamId: number,
  userId: number,
  inviteSeq: number,
): Promise<void> {
  await trx
    .insertInto('team_removals')
    .values({ team_id: teamId, user_id: userId, invite_seq: inviteSeq, removed_at: now() })
    .onConflict((oc) =>
      oc.columns(['team_id', 'user_id']).doUpdateSet({ invite_seq: inviteSeq, removed_at: now() }),
    )
    .execute();
}

/** True when `userId` was removed from the team under the current codes (or later). */
export async function removedUnder(db: Db, teamId: number, userId: number, inviteSeq: number) {
  const row = await db
    .selectFrom('team_removals')
    .select('invite_seq')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('invite_seq', '>=', inviteSeq)
    .executeTakeFirst();
  return row !== undefined;
}
