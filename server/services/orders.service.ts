/**
 * Imported Seller Center orders and the sales they make per creator. A call carries up to
 * ORDERS_CALL_MAX lines of one download (read by src/features/import/orders-rules.ts). Each line is
 * stored once per (layout, order, SKU, content): a later download of the same line replaces it, so
 * importing a file twice changes nothing and a Pending line that became Settled or refunded is
 * counted as it is now. The replaced copy is kept on the line (`prev`), so undoing the import that
 * replaced it puts it back. Sums are recomputed by order-sums.ts.
 *
 * The parts of one file share the app's `import_ref`: one row of `order_imports` (mirrored), which
 * an undo names. A line can also be deleted alone (a history row of its creator says so).
 * Handles that match no creator are answered and kept: their sales count as soon as the creator is
 * added (salesOfNewCreators, called by every path that creates creators).
 */
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import type { OrdersImportRequest, SaleAddRequest } from '../../contract/schemas/plan.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { findLiveCreator } from '../db/creator-lookup.repository.ts';
import {
  countIntoImport,
  deleteLines,
  findImport,
  findImportByRef,
  findLine,
  forgetCopiesOf,
  insertImport,
  insertLines,
  LINE_COLS,
  linesOfCreator,
  linesOfImport,
  linesOfOrders,
  updateImport,
} from '../db/orders.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import {
  countedKeys,
  creatorsOf,
  recomputeAffected,
  touch,
  touchAffiliateOf,
  type Affected,
  type Span,
} from './order-sums.ts';
import { pairLines } from './order-match.ts';
import { advanceInPlans } from './plan-member.service.ts';

export { weekOf } from './order-sums.ts';

type Trx = Transaction<DB>;
type Input = z.infer<typeof OrdersImportRequest>;
type Line = Input['lines'][number];

const lineKey = (l: { order_id: string; sku_id: string; content_id: string }) =>
  `${l.order_id}|${l.sku_id}|${l.content_id}`;
/** A stored copy of a line, as `prev` keeps it. */
type Copy = Line & { layout: string; country: string; import_id: number };

export async function importOrders(trx: Trx, ws: number, input: Input, by?: Actor) {
  // The workspace's version lock first (a dry run writes nothing and takes none), so two imports of
  // the same lines never read the same copies to replace.
  const version = input.dryRun ? 0 : await nextVersion(trx, ws);
  // The last copy of a line within the call wins, as a later call's copy does.
  const byKey = new Map<string, Line>();
  for (const l of input.lines) byKey.set(lineKey(l), l);
  const lines = [...byKey.values()];
  const orderIds = [...new Set(lines.map((l) => l.order_id))];

  // `key`: the file line a stored line is replaced by (its own key, or the key of the file's copy
  // of a line the shop's API wrote first without a SKU id).
  const existing: (Omit<Copy, 'layout'> & {
    id: number;
    prev: string;
    prev_import_id: number;
    key: string;
  })[] = [];
  const stored = await linesOfOrders(trx, ws, input.layout, orderIds);
  const asExisting = (r: (typeof stored)[number], key: string) =>
    existing.push({
      ...r,
      key,
      id: Number(r.id),
      import_id: Number(r.import_id),
      void: Number(r.void) as 0 | 1,
    });
  for (const r of stored) if (byKey.has(lineKey(r))) asExisting(r, lineKey(r));
  if (input.layout === 'affiliate') {
    const taken = new Set(existing.map((e) => e.key));
    const apiOnly = stored.filter((r) => r.source === 'api' && !byKey.has(lineKey(r)));
    for (const [l, r] of pairLines(
      apiOnly,
      lines.filter((l) => !taken.has(lineKey(l))),
    ))
      asExisting(r, lineKey(l));
  }
  const moved = new Map<string, number>();
  for (const e of existing)
    if (e.country !== input.country) moved.set(e.country, (moved.get(e.country) ?? 0) + 1);
  const answer = {
    added: lines.length - existing.length,
    updated: existing.length,
    moved: [...moved].map(([country, n]) => ({ country, lines: n })),
  };
  if (input.dryRun) {
    const known = await creatorsOf(
      trx,
      ws,
      input.country,
      new Set(lines.map((l) => l.creator).filter(Boolean)),
    );
    const unmatched = [...new Set(lines.map((l) => l.creator).filter((h) => h && !known.has(h)))];
    return { ...answer, unmatched, creators: known.size, import_id: 0 };
  }

  const t = now();
  const imp = await importRow(trx, ws, input, by, version, t);
  // A line replaced by another import keeps that copy (one step back); re-sent by the same import,
  // it keeps what it had.
  const prevOf = new Map(
    existing.map((e) => {
      if (e.import_id === imp) return [e.key, { prev: e.prev, prev_import_id: e.prev_import_id }];
      const copy: Copy = { layout: input.layout, country: e.country, import_id: e.import_id, ...pick(e) };
      return [e.key, { prev: JSON.stringify(copy), prev_import_id: e.import_id }];
    }),
  );
  await deleteLines(
    trx,
    ws,
    existing.map((e) => e.id),
  );
  await insertLines(
    trx,
    lines.map((l) => ({
      ...l,
      workspace_id: ws,
      layout: input.layout,
      country: input.country,
      currency: l.currency.toUpperCase(),
      import_id: imp,
      ...(prevOf.get(lineKey(l)) ?? { prev: '', prev_import_id: 0 }),
      add_time: t,
      update_time: t,
    })),
  );
  if (imp)
    await countIntoImport(trx, ws, imp, {
      lines: lines.length,
      added: answer.added,
      updated: answer.updated,
      refused: input.refused,
      version,
      t,
    });

  const creators = await afterLinesWritten(trx, ws, by, { ...input, lines, replaced: existing }, version, t);
  const unmatched = [...new Set(lines.map((l) => l.creator).filter((h) => h && !creators.has(h)))];
  return { ...answer, unmatched, creators: creators.size, import_id: imp };
}

