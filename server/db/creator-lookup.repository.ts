/**
 * Live creators of a workspace found by row id: the checks a use case makes before it writes about
 * a creator (a plan member, a message, a sale). A creator of another workspace, or a deleted one,
 * is absent.
 */
import type { Db } from './creator.repository.ts';

const liveCreators = (db: Db, ws: number) =>
  db.selectFrom('creators').where('workspace_id', '=', ws).where('deleted_at', 'is', null);

/** The creator's handle and country, or undefined. */
export async function findLiveCreator(
  db: Db,
  ws: number,
  id: number,
): Promise<{ id: number; unique_id: string; country: string } | undefined> {
  const row = await liveCreators(db, ws)
    .select(['id', 'unique_id', 'country'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { id: Number(row.id), unique_id: row.unique_id, country: row.country };
}

/** Which of `ids` are live creators of the workspace. */
export async function liveCreatorIds(db: Db, ws: number, ids: readonly number[]): Promise<Set<number>> {
  const rows = await liveCreators(db, ws)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((c) => Number(c.id)));
}

/** The live creators among `ids` in `country`, with their handles. */
export function liveCreatorsIn(db: Db, ws: number, country: string, ids: readonly number[]) {
  return liveCreators(db, ws)
    .select(['id', 'unique_id'])
    .where('country', '=', country)
    .where('id', 'in', [...ids])
    .execute();
}
