/**
 * The team calls (contract/schemas/team.ts) through the shared client. Mutations show the server
 * msg as a success toast; errors are shown by the client, so callers only stop loading.
 */
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

export const teamInfo = () => request(API.teamInfo, {});
/** A background re-read (another screen changed the team): a failure stays silent. */
export const teamInfoQuiet = () => request(API.teamInfo, {}, { silent: true });
export const createTeam = (title: string) => request(API.teamAdd, { title }, { toastSuccess: true });
export const renameTeam = (title: string) => request(API.teamEdit, { title }, { toastSuccess: true });
export const dismissTeam = () => request(API.teamDel, {}, { toastSuccess: true });
export const teamMembers = (page: number, limit: number) => request(API.teamUserLists, { page, limit });
/** Joins by the invite code; the envelope comes back so a dead link (40004) shows the page's notice. */
export const joinTeam = (code: string) => request(API.teamUserAdd, { teamId: code }, { raw: true });
/** Answers the admin's team detail with the invite code the removal issued. */
export const removeMember = (userId: number) => request(API.teamUserDel, { userId }, { toastSuccess: true });
export const transferAdmin = (userId: number) =>
  request(API.teamTransfer, { userId }, { toastSuccess: true });
/** The envelope: 40004 (wrong, old or reset code; dismissed team) shows the page's notice, not a toast. */
export const inviteInfo = (code: string) => request(API.teamInviteInfo, { teamId: code }, { raw: true });
export const resetInvite = () => request(API.teamInviteReset, {}, { toastSuccess: true });
export const leaveTeam = () => request(API.teamLeave, {}, { toastSuccess: true });
