/**
 * Affiliate order lines from the shop's API into the one ledger the Seller Center file import
 * writes (`orders`, layout `affiliate`): a line the file brought is updated in place (it keeps its
 * SKU id and the file's GMV, the payment amount the API does not carry), a line only the API knows
 * is added with an empty SKU id (source 'api') until a file names it (order-match.ts). A line that
 * has not changed is not written. Sums and plan stages then move through the import's own step
 * (afterLinesWritten). Nothing is deleted: a line that leaves TikTok's window stays as last seen.
 */
import type { Transaction } from 'kysely';
import type { ApiOrderLine } from '../integrations/tiktok-shop/index.ts';
import { chunks } from '../db/creator.repository.ts';
import { insertLines, linesOfOrders, updateLines } from '../db/orders.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { pairLines, sharedKey } from './order-match.ts';
import { addWeeks, creatorsOf, recomputeAffected, spanOf, touch, type Affected } from './order-sums.ts';
import { advanceSellers, afterLinesWritten } from './orders.service.ts';

type Trx = Transaction<DB>;
type Stored = Awaited<ReturnType<typeof linesOfOrders>>[number];

const FIELDS = [
  'creator',
  'quantity',
  'gmv',
  'commission',
  'currency',
  'status',
  'void',
  'created_time',
] as const;

const same = (s: Stored, l: ApiOrderLine, country: string) =>
  s.country === country &&
  FIELDS.every((f) => (typeof l[f] === 'number' ? Number(s[f]) === l[f] : s[f] === l[f]));

/** The stored lines of these orders, which of them the API changes, and the lines no stored one pairs with. */
async function diff(trx: Trx, ws: number, country: string, lines: readonly ApiOrderLine[]) {
  const stored = await linesOfOrders(trx, ws, 'affiliate', [...new Set(lines.map((l) => l.order_id))]);
  const pairs = pairLines(stored, lines);
  const updates: { s: Stored; next: ApiOrderLine }[] = [];
  const fresh: ApiOrderLine[] = [];
  for (const l of lines) {
    const s = pairs.get(l);
    if (!s) {
      fresh.push(l);
      continue;
    }
    // A line a file wrote keeps the file's GMV (the payment after discounts, which the API lacks).
    const next = { ...l, gmv: s.source === 'api' ? l.gmv : Number(s.gmv) };
    if (!same(s, next, country)) updates.push({ s, next });
  }
  return { stored, updates, fresh, changed: updates.length + fresh.length };
}

async function allOrdersTimes(trx: Trx, ws: number, orderIds: readonly string[]): Promise<number[]> {
  const out: number[] = [];
  for (const part of chunks([...new Set(orderIds)]))
    for (const r of await trx
      .selectFrom('orders')
      .select('created_time')
      .where('workspace_id', '=', ws)
      .where('layout', '=', 'all_orders')
      .where('order_id', 'in', part)
      .execute())
      out.push(Number(r.created_time));
  return out;
}

/**
 * Writes lines of one or more pages; answers how many were added or changed, and the version it
 * took (0: nothing changed). With `weeks`, the sums are not recomputed here: the weeks they need
 * summing in are added to `weeks` for the caller to sum once (order-sums.ts, weekGroups and sumWeekGroup).
 */
export async function writeShopOrderLines(
  trx: Trx,
  ws: number,
  country: string,
  lines: readonly ApiOrderLine[],
  weeks?: Set<number>,
): Promise<{ written: number; version: number }> {
  if (!lines.length) return { written: 0, version: 0 };
  // Read first without the workspace's version lock: a pass that changes nothing bumps no version
  // (every bump wakes the workspace's devices to pull).
  if (!(await diff(trx, ws, country, lines)).changed) return { written: 0, version: 0 };
  // Then under the lock, as an import takes it, and read again: an import of the same lines waits
  // or has finished, so a line is never added by both.
  const version = await nextVersion(trx, ws);
  const { stored, updates, fresh } = await diff(trx, ws, country, lines);
  const t = now();
  const written: ApiOrderLine[] = [];
  const replaced: { country: string; creator: string }[] = [];
  // The weeks whose sums can change: those of the lines as written and as they were.
  let span = spanOf(updates.map(({ s }) => Number(s.created_time)));
  await updateLines(
    trx,
    ws,
    updates.map(({ s, next }) => ({
      id: Number(s.id),
      layout: 'affiliate',
      order_id: s.order_id,
      sku_id: s.sku_id,
      content_id: s.content_id,
      product_id: s.product_id,
      country,
      creator: next.creator,
      quantity: next.quantity,
      gmv: next.gmv,
      commission: next.commission,
      currency: next.currency,
      status: next.status,
      void: next.void,
      created_time: next.created_time,
      update_time: t,
    })),
  );
  for (const { s, next } of updates) {
    written.push(next);
    replaced.push({ country: s.country, creator: s.creator });
  }
  // Two SKUs of one product through one video, neither known by a file: told apart by a number.
  const used = new Set(stored.map((s) => `${sharedKey(s)}|${s.sku_id}`));
  const skuOf = (l: ApiOrderLine) => {
    let sku = '';
    for (let n = 2; used.has(`${sharedKey(l)}|${sku}`); n++) sku = `#${n}`;
    used.add(`${sharedKey(l)}|${sku}`);
    return sku;
  };
  await insertLines(
    trx,
    fresh.map((l) => ({
      ...l,
      sku_id: skuOf(l),
      workspace_id: ws,
      layout: 'affiliate',
      country,
      source: 'api',
      import_id: 0,
      prev: '',
      prev_import_id: 0,
      add_time: t,
      update_time: t,
    })),
  );
  written.push(...fresh);
  span = spanOf(
    written.map((l) => l.created_time),
    span,
  );
  // An all-orders line of the same orders stops (or starts) counting with an affiliate line: its
  // week too, should the file have dated it apart from the API.
  const orderIds = written.map((l) => l.order_id);
  if (written.length && weeks) {
    const times = [...updates.map(({ s }) => Number(s.created_time)), ...written.map((l) => l.created_time)];
    addWeeks(weeks, [...times, ...(await allOrdersTimes(trx, ws, orderIds))]);
    // A line that was stored under another country: that country's sums now, as an import does.
    const elsewhere: Affected = new Map();
    for (const r of replaced) if (r.country !== country) touch(elsewhere, r.country, r.creator);
    if (elsewhere.size) await recomputeAffected(trx, ws, elsewhere, version, t);
    const handles = new Set(written.map((l) => l.creator).filter(Boolean));
    await advanceSellers(trx, ws, undefined, written, await creatorsOf(trx, ws, country, handles));
  } else if (written.length)
    await afterLinesWritten(
      trx,
      ws,
      undefined,
      {
        country,
        layout: 'affiliate',
        lines: written,
        replaced,
        span: spanOf(await allOrdersTimes(trx, ws, orderIds), span),
      },
      version,
      t,
    );
  return { written: written.length, version };
}
