/**
 * Feeds "Samples without content" (overdue-samples.ts) from IndexedDB in the query worker: plans and
 * plan creators with the signed-in user's unsent changes on top (as the plan screens show them),
 * products, and the creators the shipped samples name, read a storage block at a time. A Dexie live
 * query re-reads and recomputes whenever any of them changes (a pulled page, an outbox entry), so the
 * list follows the mirror without a reload and works offline once the first sync has landed.
 */
import { liveQuery, type Subscription } from 'dexie';
import { META, blockOf, getMeta, type LocalDB, type LocalSession } from '../db/db.ts';
import { liveEffects, overlayRows } from '../db/overlay.ts';
import {
  indexOverdue,
  overdueAt,
  type OverdueAnswer,
  type OverdueCreator,
  type OverdueMirror,
} from './overdue-samples.ts';

export interface OverdueUpdate extends OverdueAnswer {
  /** False until a first pull has landed (the mirror says nothing yet). */
  synced: boolean;
  /** The worker's time for the list (index and answer), mirror read excluded. */
  ms: number;
}

/** The mirror's rows the list reads, outbox applied, in one read transaction. */
export async function readOverdueMirror(db: LocalDB): Promise<{ mirror: OverdueMirror; synced: boolean }> {
  return db.transaction(
    'r',
    [db.plans, db.plan_creators, db.products, db.creatorBlocks, db.outbox, db.meta],
    async () => {
      const [cursor, session] = await Promise.all([
        getMeta<string>(db, META.cursor),
        getMeta<LocalSession>(db, META.session),
      ]);
      const [plans, members, products, entries] = await Promise.all([
        db.plans.toArray(),
        db.plan_creators.toArray(),
        db.products.toArray(),
        session
          ? db.outbox
              .where('[userId+workspaceId]')
              .equals([session.userId, session.workspaceId])
              .sortBy('seq')
          : Promise.resolve([]),
      ]);
      const samples = overlayRows(members, liveEffects(entries, 'plan_creators')).filter(
        (s) => s.stage === 'shipped' && s.sample_time > 0,
      );
      const wanted = new Set(samples.map((s) => s.creator_id));
      const creators = new Map<number, OverdueCreator>();
      const blocks = [...new Set([...wanted].map(blockOf))];
      if (blocks.length)
        for (const b of await db.creatorBlocks.where('block').anyOf(blocks).toArray())
          for (const c of b.rows)
            if (wanted.has(c.id))
              creators.set(c.id, {
                unique_id: c.unique_id,
                daren_name: c.daren_name,
                nick_name: c.nick_name,
              });
      return {
        synced: cursor !== undefined,
        mirror: {
          plans: overlayRows(plans, liveEffects(entries, 'plans')),
          samples,
          creators,
          products: new Map(products.map((p) => [p.id, p])),
        },
      };
    },
  );
}

/** Calls `fn` with the list now and after each change of the rows it reads; returns the stop. */
export function watchOverdue(db: LocalDB, fn: (u: OverdueUpdate) => void, planId?: number): () => void {
  const sub: Subscription = liveQuery(() => readOverdueMirror(db)).subscribe({
    next: ({ mirror, synced }) => {
      const t0 = performance.now();
      const res = overdueAt(indexOverdue(mirror), Math.floor(Date.now() / 1000), planId);
      fn({ ...res, synced, ms: performance.now() - t0 });
    },
    error: () => undefined,
  });
  return () => sub.unsubscribe();
}
