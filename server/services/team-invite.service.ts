/**
 * Team invites. The link is {origin}/invite/{invite_code}; the code is 18 random bytes
 * (24 URL-safe characters, 144 bits). Joins look the team up by the code's SHA-256 and then compare
 * the codes in constant time, so neither the index walk nor the comparison says how close a guess
 * came. A numeric team id, an old code, a wrong code, or the link of a team that removed the
 * caller all answer the same 40004, naming nothing. Guesses are rate limited in the routes.
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { InviteInfo } from '../../contract/schemas/team.ts';
import type { AuthContext } from './session.service.ts';
import { AppError } from '../domain/errors.ts';
import type { DB } from '../db/schema.ts';
import * as invites from '../db/team-invite.repository.ts';
import { findMembership } from '../db/team.repository.ts';

type Db = Kysely<DB> | Transaction<DB>;

const CODE_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export const inviteHashOf = (code: string): string => crypto.createHash('sha256').update(code).digest('hex');

export function newInviteCode(): { code: string; hash: string } {
  const code = crypto.randomBytes(18).toString('base64url');
  return { code, hash: inviteHashOf(code) };
}

export const inviteInvalid = (): AppError => new AppError(40004, 'team_invite_invalid');

function sameCode(stored: string | null, given: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The live team `code` opens for this user, or 40004. A member the admin removed cannot come back
 * with a code issued before the removal; after a reset they can, if the admin sends them the link.
 */
export async function teamForCode(db: Db, userId: number, code: string): Promise<invites.InviteTeam> {
  if (!CODE_SHAPE.test(code)) throw inviteInvalid();
  const team = await invites.findTeamByInviteHash(db, inviteHashOf(code));
  if (!team || !sameCode(team.invite_code, code)) throw inviteInvalid();
  if (await invites.removedUnder(db, team.id, userId, Number(team.invite_seq))) throw inviteInvalid();
  return team;
}

/** Whom the link invites to what, plus the caller's own team id when they already have one. */
export async function inviteInfo(db: Db, auth: AuthContext, input: { teamId: string }): Promise<InviteInfo> {
  const team = await teamForCode(db, auth.user.id, input.teamId);
  const own = await findMembership(db, auth.user.id);
  return { team_title: team.title, member_name: team.admin_name, ...(own ? { team_id: own.id } : {}) };
}

/**
 * Issues a new code for the team (the caller holds the team's lock and has checked the admin);
 * answers the new code generation (`invite_seq`).
 */
export async function resetInvite(trx: Transaction<DB>, teamId: number): Promise<number> {
  await invites.setInvite(trx, teamId, newInviteCode());
  return invites.inviteSeqOf(trx, teamId);
}
