/** Blacklist queries: which names are blacklisted, and the paged list joined to the creators. */
import type { Kysely } from 'kysely';
import type { BlackListRequest } from '../../contract/schemas/blacklist.ts';
import { chunks, ilike, type Db } from './creator.repository.ts';
import type { DB } from './schema.ts';

/** Live blacklist rows of this workspace and country among `names`. */
export async function findBlacklist(db: Db, ws: number, country: string, names: readonly string[]) {
  const out = [];
  for (const part of chunks(names))
    out.push(
      ...(await db
        .selectFrom('blacklist')
        .selectAll()
        .where('workspace_id', '=', ws)
        .where('country', '=', country)
        .where('unique_id', 'in', part)
        .where('deleted_at', 'is', null)
        .execute()),
    );
  return out;
}

export async function blacklistedNames(db: Db, ws: number, country: string, names: readonly string[]) {
  return new Set((await findBlacklist(db, ws, country, names)).map((b) => b.unique_id));
}

export async function listBlacklist(db: Kysely<DB>, ws: number, f: BlackListRequest) {
  let q = db
    .selectFrom('blacklist as b')
    .leftJoin('creators as c', (j) =>
      j
        .onRef('c.workspace_id', '=', 'b.workspace_id')
        .onRef('c.country', '=', 'b.country')
        .onRef('c.unique_id', '=', 'b.unique_id')
        .on('c.deleted_at', 'is', null),
    )
    .where('b.workspace_id', '=', ws)
    .where('b.country', '=', f.country)
    .where('b.deleted_at', 'is', null);
  if (f.name) q = q.where(ilike('b.unique_id', f.name));
  if (f.startTime !== undefined) q = q.where('b.add_time', '>=', f.startTime);
  if (f.endTime !== undefined) q = q.where('b.add_time', '<=', f.endTime);
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      'b.id',
      'b.country',
      'b.unique_id',
      'b.reason',
      'b.add_time',
      'b.update_time',
      'c.email',
      'c.bio_link',
      'c.follower_count',
    ])
    .orderBy('b.add_time', 'desc')
    .orderBy('b.id', 'desc')
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .execute();
  return { rows, count: Number(counted.n) };
}
