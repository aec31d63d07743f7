/**
 * Who manages a workspace's shop connection: the admin of the workspace's live team, or, in a
 * personal workspace, its own user. Mutations lock the team row first (team.repository.ts), so an
 * admin handover racing a change is seen.
 */
import type { Transaction } from 'kysely';
import type { AuthContext } from './session.service.ts';
import type { DB } from '../db/schema.ts';
import { forbidden } from '../domain/errors.ts';
import { lockTeam } from '../db/team.repository.ts';
import type { Db } from './shop-deps.ts';

async function teamOf(db: Db, workspaceId: number) {
  return db
    .selectFrom('teams')
    .select(['id', 'admin_user_id'])
    .where('workspace_id', '=', workspaceId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
}

/** Whether `userId` manages the shop connection of `workspaceId` (the user must work there). */
export async function managesShops(
  db: Db,
  user: { id: number; workspace_id: number; personal_workspace_id: number },
  workspaceId: number,
): Promise<boolean> {
  if (user.workspace_id !== workspaceId) return false;
  const team = await teamOf(db, workspaceId);
  if (team) return Number(team.admin_user_id) === user.id;
  return user.personal_workspace_id === workspaceId;
}

/** 40003 unless the caller manages the shops; takes the team's row lock when there is a team. */
export async function requireShopAdmin(trx: Transaction<DB>, auth: AuthContext): Promise<void> {
  const team = await teamOf(trx, auth.workspaceId);
  if (team) {
    const locked = await lockTeam(trx, Number(team.id));
    if (!locked || locked.admin_user_id !== auth.user.id) throw forbidden('shop_admin_only');
    return;
  }
  if (auth.user.personal_workspace_id !== auth.workspaceId) throw forbidden('shop_admin_only');
}
