/**
 * Reads of the orders features from the local mirror: the workspace's imports of order downloads
 * (newest first) and which undo or line deletion the user made that the server has not applied yet
 * (the outbox), so the screen says "waits to be sent" instead of claiming it is done.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../../contract/routes.ts';
import type { Route } from '../../../contract/endpoint.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { isCallOf } from '../../db/call.ts';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import type { OutboxState } from '../../db/outbox-types.ts';
import { isLive } from '../../db/outbox.ts';
import { readRows } from '../../db/queries.ts';

/** Imports shown on /plans. */
export const IMPORTS_SHOWN = 10;

/** Outbox calls of this endpoint not refused yet: the id each names → its state. */
async function pendingIds(ep: Route): Promise<Map<number, OutboxState>> {
  const s = await getMeta<LocalSession>(localDb, META.session);
  const out = new Map<number, OutboxState>();
  if (!s) return out;
  const entries = await localDb.outbox
    .where('[userId+workspaceId]')
    .equals([s.userId, s.workspaceId])
    .toArray();
  for (const e of entries) if (isCallOf(e, ep) && isLive(e)) out.set(Number(e.body.id), e.state);
  return out;
}

export async function readOrderImports(): Promise<{
  imports: RowOf<'order_imports'>[];
  undoing: Map<number, OutboxState>;
}> {
  const [rows, undoing] = await Promise.all([
    readRows(localDb, 'order_imports'),
    pendingIds(API.planOrdersUndo),
  ]);
  rows.sort((a, b) => b.add_time - a.add_time || b.id - a.id);
  return { imports: rows.slice(0, IMPORTS_SHOWN), undoing };
}

export const useOrderImports = () => useLiveQuery(readOrderImports, []);

export const useDeletingLines = () => useLiveQuery(() => pendingIds(API.planOrderDel), []);
