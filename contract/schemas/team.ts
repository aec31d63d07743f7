/**
 * Team calls. A team shares one workspace; the admin
 * (is_admin > 0) renames, transfers, removes non-admin members, resets the invite link and
 * dismisses; other members may leave. Invite links carry a secret code, not the team id.
 */
import { z } from 'zod';
import { INVITE_CODE_MAX, TEAM_NAME_MAX } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { listOf, paging } from './common.ts';

/** Team name: required, trimmed, at most 12 characters. */
export const teamTitle = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().min(1, 'team_title_required').max(TEAM_NAME_MAX, 'team_title_too_long'),
  );

/** A positive id sent as a form string; a missing or blank one gets `missingKey` as its message. */
const idOf = (missingKey: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .unknown()
      .refine((v): boolean => v !== undefined, missingKey)
      .pipe(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
  );

/**
 * The invite code in `teamId` (the spec's field name). Any text is accepted here: a numeric id or a
 * wrong code answers 40004 from the service, the same as an unknown code, so the answer gives no hint.
 */
const inviteCode = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z.string({ error: 'team_id_required' }).trim().min(1, 'team_id_required').max(INVITE_CODE_MAX),
  );

export const teamDetail = z.object({
  team_id: z.number().int(),
  team_title: z.string(),
  /** The admin's name. */
  member_name: z.string(),
  /** When the team was created (unix seconds). */
  add_time: z.number().int(),
  /** The caller's role: 1 admin, 0 member. */
  is_admin: z.number().int(),
  /** The admin only: the secret of the invite link {origin}/invite/{invite_code}. */
  invite_code: z.string().optional(),
});
export type TeamDetail = z.infer<typeof teamDetail>;

export const teamMember = z.object({
  user_id: z.number().int(),
  member_name: z.string(),
  is_admin: z.number().int(),
  login_time: z.number().int().nullable(),
  /** When the user joined the team. */
  add_time: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const inviteInfo = z.object({
  team_title: z.string(),
  /** The inviting team's admin. */
  member_name: z.string(),
  /** Present only when the caller already has a team (their own team's id). */
  team_id: z.number().int().optional(),
});
export type InviteInfo = z.infer<typeof inviteInfo>;

export const teamSummary = z.object({
  team_id: z.number().int(),
  team_title: z.string(),
  is_admin: z.number().int(),
});
export type TeamSummary = z.infer<typeof teamSummary>;

const none = z.object({});

export const teamEndpoints = {
  teamInfo: endpoint({
    method: 'GET',
    path: '/team/info',
    auth: true,
    request: none,
    response: teamDetail.nullable(),
  }),
  teamAdd: endpoint({
    method: 'POST',
    path: '/team/add',
    auth: true,
    request: z.object({ title: teamTitle() }),
    response: teamDetail,
  }),
  teamEdit: endpoint({
    method: 'PUT',
    path: '/team/edit',
    auth: true,
    request: z.object({ title: teamTitle() }),
    response: teamDetail,
  }),
  teamDel: endpoint({ method: 'DELETE', path: '/team/del', auth: true, request: none, response: z.null() }),
  teamUserLists: endpoint({
    method: 'GET',
    path: '/team/user.lists',
    auth: true,
    request: z.object(paging),
    response: listOf(teamMember),
  }),
  teamUserAdd: endpoint({
    method: 'POST',
    path: '/team/user.add',
    auth: true,
    request: z.object({ teamId: inviteCode() }),
    response: teamDetail,
  }),
  /** Removes a member; the invite code is rotated and the admin's detail (new code) comes back. */
  teamUserDel: endpoint({
    method: 'DELETE',
    path: '/team/user.del',
    auth: true,
    request: z.object({ userId: idOf('team_member_required') }),
    response: teamDetail,
  }),
  teamTransfer: endpoint({
    method: 'PUT',
    path: '/team/transfer',
    auth: true,
    request: z.object({ userId: idOf('team_transfer_member_required') }),
    response: teamDetail,
  }),
  teamInviteInfo: endpoint({
    method: 'GET',
    path: '/team/invite.info',
    auth: true,
    request: z.object({ teamId: inviteCode() }),
    response: inviteInfo,
  }),
  /** Addition: a new invite code; the old link stops working (admin only). */
  teamInviteReset: endpoint({
    method: 'POST',
    path: '/team/invite.reset',
    auth: true,
    request: none,
    response: teamDetail,
  }),
  /** Addition: a member who is not the admin leaves the team. */
  teamLeave: endpoint({
    method: 'DELETE',
    path: '/team/leave',
    auth: true,
    request: none,
    response: z.null(),
  }),
  commonTeam: endpoint({
    method: 'GET',
    path: '/common/team',
    auth: true,
    request: none,
    response: teamSummary.nullable(),
  }),
};
