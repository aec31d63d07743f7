/**
 * The demo workspace: seeded once when the database has no users. Deterministic, so browser
 * tests can rely on what it contains.
 */
import type { Database } from '../db/connection.ts';
import { createAccount } from '../db/account.repository.ts';
import { DEMO_ACCOUNTS } from './demo.ts';
import { hashPassword } from './password.ts';

export async function seedIfEmpty(database: Database): Promise<boolean> {
  const { db } = database;
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const zh = DEMO_ACCOUNTS.zh;
  const en = DEMO_ACCOUNTS.en;
  await createAccount(db, {
    phone: zh.phone,
    member_name: zh.member_name,
    password_hash: await hashPassword(zh.password),
    region: 'zh-cn',
  });
  await createAccount(db, {
    email: en.email,
    member_name: en.member_name,
    password_hash: await hashPassword(en.password),
    region: 'en-us',
  });
  return true;
}
