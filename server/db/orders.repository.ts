/**
 * Imported order lines (`orders`, the server's own) and the imports that wrote them
 * (`order_imports`, mirrored). Every query takes the workspace id; long id lists are cut into
 * chunks, and lines are written in batches.
 */
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { ORDER_LINES_MAX } from '../../contract/limits.ts';
import { chunks } from './creator.repository.ts';
import { engineOf } from './dialect.ts';
import type { DB, OrderImportsTable, OrdersTable } from './schema.ts';

type Trx = Transaction<DB>;
type Db = Kysely<DB> | Trx;

/** Lines are written in batches of this many. */
const BATCH = 200;

/** The columns of a line as the import call sends it. */
export const LINE_COLS = [
  'order_id',
  'sku_id',
  'content_id',
  'product_id',
  'creator',
  'quantity',
  'gmv',
  'commission',
  'currency',
  'status',
  'void',
  'created_time',
] as const;

/** The stored lines of these orders in one layout, with the copy each replaced. */
export async function linesOfOrders(db: Db, ws: number, layout: string, orderIds: readonly string[]) {
  const out = [];
  for (const part of chunks(orderIds))
    out.push(
      ...(await db
        .selectFrom('orders')
        .select(['id', 'country', 'import_id', 'prev', 'prev_import_id', 'source', ...LINE_COLS])
        .where('workspace_id', '=', ws)
        .where('layout', '=', layout)
        .where('order_id', 'in', part)
        .execute()),
    );
  return out;
}

/** The lines an import wrote. */
export function linesOfImport(db: Db, ws: number, importId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'layout', 'country', 'order_id', 'creator', 'prev', 'prev_import_id'])
    .where('workspace_id', '=', ws)
    .where('import_id', '=', importId)
    .execute();
}

export function findLine(db: Db, ws: number, id: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'layout', 'country', 'order_id', 'creator', 'gmv', 'currency'])
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A creator's stored lines, newest first (at most ORDER_LINES_MAX), and how many there are in all. */
export async function linesOfCreator(db: Db, ws: number, country: string, handle: string) {
  const of = db
    .selectFrom('orders')
    .where('workspace_id', '=', ws)
    .where('country', '=', country)
    .where('creator', '=', handle);
  const { n } = await of.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  const rows = await of
    .select(['id', 'layout', 'import_id', 'void', ...LINE_COLS])
    .orderBy('created_time', 'desc')
    .orderBy('id', 'desc')
    .limit(ORDER_LINES_MAX)
    .execute();
  return { total: Number(n), rows };
}

/** PostgreSQL binds at most 65,535 parameters a statement; a batch stays well under it. */
const PG_PARAMS = 60_000;
/** Rows a PostgreSQL statement carries at most, whatever their width (a bigger one gains nothing). */
const PG_ROWS = 2000;
const pgBatch = (cols: number) => Math.max(1, Math.min(PG_ROWS, Math.floor(PG_PARAMS / Math.max(1, cols))));

export async function insertLines(trx: Trx, rows: readonly Insertable<OrdersTable>[]): Promise<void> {
  if (!rows.length) return;
  const size = engineOf(trx) === 'postgres' ? pgBatch(Object.keys(rows[0]!).length) : BATCH;
  for (const part of chunks(rows, size)) await trx.insertInto('orders').values(part).execute();
}

/** What a line update writes: the stored line (its id and key) and its new fields. */
export interface LineUpdate {
  id: number;
  layout: string;
  order_id: string;
  sku_id: string;
  content_id: string;
  product_id: string;
  country: string;
  creator: string;
  quantity: number;
  gmv: number;
  commission: number;
  currency: string;
  status: string;
  void: number;
  created_time: number;
  update_time: number;
}

const UPDATED = [
  'country',
  'creator',
  'quantity',
  'gmv',
  'commission',
  'currency',
  'status',
  'void',
  'created_time',
  'update_time',
] as const;