type Written = Pick<Line, 'creator' | 'product_id' | 'order_id' | 'gmv' | 'quantity' | 'void'>;

/**
 * After lines of `country` were written (an import, or the shop's sync), replacing `replaced`:
 * the sums of every creator concerned are recomputed, and a sale that counts (not void) moves its
 * creator to "selling" in the plans carrying its product. Answers the matched creators (handle → id).
 */
export async function afterLinesWritten(
  trx: Trx,
  ws: number,
  by: Actor | undefined,
  w: {
    country: string;
    layout: string;
    lines: readonly Written[];
    replaced: readonly { country: string; creator: string }[];
    /** The create times of the written and replaced lines, when the caller knows them (order-sums.ts). */
    span?: Span;
  },
  version: number,
  t: number,
): Promise<Map<string, number>> {
  // The creators whose sales change: the lines' own, the replaced lines' (maybe under another
  // country), and for all-orders lines the creators of the affiliate lines of the same orders.
  const affected: Affected = new Map();
  for (const l of w.lines) touch(affected, w.country, l.creator);
  for (const e of w.replaced) touch(affected, e.country, e.creator);
  if (w.layout === 'all_orders')
    await touchAffiliateOf(trx, ws, [...new Set(w.lines.map((l) => l.order_id))], affected);
  const matched = await recomputeAffected(trx, ws, affected, version, t, w.span);
  const creators = matched.get(w.country) ?? new Map<string, number>();
  await advanceSellers(trx, ws, by, w.lines, creators);
  return creators;
}

/** A sale that counts (not void) moves its creator (handle → id) to "selling" in the plans carrying its product. */
export async function advanceSellers(
  trx: Trx,
  ws: number,
  by: Actor | undefined,
  lines: readonly Written[],
  creators: ReadonlyMap<string, number>,
): Promise<void> {
  const sold = lines.filter((l) => !l.void && (l.gmv > 0 || l.quantity > 0) && creators.has(l.creator));
  await advanceInPlans(
    trx,
    ws,
    by,
    'selling',
    sold.map((l) => ({ creatorId: creators.get(l.creator)!, productIds: [l.product_id] })),
  );
}

const pick = (r: Line): Line => Object.fromEntries(LINE_COLS.map((c) => [c, r[c]])) as unknown as Line;

/** The import this call belongs to (found by the app's ref, or a new one); 0 for a sale entered by hand. */
async function importRow(
  trx: Trx,
  ws: number,
  input: Input,
  by: Actor | undefined,
  version: number,
  t: number,
) {
  if (input.layout === 'manual') return 0;
  const ref = input.import_ref ?? crypto.randomUUID();
  const had = await findImportByRef(trx, ws, ref);
  if (had) {
    // A part of an import already undone, or of another country or layout, is not the same import.
    if (Number(had.undo_time) > 0 || had.country !== input.country || had.layout !== input.layout)
      throw new AppError(40009, 'orders_import_closed');
    return Number(had.id);
  }
  return insertImport(trx, {
    workspace_id: ws,
    version,
    deleted_at: null,
    ref,
    file_name: input.file_name ?? '',
    country: input.country,
    layout: input.layout,
    user_id: by?.id ?? 0,
    user_name: by?.name ?? '',
    add_time: t,
    update_time: t,
  });
}

/**
 * Undoes an import: the lines it wrote are removed, and the copies it replaced are put back (one
 * step: what an earlier import had written). Sums are recomputed; stage moves stay (they are
 * history). An import already undone answers zeros.
 */
