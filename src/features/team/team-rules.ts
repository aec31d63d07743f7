/** Pure rules of the team screens (spec sections 2 and 5), kept apart so they are unit-tested. */
import { TEAM_NAME_MAX } from '../../../contract/constants.ts';
import type { TeamMember } from '../../../contract/schemas/team.ts';

export type TitleProblem = 'required' | 'too_long' | null;

/** Team name: required after trimming, at most 12 characters. */
export function checkTeamTitle(value: string): TitleProblem {
  const t = value.trim();
  if (!t) return 'required';
  if ([...t].length > TEAM_NAME_MAX) return 'too_long';
  return null;
}

/** The copyable invite link: {origin}/invite/{teamId}. */
export const inviteLink = (origin: string, teamId: number): string => `${origin}/invite/${teamId}`;

/** The :id of /invite/:id as a team id, or null when it is not a positive integer. */
export function parseTeamId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}

/** Transfer admin offers only members who are not the admin. */
export const transferCandidates = (members: readonly TeamMember[]): TeamMember[] =>
  members.filter((x) => x.is_admin <= 0);

export const isAdmin = (x: { is_admin: number } | null | undefined): boolean => (x?.is_admin ?? 0) > 0;
