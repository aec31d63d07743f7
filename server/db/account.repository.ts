/** Users and their personal workspaces. */
import type { Kysely, Transaction } from 'kysely';
import type { DB, User } from './schema.ts';
import { now } from './versioning.ts';

export interface NewAccount {
  phone?: string | null;
  email?: string | null;
  member_name: string;
  password_hash: string;
  region: 'zh-cn' | 'en-us';
}

/** Creates the user and the personal workspace they start in. */
export async function createAccount(db: Kysely<DB> | Transaction<DB>, acc: NewAccount): Promise<User> {
  const t = now();
  const ws = await db
    .insertInto('workspaces')
    .values({
      kind: 'personal',
      owner_user_id: null,
      version_seq: 0,
      amateur_threshold: 10000,
      created_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const wsId = Number(ws.id);
  const user = await db
    .insertInto('users')
    .values({
      phone: acc.phone ?? null,
      email: acc.email ? acc.email.toLowerCase() : null,
      member_name: acc.member_name,
      password_hash: acc.password_hash,
      region: acc.region,
      personal_workspace_id: wsId,
      workspace_id: wsId,
      disabled: 0,
      vip_until: null,
      login_time: null,
      created_at: t,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('workspaces').set({ owner_user_id: user.id }).where('id', '=', wsId).execute();
  return user;
}

export function findUserByLogin(db: Kysely<DB>, login: { phone?: string; email?: string }) {
  let q = db.selectFrom('users').selectAll();
  if (login.email) q = q.where('email', '=', login.email.toLowerCase());
  else if (login.phone) q = q.where('phone', '=', login.phone);
  else return Promise.resolve(undefined);
  return q.executeTakeFirst();
}
