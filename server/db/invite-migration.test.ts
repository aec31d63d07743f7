/**
 * Migration 0016 on teams made before it: every team that existed gets its own working
 * invite code, and the old numeric link (/invite/<team id>) names nothing. The rows are written
 * with the 0015 schema's columns, as an older release left them, not through today's repositories.
 */
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines } from '../../tests/helpers/test-app.ts';
import { newSession } from '../../tests/reliability/accounts.ts';

const T0 = 1_700_000_000;

/** A team as releases before 0016 made it: its workspace, its admin, the team and the membership. */
async function oldTeam(db: Kysely<any>, title: string, admin: string, dismissed = false) {
  const ws = await db
    .insertInto('workspaces')
    .values({ kind: 'team', version_seq: 0, amateur_threshold: 10000, created_at: T0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto('users')
    .values({
      phone: null,
      email: `${admin.toLowerCase()}@old.example`,
      member_name: admin,
      password_hash: 'x',
      region: 'en-us',
      personal_workspace_id: ws.id,
      workspace_id: ws.id,
      disabled: 0,
      created_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('workspaces').set({ owner_user_id: user.id }).where('id', '=', ws.id).execute();
  const team = await db
    .insertInto('teams')
    .values({
      title,
      workspace_id: ws.id,
      admin_user_id: user.id,
      created_at: T0,
      dismissed_at: dismissed ? T0 + 60 : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!dismissed) {
    await db
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: user.id, is_admin: 1, add_time: T0 })
      .execute();
  }
}

describeEngines(
  'migration 0016 on teams made before it',
  (t) => {
    const teams = () =>
      t()
        .database.db.selectFrom('teams')
        .select(['id', 'title', 'invite_code', 'admin_user_id', 'workspace_id', 'dismissed_at'])
        .orderBy('id')
        .execute();

    it('gives every old team its own code, shown to its admin', async () => {
      const rows = await teams();
      expect(rows.map((r) => r.title)).toEqual(['Old team', 'Second team', 'Gone team']);
      for (const r of rows) expect(r.invite_code, r.title).toMatch(/^[\w-]{24}$/);
      expect(new Set(rows.map((r) => r.invite_code)).size).toBe(rows.length);
      for (const r of rows.filter((x) => x.dismissed_at === null)) {
        const token = await newSession(t().database, Number(r.admin_user_id), Number(r.workspace_id));
        const info = await t().call('GET', '/team/info', {}, { token });
        expect(info.code).toBe(200);
        expect(info.data).toMatchObject({ team_id: Number(r.id), invite_code: r.invite_code });
      }
    });

    it('opens the old team by its code, never by its number', async () => {
      const [old, second, gone] = await teams();
      if (!old || !second || !gone) throw new Error('the teams seeded under 0015 are missing');
      const visitor = await t().signUp({ name: 'Visitor' });
      const tok = { token: visitor.token };
      const info = await t().call('GET', '/team/invite.info', { teamId: old.invite_code }, tok);
      expect(info).toEqual({
        code: 200,
        msg: 'Success',
        data: { team_title: 'Old team', member_name: 'Olga' },
      });
      const other = await t().call('GET', '/team/invite.info', { teamId: second.invite_code }, tok);
      expect(other.data).toEqual({ team_title: 'Second team', member_name: 'Sam' });
      // The link every old team shared (/invite/<id>), and the code of a team dismissed before.
      for (const wrong of [old.id, second.id, gone.invite_code]) {
        const bad = await t().call('GET', '/team/invite.info', { teamId: wrong }, tok);
        expect(bad, String(wrong)).toMatchObject({ code: 40004, data: null });
        expect(JSON.stringify(bad)).not.toMatch(/Old team|Olga|Second|Sam|Gone|Gail/);
      }
      const joined = await t().call('POST', '/team/user.add', { teamId: old.invite_code }, tok);
      expect(joined.code).toBe(200);
      const mine = await t().call('GET', '/team/info', {}, tok);
      expect(mine.data).toMatchObject({ team_id: Number(old.id), team_title: 'Old team', is_admin: 0 });
      expect(mine.data).not.toHaveProperty('invite_code');
    });
  },
  {
    upTo: '0015_creator_names',
    seed: async (db) => {
      await oldTeam(db, 'Old team', 'Olga');
      await oldTeam(db, 'Second team', 'Sam');
      await oldTeam(db, 'Gone team', 'Gail', true);
    },
  },
);
