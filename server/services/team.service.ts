/**
 * Team use cases. The rules that are not obvious:
 * - A team's workspace is its creator's personal workspace, so the creator's data stays; the
 *   workspace's owner (workspaces.owner_user_id) is whoever gets it back at dismissal.
 * - Leaving a team (leave, removal, dismissal) sends a user back to users.personal_workspace_id;
 *   their sessions then answer 10010. A creator who leaves or is removed after handing over admin
 *   gets a new empty personal workspace (the old one stays the team's) and the team's admin becomes
 *   the workspace's owner, so no lifecycle path leaves the team's data without an owner (a security finding;
 *   property test tests/isolation/team-lifecycle.test.ts).
 * - The caller's own session always follows a workspace change it causes, so the person who
 *   clicked (joiner, leaver, dismissing admin) keeps working.
 * - Joining takes the team's secret invite code (team-invite.service.ts), never its id. Removing a
 *   member issues a new code: the one they kept (and could use from a new account) stops working.
 * - A new code moves the team workspace's version, so the admin's other open screens hear of it
 *   through the live stream (the /team screen reads the team again after a pull).
 */
import type { Kysely, Transaction } from 'kysely';
import type { TeamDetail, TeamMember, TeamSummary } from '../../contract/schemas/team.ts';
import type { AuthContext } from './session.service.ts';
import { AppError, conflict, forbidden } from '../domain/errors.ts';
import type { DB } from '../db/schema.ts';
import * as repo from '../db/team.repository.ts';
import { recordRemoval } from '../db/team-invite.repository.ts';
import { nextVersion } from '../db/versioning.ts';
import { newInviteCode, resetInvite, teamForCode } from './team-invite.service.ts';

type Db = Kysely<DB> | Transaction<DB>;

const teamNotFound = () => new AppError(40004, 'team_not_found');
const memberNotFound = () => new AppError(40004, 'team_member_not_found');

/** The invite code goes to the admin only. */
function detailOf(m: repo.Membership): TeamDetail {
  const admin = m.is_admin > 0;
  return {
    team_id: m.id,
    team_title: m.title,
    member_name: m.admin_name,
    add_time: m.created_at,
    is_admin: admin ? 1 : 0,
    ...(admin && m.invite_code ? { invite_code: m.invite_code } : {}),
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
    repo.insertTeam(trx, {
      workspaceId,
      title: input.title,
      adminUserId: auth.user.id,
      invite: newInviteCode(),
    }),
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

/**
 * Everyone goes back to their personal workspace, except the workspace's owner, who keeps the
 * team's data: the creator, or (once the creator has left) the admin who took the team over. An
 * owner whose personal workspace is another one keeps the team's as their personal workspace from
 * now on; the other stays theirs (workspaces.owner_user_id) but is no longer opened (docs/decisions/teams.md).
 */
export async function dismissTeam(trx: Transaction<DB>, auth: AuthContext): Promise<null> {
  const team = await lockAsAdmin(trx, auth);
  const members = await repo.allMembers(trx, team.id);
  const owner = await repo.ownerOf(trx, team.workspace_id);
  // A team from before 0016 may name a creator who was removed: the dismissing admin keeps it then.
  const keeper = members.some((m) => m.user_id === owner) ? owner! : auth.user.id;
  await repo.dismissTeam(trx, team);
  await repo.setOwner(trx, team.workspace_id, keeper);
  for (const m of members) {
    let home = m.personal_workspace_id;
    if (m.user_id === keeper) home = team.workspace_id;
    else if (home === team.workspace_id) home = await repo.newPersonalWorkspace(trx, m.user_id);
    if (home !== m.personal_workspace_id) await repo.setPersonal(trx, m.user_id, home);
    const keep = m.user_id === auth.user.id ? auth.session.id : undefined;
    await repo.moveUser(trx, m.user_id, home, keep);
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

/** Joins the team whose invite code is `teamId` (the spec's field name; it carries the code). */
export async function joinTeam(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { teamId: string },
): Promise<TeamDetail> {
  if (await repo.findMembership(trx, auth.user.id)) throw conflict('team_already_joined');
  const invited = await teamForCode(trx, auth.user.id, input.teamId);
  const team = await repo.lockTeam(trx, invited.id);
  if (!team) throw teamNotFound();
  await asConflict(() => repo.insertMember(trx, team.id, auth.user.id, 0));
  await repo.moveUser(trx, auth.user.id, team.workspace_id, auth.session.id);
  return detailFor(trx, auth.user.id);
}

/**
 * Removes a member and rotates the team's invite code: the link they kept is dead, also for an
 * account they sign up anew. Their user is remembered under the new code's generation too, so a
 * teammate passing the new link on does not let them back; a later reset does (the admin decided).
 * Answers the admin's team detail with the new code.
 */
export async function removeMember(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: { userId: number },
): Promise<TeamDetail> {
  const team = await lockAsAdmin(trx, auth);
  const member = await repo.findMember(trx, team.id, input.userId);
  if (!member) throw memberNotFound();
  if (member.is_admin > 0 || member.user_id === team.admin_user_id)
    throw forbidden('team_admin_cannot_be_removed');
  const seq = await resetInvite(trx, team.id);
  await recordRemoval(trx, team.id, member.user_id, seq);
  await sendHome(trx, team, member);
  // After the move: the removed member's streams hear of their move before this version.
  await nextVersion(trx, team.workspace_id);
  return detailFor(trx, auth.user.id);
}

/** A member who is not the admin leaves on their own (the admin transfers or dismisses instead). */
export async function leaveTeam(trx: Transaction<DB>, auth: AuthContext): Promise<null> {
  const m = await repo.findMembership(trx, auth.user.id);
  if (!m) throw new AppError(40004, 'team_not_joined');
  const team = await repo.lockTeam(trx, m.id);
  if (!team) throw new AppError(40004, 'team_not_joined');
  if (team.admin_user_id === auth.user.id) throw forbidden('team_admin_cannot_leave');
  const member = await repo.findMember(trx, team.id, auth.user.id);
  if (!member) throw new AppError(40004, 'team_not_joined');
  await sendHome(trx, team, member, auth.session.id);
  return null;
}

/**
 * Ends a membership. Someone whose personal workspace is the team's (its creator, after handing
 * over admin) gets a new empty one, and the team's admin becomes the owner of the team's data.
 */
async function sendHome(
  trx: Transaction<DB>,
  team: repo.TeamRow,
  member: { user_id: number; personal_workspace_id: number },
  keepSessionId?: number,
): Promise<void> {
  await repo.deleteMember(trx, team.id, member.user_id);
  if ((await repo.ownerOf(trx, team.workspace_id)) === member.user_id)
    await repo.setOwner(trx, team.workspace_id, team.admin_user_id);
  const home =
    member.personal_workspace_id === team.workspace_id
      ? await repo.newPersonalWorkspace(trx, member.user_id)
      : member.personal_workspace_id;
  await repo.moveUser(trx, member.user_id, home, keepSessionId);
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

/** A new invite code for the caller's team; the old link stops working (admin only). */
export async function resetTeamInvite(trx: Transaction<DB>, auth: AuthContext): Promise<TeamDetail> {
  const team = await lockAsAdmin(trx, auth);
  await resetInvite(trx, team.id);
  await nextVersion(trx, team.workspace_id);
  return detailFor(trx, auth.user.id);
}
