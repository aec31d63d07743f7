/**
 * The team calls (contract/schemas/team.ts) through the shared client. Mutations show the server
 * msg as a success toast; errors are shown by the client, so callers only stop loading.
 */
import { teamEndpoints as API } from '../../../contract/schemas/team.ts';
import { request } from '../../api/client.ts';

export const teamInfo = () => request(API.teamInfo, {});
export const createTeam = (title: string) => request(API.teamAdd, { title }, { toastSuccess: true });
export const renameTeam = (title: string) => request(API.teamEdit, { title }, { toastSuccess: true });
export const dismissTeam = () => request(API.teamDel, {}, { toastSuccess: true });
export const teamMembers = (page: number, limit: number) => request(API.teamUserLists, { page, limit });
/** The page moves to /team once joined: the greeting follows it. */
export const joinTeam = (teamId: number) =>
  request(API.teamUserAdd, { teamId }, { toastSuccess: true, toastPage: '*' });
export const removeMember = (userId: number) => request(API.teamUserDel, { userId }, { toastSuccess: true });
export const transferAdmin = (userId: number) =>
  request(API.teamTransfer, { userId }, { toastSuccess: true });
/** null: unknown or dismissed team (the page shows its empty notice). */
export const inviteInfo = (teamId: number) => request(API.teamInviteInfo, { teamId });
