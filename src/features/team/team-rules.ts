/** Pure rules of the team screens, kept apart so they are unit-tested. */
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

/**
 * The copyable invite link: {origin}/invite/{invite_code}. The spec's link named the team id,
 * which anyone could count through; the code is the team's secret (docs/decisions/teams.md).
 */
export const inviteLink = (origin: string, code: string): string => `${origin}/invite/${code}`;

/**
 * The :code of /invite/:code, or null when it cannot be an invite code: an old numeric link
 * (/invite/3) or a mangled one shows the page's "check the link" notice without asking the server.
 */
export function parseInviteCode(raw: string | undefined): string | null {
  return raw && /^[A-Za-z0-9_-]{20,64}$/.test(raw) ? raw : null;
}

/** Transfer admin offers only members who are not the admin. */
export const transferCandidates = (members: readonly TeamMember[]): TeamMember[] =>
  members.filter((x) => x.is_admin <= 0);

export const isAdmin = (x: { is_admin: number } | null | undefined): boolean => (x?.is_admin ?? 0) > 0;
