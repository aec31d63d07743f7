/**
 * Reads of the creator workbench, all from the local mirror with the signed-in user's
 * unsent edits on top, so the page works offline. Live hooks re-run when the tables or the
 * outbox change.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { runningQueryWorker } from '../../workers/query-client.ts';
import type { CreatorRow, SyncRows } from '../../../contract/sync.ts';
import { META, blockOf, getMeta, type LocalDB, type LocalSession, type SmallTable } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { applyCreatorEffect, liveEffects, overlayRows } from '../../db/overlay.ts';
import { forgetHandOff, handedOffCreator } from './creator-handoff.ts';

export type WorkbenchTable = Extract<SmallTable, 'creator_notes' | 'creator_followups' | 'creator_events'>;

async function sessionEntries(db: LocalDB): Promise<OutboxEntry[]> {
  const s = await getMeta<LocalSession>(db, META.session);
  if (!s) return [];
  return db.outbox.where('[userId+workspaceId]').equals([s.userId, s.workspaceId]).sortBy('seq');
}

/** One creator with unsent edits applied; null when the mirror has no such creator. */
export async function readCreator(db: LocalDB, id: number): Promise<CreatorRow | null> {
  const blocks = await db.creatorBlocks.where('block').equals(blockOf(id)).toArray();
  let row: CreatorRow | undefined;
  for (const b of blocks) row ??= b.rows.find((r) => r.id === id);
  if (!row) return null;
  for (const fx of liveEffects(await sessionEntries(db), 'creators')) {
    if (!row) break;
    if ('ids' in fx && fx.ids.includes(id)) row = applyCreatorEffect(row, fx);
  }
  return row ?? null;
}

/** A workbench table's rows of one creator (or of all creators), unsent edits applied. */
export async function readCreatorRows<T extends WorkbenchTable>(
  db: LocalDB,
  table: T,
  creatorId?: number,
): Promise<SyncRows[T][]> {
  const t = db.small(table);
  const base =
    creatorId === undefined ? await t.toArray() : await t.where('creator_id').equals(creatorId).toArray();
  const rows = overlayRows(base, liveEffects(await sessionEntries(db), table));
  return creatorId === undefined ? rows : rows.filter((r) => r.creator_id === creatorId);
}

/**
 * undefined while loading, null for an unknown creator. Until the first sync is complete a missing
 * creator may still be on its way, so it reads as loading, not as 404. While the live read of the
 * mirror is on its way, the row the list's query worker holds, else the one a list click handed off
 * (creator-handoff.ts), is shown at once; once the mirror has answered, the hand-off is dropped, so a
 * later visit never starts from an old copy.
 */
export function useCreator(id: number): CreatorRow | null | undefined {
  const live = useLiveQuery(async () => {
    if (id <= 0) return null;
    const row = await readCreator(localDb, id);
    if (row) return row;
    const first = await getMeta<{ complete?: boolean }>(localDb, META.firstSync);
    return first?.complete ? null : undefined;
  }, [id]);
  const [quick, setQuick] = useState<{ id: number; row: CreatorRow } | null>(null);
  useEffect(() => {
    const worker = runningQueryWorker();
    if (!worker || id <= 0) return;
    let gone = false;
    void worker
      .loadedRow(id)
      .then((row) => {
        if (!gone && row) setQuick({ id, row });
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [id]);
  useEffect(() => {
    if (live !== undefined) forgetHandOff(id);
  }, [live, id]);
  if (live !== undefined) return live;
  return quick?.id === id ? quick.row : (handedOffCreator(id) ?? undefined);
}

export const useCreatorRows = <T extends WorkbenchTable>(
  table: T,
  creatorId?: number,
): SyncRows[T][] | undefined =>
  useLiveQuery(() => readCreatorRows(localDb, table, creatorId), [table, creatorId]);

/** Creators by id, for the due list's names (only the ids asked for). */
export function useCreatorsById(ids: readonly number[]): Map<number, CreatorRow> | undefined {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const out = new Map<number, CreatorRow>();
    for (const id of key ? key.split(',').map(Number) : []) {
      const c = await readCreator(localDb, id);
      if (c) out.set(id, c);
    }
    return out;
  }, [key]);
}
