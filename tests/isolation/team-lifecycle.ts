/**
 * The steps and checks of the team lifecycle property test (team-lifecycle.test.ts): users made
 * directly in the database, each step sent through the real calls with a fresh session, and the
 * rules every state must keep.
 */
import fc from 'fast-check';
import { createAccount } from '../../server/db/account.repository.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { newSession } from '../reliability/accounts.ts';

export const USERS = 4;

/**
 * `u` acts; `v` names the other user. With `rel`, the step is read against the current state so
 * that most steps do something: remove and transfer are done by the admin of u's team to the v-th
 * other member, leave by the v-th member who is not the admin, join to the team of u's v-th peer.
 * Without `rel` the raw users act, which also tries refused calls (non-admins, strangers).
 */
export type Act =
  | { kind: 'create' | 'dismiss' | 'reset'; u: number; rel: boolean }
  | { kind: 'join' | 'leave' | 'remove' | 'transfer'; u: number; v: number; rel: boolean };

const who = fc.integer({ min: 0, max: USERS - 1 });
const solo = (kind: 'create' | 'dismiss' | 'reset') =>
  fc.record({ kind: fc.constant(kind), u: who, rel: fc.boolean() });
const pair = (kind: 'join' | 'leave' | 'remove' | 'transfer') =>
  fc.record({ kind: fc.constant(kind), u: who, v: who, rel: fc.boolean() });
// Weighted so that teams exist and fill up before they are dismissed.
export const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 4, arbitrary: solo('create') },
  { weight: 1, arbitrary: solo('dismiss') },
  { weight: 1, arbitrary: solo('reset') },
  { weight: 5, arbitrary: pair('join') },
  { weight: 2, arbitrary: pair('leave') },
  { weight: 2, arbitrary: pair('remove') },
  { weight: 3, arbitrary: pair('transfer') },
);

let seq = 0;
export async function newUser(app: TestApp): Promise<number> {
  const user = await createAccount(app.database.db, {
    phone: `134${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`,
    member_name: `u${seq}`,
    password_hash: 'x',
    region: 'en-us',
  });
  return user.id;
}