export async function undoImport(trx: Trx, ws: number, by: Actor, id: number) {
  const version = await nextVersion(trx, ws);
  const imp = await findImport(trx, ws, id);
  if (!imp) throw new AppError(40004, 'orders_import_not_found');
  if (Number(imp.undo_time) > 0) return { id, removed: 0, restored: 0 };
  const t = now();
  const rows = await linesOfImport(trx, ws, id);
  const affected: Affected = new Map();
  const restore: Copy[] = [];
  for (const r of rows) {
    touch(affected, r.country, r.creator);
    if (r.prev) restore.push(JSON.parse(r.prev) as Copy);
  }
  await deleteLines(
    trx,
    ws,
    rows.map((r) => Number(r.id)),
  );
  await insertLines(
    trx,
    restore.map((c) => ({
      ...pick(c),
      workspace_id: ws,
      layout: c.layout,
      country: c.country,
      import_id: c.import_id,
      prev: '',
      prev_import_id: 0,
      add_time: t,
      update_time: t,
    })),
  );
  for (const c of restore) touch(affected, c.country, c.creator);
  // A later import that replaced this one's copies must not put them back if it is undone too.
  await forgetCopiesOf(trx, ws, id);
  const orderIds = rows.filter((r) => r.layout === 'all_orders').map((r) => r.order_id);
  if (orderIds.length) await touchAffiliateOf(trx, ws, orderIds, affected);
  await recomputeAffected(trx, ws, affected, version, t);
  await updateImport(trx, ws, id, {
    undo_time: t,
    undo_user_id: by.id,
    undo_user_name: by.name,
    version,
    update_time: t,
  });
  return { id, removed: rows.length, restored: restore.length };
}

/** Deletes one stored line (and the copy it replaced); its creator's sums are recomputed and their history says so. */
export async function deleteLine(trx: Trx, ws: number, by: Actor, id: number) {
  const version = await nextVersion(trx, ws);
  const line = await findLine(trx, ws, id);
  if (!line) throw new AppError(40004, 'order_line_not_found');
  await deleteLines(trx, ws, [id]);
  const affected: Affected = new Map();
  touch(affected, line.country, line.creator);
  if (line.layout === 'all_orders') await touchAffiliateOf(trx, ws, [line.order_id], affected);
  const t = now();
  const matched = await recomputeAffected(trx, ws, affected, version, t);
  const creatorId = matched.get(line.country)?.get(line.creator);
  if (creatorId)
    await recordEvents(
      trx,
      ws,
      by,
      version,
      [creatorId],
      'sale_del',
      `${line.order_id}|${line.gmv}|${line.currency}`,
    );
  return { id };
}

/** A creator's stored lines, newest first, with whether each counts. */
export async function listLines(db: Kysely<DB> | Trx, ws: number, creatorId: number) {
  const creator = await findLiveCreator(db, ws, creatorId);
  if (!creator) throw new AppError(40004, 'creators_not_found');
  const { total, rows } = await linesOfCreator(db, ws, creator.country, creator.unique_id);
  const counts = await countedKeys(db, ws, rows);
  return {
    total,
    lines: rows.map((r) => ({
      id: Number(r.id),
      layout: r.layout,
      order_id: r.order_id,
      sku_id: r.sku_id,
      product_id: r.product_id,
      quantity: Number(r.quantity),
      gmv: Number(r.gmv),
      commission: Number(r.commission),
      currency: r.currency,
      status: r.status,
      created_time: Number(r.created_time),
      counted: counts(r) ? 1 : 0,
      import_id: Number(r.import_id),
    })),
  };
}

/**
 * A sale entered by hand for a creator of the workspace: an order line of layout `manual` in the
 * creator's country and currency, counted like an affiliate line; its `ref` is the line's order id,
 * so the same sale sent twice is one line.
 */
export async function addSale(trx: Trx, ws: number, input: z.infer<typeof SaleAddRequest>, by?: Actor) {
  const creator = await findLiveCreator(trx, ws, input.creator_id);
  if (!creator) throw new AppError(40004, 'creators_not_found');
  const country = creator.country as Country;
  await importOrders(
    trx,
    ws,
    {
      country,
      layout: 'manual',
      lines: [
        {
          order_id: input.ref,
          sku_id: '',
          content_id: '',
          product_id: input.product_id,
          creator: creator.unique_id,
          quantity: input.units,
          gmv: input.gmv,
          commission: input.commission ?? 0,
          currency: COUNTRY_CURRENCY[country] ?? '',
          status: 'Manual',
          void: 0,
          created_time: Math.floor(Date.parse(`${input.day}T00:00:00Z`) / 1000),
        },
      ],
    },
    by,
  );
  return { creator_id: Number(creator.id), product_id: input.product_id, order_id: input.ref };
}
