/**
 * Teams, memberships and the workspace moves they cause. A user is in at most one live team
 * (team_members has a unique index on user_id); leaving deletes the membership row.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';
import { now } from './versioning.ts';

type Db = Kysely<DB> | Transaction<DB>;

export interface TeamRow {
  id: number;
  workspace_id: number;
  title: string;
  admin_user_id: number;
  created_at: number;
  /** The generation of the team's invite code (team_removals refer to it). */
  invite_seq: number;
}

export interface Membership extends TeamRow {
  is_admin: number;
  admin_name: string;
  invite_code: string | null;
}

const teamColumns = [
  'teams.id',
  'teams.workspace_id',
  'teams.title',
  'teams.admin_user_id',
  'teams.created_at',
  'teams.invite_seq',
] as const;

/** The user's live team with their role and the admin's name, or undefined. */
export function findMembership(db: Db, userId: number): Promise<Membership | undefined> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .innerJoin('users as admin', 'admin.id', 'teams.admin_user_id')
    .select([...teamColumns, 'team_members.is_admin', 'admin.member_name as admin_name', 'teams.invite_code'])
    .where('team_members.user_id', '=', userId)
    .where('teams.dismissed_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Locks a live team row for the rest of the transaction (a no-op UPDATE: PostgreSQL holds the row
 * lock until commit and re-checks `dismissed_at` after waiting; SQLite serialises writers). Every
 * team mutation takes it first, so a join cannot slip into a team being dismissed and two admins
 * cannot act on stale roles.
 */
export async function lockTeam(trx: Transaction<DB>, teamId: number): Promise<TeamRow | undefined> {
  return trx
    .updateTable('teams')
    .set((eb) => ({ title: eb.ref('title') }))
    .where('id', '=', teamId)
    .where('dismissed_at', 'is', null)
    .returning(['id', 'workspace_id', 'title', 'admin_user_id', 'created_at', 'invite_seq'])
    .executeTakeFirst();
}

export async function insertTeam(
  trx: Transaction<DB>,
  t: { workspaceId: number; title: string; adminUserId: number; invite: { code: string; hash: string } },
): Promise<number> {
  const time = now();
  const row = await trx
    .insertInto('teams')
    .values({
      workspace_id: t.workspaceId,
      title: t.title,
      admin_user_id: t.adminUserId,
      created_at: time,
      dismissed_at: null,
      invite_code: t.invite.code,
      invite_hash: t.invite.hash,
      invite_seq: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertMember(trx, row.id, t.adminUserId, 1);
  await trx.updateTable('workspaces').set({ kind: 'team' }).where('id', '=', t.workspaceId).execute();
  return row.id;
}

export async function insertMember(trx: Transaction<DB>, teamId: number, userId: number, isAdmin: 0 | 1) {
  await trx
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, is_admin: isAdmin, add_time: now() })
    .execute();
}

export async function deleteMember(trx: Transaction<DB>, teamId: number, userId: number): Promise<void> {
  await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
}

export function findMember(db: Db, teamId: number, userId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['team_members.user_id', 'team_members.is_admin', 'users.personal_workspace_id'])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
}

export function allMembers(db: Db, teamId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['team_members.user_id', 'users.personal_workspace_id'])
    .where('team_members.team_id', '=', teamId)
    .execute();
}

/** One page of members, the admin first, then by joining time. */
export async function pageMembers(db: Db, teamId: number, page: number, limit: number) {
  const list = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select([
      'team_members.user_id',
      'users.member_name',
      'team_members.is_admin',
      'users.login_time',
      'team_members.add_time',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.is_admin', 'desc')
    .orderBy('team_members.add_time', 'asc')
    .orderBy('team_members.user_id', 'asc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return { list, count: Number(total.n) };
}

export async function renameTeam(trx: Transaction<DB>, teamId: number, title: string): Promise<void> {
  await trx.updateTable('teams').set({ title }).where('id', '=', teamId).execute();
}

export async function setAdmin(
  trx: Transaction<DB>,
  teamId: number,
  from: number,
  to: number,
): Promise<void> {
  await trx
    .updateTable('team_members')
    .set({ is_admin: 0 })
    .where('team_id', '=', teamId)
    .where('user_id', '=', from)
    .execute();
  await trx
    .updateTable('team_members')
    .set({ is_admin: 1 })
    .where('team_id', '=', teamId)
    .where('user_id', '=', to)
    .execute();
  await trx.updateTable('teams').set({ admin_user_id: to }).where('id', '=', teamId).execute();
}

/** Marks the team dismissed, drops every membership and gives the workspace back to its owner. */
export async function dismissTeam(trx: Transaction<DB>, team: TeamRow): Promise<void> {
  await trx.deleteFrom('team_members').where('team_id', '=', team.id).execute();
  await trx.updateTable('teams').set({ dismissed_at: now() }).where('id', '=', team.id).execute();
  await trx.updateTable('workspaces').set({ kind: 'personal' }).where('id', '=', team.workspace_id).execute();
}

/** The user the workspace belongs to (the team's data goes with them at dismissal). */
export async function ownerOf(db: Db, workspaceId: number): Promise<number | null> {
  const row = await db
    .selectFrom('workspaces')
    .select('owner_user_id')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.owner_user_id === null || row === undefined ? null : Number(row.owner_user_id);
}

export async function setOwner(trx: Transaction<DB>, workspaceId: number, userId: number): Promise<void> {
  await trx.updateTable('workspaces').set({ owner_user_id: userId }).where('id', '=', workspaceId).execute();
}

/** Makes `workspaceId` the one the user goes back to when they leave a team. */
export async function setPersonal(trx: Transaction<DB>, userId: number, workspaceId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set({ personal_workspace_id: workspaceId })
    .where('id', '=', userId)
    .execute();
}

/** A new, empty personal workspace for a user whose old one stays with a team. */
export async function newPersonalWorkspace(trx: Transaction<DB>, userId: number): Promise<number> {
  const ws = await trx
    .insertInto('workspaces')
    .values({
      kind: 'personal',
      owner_user_id: userId,
      version_seq: 0,
      amateur_threshold: 10000,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ personal_workspace_id: ws.id }).where('id', '=', userId).execute();
  return ws.id;
}

/**
 * Moves a user to another workspace. Their live sessions are revoked with reason 'workspace'
 * (next call: 10010), except `keepSessionId`, the caller's own session, which follows the user so
 * the person who clicked keeps working.
 */
export async function moveUser(
  trx: Transaction<DB>,
  userId: number,
  workspaceId: number,
  keepSessionId?: number,
): Promise<void> {
  await trx.updateTable('users').set({ workspace_id: workspaceId }).where('id', '=', userId).execute();
  let revoke = trx
    .updateTable('sessions')
    .set({ revoked_at: now(), revoked_reason: 'workspace' })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('workspace_id', '<>', workspaceId);
  if (keepSessionId !== undefined) revoke = revoke.where('id', '<>', keepSessionId);
  await revoke.execute();
  if (keepSessionId !== undefined) {
    await trx
      .updateTable('sessions')
      .set({ workspace_id: workspaceId })
      .where('id', '=', keepSessionId)
      .where('user_id', '=', userId)
      .execute();
  }
}