/** A live session for the user in the workspace they are in now (others may have moved them). */
async function sessionOf(app: TestApp, userId: number): Promise<string> {
  const user = await app.database.db
    .selectFrom('users')
    .select('workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return newSession(app.database, userId, user.workspace_id);
}

interface Seat {
  user: number;
  team: number | null;
  admin: boolean;
  code: string | null;
}

async function seats(app: TestApp, ids: number[]): Promise<Seat[]> {
  const rows = await app.database.db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.user_id', 'teams.id', 'teams.admin_user_id', 'teams.invite_code'])
    .where('team_members.user_id', 'in', ids)
    .where('teams.dismissed_at', 'is', null)
    .execute();
  return ids.map((user) => {
    const r = rows.find((x) => Number(x.user_id) === user);
    return {
      user,
      team: r ? Number(r.id) : null,
      admin: r ? Number(r.admin_user_id) === user : false,
      code: r?.invite_code ?? null,
    };
  });
}

/** Who acts on whom for this step (see Act). */
function cast(all: Seat[], a: Act): { actor: Seat; other: Seat | undefined } {
  const actor = all[a.u]!;
  if (!a.rel || !('v' in a)) return { actor, other: 'v' in a ? all[a.v] : undefined };
  const pick = <T>(list: T[]) => list[a.v % Math.max(1, list.length)];
  const mates = all.filter((x) => x.team !== null && x.team === actor.team);
  const admin = mates.find((x) => x.admin) ?? actor;
  if (a.kind === 'leave') return { actor: pick(mates.filter((x) => !x.admin)) ?? actor, other: undefined };
  if (a.kind === 'join')
    return { actor, other: pick(all.filter((x) => x.team !== null && x.user !== actor.user)) };
  return { actor: admin, other: pick(mates.filter((x) => !x.admin)) };
}

export async function apply(app: TestApp, ids: number[], a: Act): Promise<number> {
  const { actor, other } = cast(await seats(app, ids), a);
  const token = await sessionOf(app, actor.user);
  const call = (method: string, path: string, body: Record<string, unknown> = {}) =>
    app.call(method, path, body, { token, headers: { 'x-forwarded-for': `10.5.0.${a.u}` } });
  const userId = other?.user ?? 0;
  switch (a.kind) {
    case 'create':
      return (await call('POST', '/team/add', { title: `T${seq}` })).code;
    case 'leave':
      return (await call('DELETE', '/team/leave')).code;
    case 'dismiss':
      return (await call('DELETE', '/team/del')).code;
    case 'reset':
      return (await call('POST', '/team/invite.reset')).code;
    case 'remove':
      return (await call('DELETE', '/team/user.del', { userId })).code;
    case 'transfer':
      return (await call('PUT', '/team/transfer', { userId })).code;
    case 'join':
      // The link the other user's admin would have sent: their live team's code.
      return (await call('POST', '/team/user.add', { teamId: other?.code ?? 'x'.repeat(24) })).code;
  }
}

/** Every broken rule, as text (empty when the state is sound). */
export async function problems(app: TestApp, ids: number[], teamSpaces: Set<number>): Promise<string[]> {
  const { db } = app.database;
  const out: string[] = [];
  const users = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const userIds = new Set((await db.selectFrom('users').select('id').execute()).map((u) => Number(u.id)));
  // This run's workspaces: its users' (owned, personal, current) and its teams'.
  const mine = new Set([
    ...teamSpaces,
    ...users.flatMap((u) => [Number(u.workspace_id), Number(u.personal_workspace_id)]),
  ]);
  const spaces = (await db.selectFrom('workspaces').selectAll().execute()).filter(
    (w) => mine.has(Number(w.id)) || ids.includes(Number(w.owner_user_id)),
  );
  const byId = new Map(spaces.map((w) => [Number(w.id), w]));
  const live = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'teams.id',
      'teams.workspace_id',
      'teams.admin_user_id',
      'team_members.user_id',
      'team_members.is_admin',
    ])
    .where('team_members.user_id', 'in', ids)
    .where('teams.dismissed_at', 'is', null)
    .execute();
  for (const w of spaces) {
    if (w.owner_user_id === null || !userIds.has(Number(w.owner_user_id)))
      out.push(`workspace ${w.id} has no owner`);
  }
  const personal = new Map<number, number>();
  for (const u of users) {
    const id = Number(u.id);
    const p = Number(u.personal_workspace_id);
    if (Number(byId.get(p)?.owner_user_id) !== id)
      out.push(`user ${id}: personal workspace ${p} is not theirs`);
    if (personal.has(p)) out.push(`users ${personal.get(p)} and ${id} share personal workspace ${p}`);
    personal.set(p, id);
    const m = live.find((r) => Number(r.user_id) === id);
    const want = m ? Number(m.workspace_id) : p;
    if (Number(u.workspace_id) !== want) out.push(`user ${id} works in ${u.workspace_id}, can reach ${want}`);
  }
  for (const teamId of new Set(live.map((r) => Number(r.id)))) {
    const rows = live.filter((r) => Number(r.id) === teamId);
    const admins = rows.filter((r) => Number(r.is_admin) > 0);
    if (admins.length !== 1 || Number(admins[0]!.user_id) !== Number(rows[0]!.admin_user_id))
      out.push(`team ${teamId} has admins ${admins.map((r) => r.user_id).join(',')}`);
    const owner = Number(byId.get(Number(rows[0]!.workspace_id))?.owner_user_id);
    if (!rows.some((r) => Number(r.user_id) === owner))
      out.push(`team ${teamId}: owner ${owner} is not a member`);
  }
  for (const ws of teamSpaces) {
    const owner = users.find((u) => Number(u.id) === Number(byId.get(ws)?.owner_user_id));
    const reach = owner && [Number(owner.workspace_id), Number(owner.personal_workspace_id)].includes(ws);
    const teamLive = live.some((r) => Number(r.workspace_id) === ws);
    if (!reach && !teamLive) out.push(`team workspace ${ws} is left with nobody`);
  }
  return out;
}
