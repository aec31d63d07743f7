/**
 * Reads of the plan screens (issue 23) from the local mirror, with the user's unsent changes on
 * top, so they work offline. Creators for a board's cards are read a storage block at a time
 * (one read per block, not per creator).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { CreatorRow, SyncRow } from '../../../contract/sync.ts';
import { META, blockOf, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { applyCreatorEffect, liveEffects } from '../../db/overlay.ts';
import { readRows } from '../../db/queries.ts';
import { connectedCreators, contactedSince, lastReset, nextReset } from './quota-rules.ts';

/** Every plan (newest first) and every plan's creators; undefined while loading. */
export function usePlans(): { plans: SyncRow[]; members: SyncRow[] } | undefined {
  return useLiveQuery(async () => {
    const [plans, members] = await Promise.all([
      readRows(localDb, 'plans'),
      readRows(localDb, 'plan_creators'),
    ]);
    plans.sort((a, b) => Number(b.add_time) - Number(a.add_time) || Number(b.id) - Number(a.id));
    return { plans, members };
  }, []);
}

/** The creators with these ids that the mirror holds, unsent edits applied. */
export function useCreatorsOf(ids: readonly number[]): Map<number, CreatorRow> | undefined {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const wanted = key ? key.split(',').map(Number) : [];
    const blocks = [...new Set(wanted.map(blockOf))];
    const want = new Set(wanted);
    const out = new Map<number, CreatorRow>();
    for (const b of await localDb.creatorBlocks.where('block').anyOf(blocks).toArray())
      for (const r of b.rows) if (want.has(r.id)) out.set(r.id, r);
    const s = await getMeta<LocalSession>(localDb, META.session);
    if (s) {
      const entries = await localDb.outbox
        .where('[userId+workspaceId]')
        .equals([s.userId, s.workspaceId])
        .sortBy('seq');
      for (const fx of liveEffects(entries, 'creators'))
        if ('ids' in fx)
          for (const id of fx.ids) {
            const row = out.get(id);
            if (!row) continue;
            const next = applyCreatorEffect(row, fx);
            if (next) out.set(id, next);
            else out.delete(id);
          }
    }
    return out;
  }, [key]);
}

export interface QuotaState {
  /** -1: not set. */
  quota: number;
  /** The settings row, when the workspace has one (to edit it). */
  row: SyncRow | undefined;
  contacted: Set<number>;
  connected: Set<number>;
  since: number;
  next: number;
}

/** This week's quota use: history rows since the last reset and every plan's creators. */
export function useQuota(): QuotaState | undefined {
  return useLiveQuery(async () => {
    const now = Math.floor(Date.now() / 1000);
    const since = lastReset(now);
    const [settings, members, events] = await Promise.all([
      readRows(localDb, 'workspace_settings'),
      readRows(localDb, 'plan_creators'),
      localDb.small('creator_events').where('add_time').aboveOrEqual(since).toArray(),
    ]);
    const quota = settings.length ? Number(settings[0]!.weekly_quota) : -1;
    return {
      quota: Number.isFinite(quota) ? quota : -1,
      row: settings[0],
      contacted: contactedSince(events, members, since),
      connected: connectedCreators(members),
      since,
      next: nextReset(now),
    };
  }, []);
}
