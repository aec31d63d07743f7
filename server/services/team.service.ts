/**
 * Team use cases (decisions D5). The rules that are not obvious:
 * - A team's workspace is its creator's personal workspace, so the creator's data stays.
 * - Leaving a team (removal, dismissal) sends a user back to users.personal_workspace_id; their
 *   sessions then answer 10010. The creator therefore keeps the workspace after dismissal. A
 *   creator removed after handing over admin gets a new empty personal workspace: the old one
 *   stays the team's.
 * - The caller's own session always follows a workspace change it causes, so the person who
 *   clicked (joiner, dismissing admin) keeps working.
 */
import type { Kysely, Transaction } from 'kysely';
import type { InviteInfo, TeamDetail, TeamMember, TeamSummary } from '../../contract/schemas/team.ts';
import type { AuthContext } from '../http/auth.ts';
import { AppError, conflict, forbidden } from '../http/errors.ts';
import type { DB } from '../db/schema.ts';
import * as repo from '../db/team.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

const teamNotFound = () => new AppError(40004, 'team_not_found');
const memberNotFound = () => new AppError(40004, 'team_member_not_found');

function detailOf(m: repo.Membership): TeamDetail {
  return {
    team_id: m.id,
    team_title: m.title,
    member_name: m.admin_name,
    add_time: m.created_at,
    is_admin: m.is_admin > 0 ? 1 : 0,
  };
}

async function detailFor(db: Db, userId: number): Promise<TeamDetail> {
  const m = await repo.findMembership(db, userId);
  if (!m) throw teamNotFound();
  return detailOf(m);
}

export async function teamInfo(db: Db, auth: AuthContext): Promise<TeamDetail | null> {
  const m = await repo.findMembership(db, auth.user.id);
  return m ? detailOf(m) : null;
}

export async function teamSummary(db: Db, auth: AuthContext): Promise<TeamSummary | null> {
  const m = await repo.findMembership(db, auth.user.id);
  return m ? { team_id: m.id, team_title: m.title, is_admin: m.is_admin > 0 ? 1 : 0 } : null;
}

/** Locks the caller's team and checks they are its admin. */
async function lockAsAdmin(trx: Transaction<DB>, auth: AuthContext): Promise<repo.TeamRow> {
  const m = await repo.findMembership(trx, auth.user.id);
  if (!m) throw new AppError(40004, 'team_not_joined');
  const team = await repo.lockTeam(trx, m.id);
  if (!team) throw new AppError(40004, 'team_not_joined');
  if (team.admin_user_id !== auth.user.id) throw forbidden('team_admin_only');
  return team;
}

/** Inserting a second membership races into the unique index: answer 40009, not 500. */
async function asConflict<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as Error).message))) throw conflict('team_already_joined');
    throw err;
  }
}

export async function createTeam(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { title: string },
): Promise<TeamDetail> {
  if (await repo.findMembership(trx, auth.user.id)) throw conflict('team_already_joined');
  const user = await trx
    .selectFrom('users')
    .select(['personal_workspace_id', 'workspace_id'])
    .where('id', '=', auth.user.id)
    .executeTakeFirstOrThrow();
  const workspaceId = user.personal_workspace_id;
  await asConflict(() =>
    repo.insertTeam(trx, { workspaceId, title: input.title, adminUserId: auth.user.id }),
  );
  // Without a team the user works in their personal workspace already; this only repairs drift.
  if (user.workspace_id !== workspaceId) await repo.moveUser(trx, auth.user.id, workspaceId, auth.session.id);
  return detailFor(trx, auth.user.id);
}

export async function editTeam(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { title: string },
): Promise<TeamDetail> {
  const team = await lockAsAdmin(trx, auth);
  await repo.renameTeam(trx, team.id, input.title);
  return detailFor(trx, auth.user.id);
}

export async function dismissTeam(trx: Transaction<DB>, auth: AuthContext): Promise<null> {
  const team = await lockAsAdmin(trx, auth);
  const members = await repo.allMembers(trx, team.id);
  await repo.dismissTeam(trx, team);
  for (const m of members) {
    const keep = m.user_id === auth.user.id ? auth.session.id : undefined;
    await repo.moveUser(trx, m.user_id, m.personal_workspace_id, keep);
  }
  return null;
}

export async function listMembers(
  db: Db,
  auth: AuthContext,
  input: { page: number; limit: number },
): Promise<{ list: TeamMember[]; count: number; limit: number; page: number }> {
  const m = await repo.findMembership(db, auth.user.id);
  if (!m) throw new AppError(40004, 'team_not_joined');
  if (m.admin_user_id !== auth.user.id) throw forbidden('team_admin_only');
  const { list, count } = await repo.pageMembers(db, m.id, input.page, input.limit);
  return { list, count, limit: input.limit, page: input.page };
}

export async function joinTeam(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { teamId: number },
): Promise<TeamDetail> {
  if (await repo.findMembership(trx, auth.user.id)) throw conflict('team_already_joined');
  const team = await repo.lockTeam(trx, input.teamId);
  if (!team) throw teamNotFound();
  await asConflict(() => repo.insertMember(trx, team.id, auth.user.id, 0));
  await repo.moveUser(trx, auth.user.id, team.workspace_id, auth.session.id);
  return detailFor(trx, auth.user.id);
}

export async function removeMember(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { userId: number },
): Promise<null> {
  const team = await lockAsAdmin(trx, auth);
  const member = await repo.findMember(trx, team.id, input.userId);
  if (!member) throw memberNotFound();
  if (member.is_admin > 0 || member.user_id === team.admin_user_id)
    throw forbidden('team_admin_cannot_be_removed');
  await repo.deleteMember(trx, team.id, member.user_id);
  const home =
    member.personal_workspace_id === team.workspace_id
      ? await repo.newPersonalWorkspace(trx, member.user_id)
      : member.personal_workspace_id;
  await repo.moveUser(trx, member.user_id, home);
  return null;
}

export async function transferAdmin(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { userId: number },
): Promise<TeamDetail> {
  const team = await lockAsAdmin(trx, auth);
  const member = await repo.findMember(trx, team.id, input.userId);
  if (!member) throw memberNotFound();
  if (member.is_admin > 0 || member.user_id === team.admin_user_id) {
    throw new AppError(40001, 'team_transfer_to_member', { field: 'userId' });
  }
  await repo.setAdmin(trx, team.id, auth.user.id, member.user_id);
  return detailFor(trx, auth.user.id);
}

/** Invite links are shared freely: any signed-in user may see the team name and admin (D5). */
export async function inviteInfo(
  db: Db,
  auth: AuthContext,
  input: { teamId: number },
): Promise<InviteInfo | null> {
  const team = await repo.findTeam(db, input.teamId);
  if (!team) return null;
  const own = await repo.findMembership(db, auth.user.id);
  return { team_title: team.title, member_name: team.admin_name, ...(own ? { team_id: own.id } : {}) };
}