/**
 * Rewrites stored lines of the workspace in place (their key and import columns unchanged). On
 * PostgreSQL a batch is one multi-row `insert ... on conflict (id) do update` (a round trip per
 * line is what made a pass with many changed lines slow there); every id must be a stored line of
 * `ws`, and a batch that does not update exactly its rows throws (the transaction rolls back), so
 * a line is never lost, added or written twice. SQLite runs one update per line (in process, no
 * round trip), with the same checks. `size` (rows a PostgreSQL statement) is for tests.
 */
export async function updateLines(
  trx: Trx,
  ws: number,
  rows: readonly LineUpdate[],
  size = pgBatch(8 + UPDATED.length),
): Promise<void> {
  if (!rows.length) return;
  if (new Set(rows.map((r) => r.id)).size !== rows.length) throw new Error('updateLines: an id given twice');
  if (engineOf(trx) !== 'postgres') {
    for (const r of rows) {
      const done = await trx
        .updateTable('orders')
        .set(Object.fromEntries(UPDATED.map((c) => [c, r[c]])))
        .where('workspace_id', '=', ws)
        .where('id', '=', r.id)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new Error(`updateLines: line ${r.id} not found`);
    }
    return;
  }
  for (const part of chunks(rows, size)) {
    const done = await trx
      .insertInto('orders')
      // add_time would only be written by the insert path, which throws below.
      .values(part.map((r) => ({ ...r, workspace_id: ws, add_time: r.update_time })))
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => Object.fromEntries(UPDATED.map((c) => [c, eb.ref(`excluded.${c}`)])))
          // A line of another workspace is never written (and then counts as missing below).
          .where('orders.workspace_id', '=', ws),
      )
      // xmax is 0 on a row version an insert made: no stored line had that id.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    // A row that took the insert path, or one the workspace filter skipped: the batch is wrong
    // and rolls back.
    if (done.length !== part.length || done.some((d) => d.inserted))
      throw new Error(`updateLines: ${part.length} lines to update, ${done.length} updated in place`);
  }
}

export async function deleteLines(trx: Trx, ws: number, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids))
    await trx.deleteFrom('orders').where('workspace_id', '=', ws).where('id', 'in', part).execute();
}

/** Lines that keep a copy an import replaced forget it (that import is undone). */
export async function forgetCopiesOf(trx: Trx, ws: number, importId: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ prev: '', prev_import_id: 0 })
    .where('workspace_id', '=', ws)
    .where('prev_import_id', '=', importId)
    .execute();
}

export function findImport(db: Db, ws: number, id: number) {
  return db
    .selectFrom('order_imports')
    .select(['id', 'undo_time'])
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findImportByRef(db: Db, ws: number, ref: string) {
  return db
    .selectFrom('order_imports')
    .select(['id', 'undo_time', 'country', 'layout'])
    .where('workspace_id', '=', ws)
    .where('ref', '=', ref)
    .executeTakeFirst();
}

export async function insertImport(trx: Trx, values: Insertable<OrderImportsTable>): Promise<number> {
  const row = await trx.insertInto('order_imports').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Adds one call's lines to its import's counts. */
export async function countIntoImport(
  trx: Trx,
  ws: number,
  id: number,
  add: { lines: number; added: number; updated: number; refused?: number; version: number; t: number },
): Promise<void> {
  await trx
    .updateTable('order_imports')
    .set((eb) => ({
      lines: eb('lines', '+', add.lines),
      added: eb('added', '+', add.added),
      updated: eb('updated', '+', add.updated),
      ...(add.refused !== undefined ? { refused: add.refused } : {}),
      version: add.version,
      update_time: add.t,
    }))
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
}

export async function updateImport(
  trx: Trx,
  ws: number,
  id: number,
  patch: Updateable<OrderImportsTable>,
): Promise<void> {
  await trx
    .updateTable('order_imports')
    .set(patch)
    .where('workspace_id', '=', ws)
    .where('id', '=', id)
    .execute();
}
