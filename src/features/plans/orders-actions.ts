/**
 * Taking orders back, through the outbox like the plans' other writes (so a press made offline is
 * kept and sent later, with its Idempotency-Key): undo an import (its lines removed, the copies it
 * replaced put back) and delete one stored line. The server's answer ("Import undone", "Order line
 * deleted") is told once it has accepted the call; the sums arrive with the next pull.
 */
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { enqueue } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { record } from '../sync/outcome.ts';

export const undoImport = (imp: RowOf<'order_imports'>, file: string): Promise<boolean> =>
  record(() => enqueue(localDb, call(API.planOrdersUndo, { id: imp.id }, file)), m.orders_undone());

export const deleteOrderLine = (line: { id: number; order_id: string }): Promise<boolean> =>
  record(
    () => enqueue(localDb, call(API.planOrderDel, { id: line.id }, line.order_id)),
    m.orders_line_deleted(),
  );
