/**
 * The creators in a workspace's plans (`plan_creators`, one row per plan and creator) and the stage
 * each is at. A creator taken out of a plan keeps the row as a tombstone (sync sees it), which adding
 * them again revives. Every query takes the workspace id.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { chunks } from './creator.repository.ts';
import type { CreatorFollowupsTable, DB, PlanCreatorsTable } from './schema.ts';

type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;

/** Rows are written in batches of this many. */
const BATCH = 200;

/** The plan's rows for these creators, live or removed. */
export function memberRows(db: Db, ws: number, planId: number, creatorIds: readonly number[]) {
  return db
    .selectFrom('plan_creators')
    .select(['id', 'creator_id', 'stage', 'deleted_at'])
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', planId)
    .where('creator_id', 'in', [...creatorIds])
    .execute();
}

/** How many creators are in the plan now. */
export async function countMembers(db: Db, ws: number, planId: number): Promise<number> {
  const { n } = await db
    .selectFrom('plan_creators')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', planId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertMembers(trx: Trx, rows: readonly Insertable<PlanCreatorsTable>[]): Promise<void> {
  for (const part of chunks(rows, BATCH)) await trx.insertInto('plan_creators').values(part).execute();
}

/** Writes `patch` on the plan's rows of these creators (a move, a revival). */
export async function updateMembers(
  trx: Trx,
  ws: number,
  planId: number,
  creatorIds: readonly number[],
  patch: Updateable<PlanCreatorsTable>,
): Promise<void> {
  await trx
    .updateTable('plan_creators')
    .set(patch)
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', planId)
    .where('creator_id', 'in', [...creatorIds])
    .execute();
}

/** Takes every creator out of a deleted plan (tombstones). */
export async function removeAllMembers(trx: Trx, ws: number, planId: number, version: number, t: number) {
  await trx
    .updateTable('plan_creators')
    .set({ deleted_at: t, update_time: t, version })
    .where('workspace_id', '=', ws)
    .where('plan_id', '=', planId)
    .where('deleted_at', 'is', null)
    .execute();
}

/**
 * The live memberships of these creators, in any plan, at one of `stages`; with `sentBy`, only those
 * whose samples were sent at or before it (`sample_time`, or the stage's time when none is kept).
 */
export async function membershipsAt(
  db: Db,
  ws: number,
  creatorIds: readonly number[],
  stages: readonly string[],
  sentBy?: number,
): Promise<{ plan_id: number; creator_id: number }[]> {
  const out: { plan_id: number; creator_id: number }[] = [];
  for (const part of chunks(creatorIds)) {
    let q = db
      .selectFrom('plan_creators')
      .select(['plan_id', 'creator_id'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('creator_id', 'in', part)
      .where('stage', 'in', [...stages]);
    if (sentBy !== undefined)
      q = q.where((eb) =>
        eb.or([
          eb.and([eb('sample_time', '>', 0), eb('sample_time', '<=', sentBy)]),
          eb.and([eb('sample_time', '=', 0), eb('stage_time', '<=', sentBy)]),
        ]),
      );
    for (const r of await q.execute())
      out.push({ plan_id: Number(r.plan_id), creator_id: Number(r.creator_id) });
  }
  return out;
}

/** Creator id → the live plans they are in (id, name, their stage), by plan id. */
export async function plansOfCreators(
  db: Db,
  ws: number,
  creatorIds: readonly number[],
): Promise<Map<number, { plan_id: number; name: string; stage: string }[]>> {
  const plans = new Map<number, { plan_id: number; name: string; stage: string }[]>();
  if (!creatorIds.length) return plans;
  const rows = await db
    .selectFrom('plan_creators as pc')
    .innerJoin('plans as p', 'p.id', 'pc.plan_id')
    .select(['pc.creator_id', 'p.id', 'p.name', 'pc.stage'])
    .where('pc.workspace_id', '=', ws)
    .where('p.workspace_id', '=', ws)
    .where('pc.deleted_at', 'is', null)
    .where('p.deleted_at', 'is', null)
    .where('pc.creator_id', 'in', [...creatorIds])
    .orderBy('p.id')
    .execute();
  for (const r of rows) {
    const list = plans.get(Number(r.creator_id)) ?? [];
    list.push({ plan_id: Number(r.id), name: r.name, stage: r.stage });
    plans.set(Number(r.creator_id), list);
  }
  return plans;
}

/** Follow-ups on creators' workbenches (the sample deadlines a stage move sets). */
export async function insertFollowups(
  trx: Trx,
  rows: readonly Insertable<CreatorFollowupsTable>[],
): Promise<void> {
  for (const part of chunks(rows, BATCH)) await trx.insertInto('creator_followups').values(part).execute();
}
