/**
 * POST /affiliate_seller/202410/orders/search over the lazily generated order space, plus the order
 * changes the control API makes.
 *
 * The guide documents no update-time filter: a connector that wants changed lines has to read a
 * trailing window by create time again, so that is all this offers (`create_time_ge` inclusive,
 * `create_time_lt` exclusive, `program_id`). Orders come newest first; paging is a keyset cursor on
 * (create_time, id), so orders added mid-walk never shift or repeat a page. The order of results is
 * not documented (unconfirmed). `page_size` counts orders; `total_count` counts SKU lines (one SDK's
 * reading, unconfirmed).
 */
import { paramInvalid } from './errors.ts';
import type { OrderFacts } from './order-space.ts';
import type { ApiOrder, OrderOverlay } from './order-view.ts';
import { apiOrder, refundAt, statusAt } from './order-view.ts';
import { decodePageToken, encodePageToken } from './page-token.ts';
import type { ShopRuntime } from './shop.ts';

const TOKEN_TAG = 'orders.search';
const DAY = 86_400;

export interface OrderSearchOptions {
  maxRangeDays: number | null;
}

const optInt = (body: Record<string, unknown>, key: string): number | undefined => {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw paramInvalid(key, 'must be a non-negative integer of Unix seconds');
  }
  return v;
};

interface Position {
  facts: OrderFacts;
  overlay: OrderOverlay | undefined;
}

/**
 * Orders with ge ≤ create_time < lt and (create_time, id) < `before`, newest first: the generated
 * space walked downwards by index, merged with the added orders.
 */
export function* ordersDescending(
  shop: ShopRuntime,
  ge: number,
  lt: number,
  before?: { t: number; id: string },
): Generator<Position> {
  const { space } = shop;
  const lo = space.firstAtOrAfter(ge);
  let g = space.firstAtOrAfter(lt) - 1;
  if (before) g = Math.min(g, space.firstKeyAtOrAfter(before.t, before.id) - 1);
  const below = (t: number, id: string) => !before || t < before.t || (t === before.t && id < before.id);
  // Added orders are few: filter them once, then merge them into the downward walk.
  const added = shop.added.filter(
    (o) => o.createTime >= ge && o.createTime < lt && below(o.createTime, o.id),
  );
  let a = added.length - 1;
  while (g >= lo || a >= 0) {
    const add = a >= 0 ? added[a] : undefined;
    let takeAdded = false;
    if (add && g < lo) takeAdded = true;
    else if (add) {
      const gt = space.createTime(g);
      takeAdded = add.createTime > gt || (add.createTime === gt && add.id > space.orderId(g));
    }
    let facts: OrderFacts;
    if (takeAdded && add) {
      facts = space.facts(add.index, add.createTime);
      a--;
    } else {
      facts = space.facts(g);
      g--;
    }
    yield { facts, overlay: shop.overlay.get(facts.id) };
  }
}

/** SKU lines in [ge, lt) without a program filter: arithmetic on the generated space. */
function lineTotal(shop: ShopRuntime, ge: number, lt: number): number {
  const { space } = shop;
  let total = space.linesBefore(space.firstAtOrAfter(lt)) - space.linesBefore(space.firstAtOrAfter(ge));
  for (const o of shop.added) if (o.createTime >= ge && o.createTime < lt) total += space.linesOf(o.index);
  return total;
}

const programTotals = new WeakMap<ShopRuntime, Map<string, number>>();

/** With a program filter the total needs one full walk; it is cached until the shop changes. */
function programLineTotal(shop: ShopRuntime, ge: number, lt: number, program: string): number {
  let cache = programTotals.get(shop);
  if (!cache) programTotals.set(shop, (cache = new Map()));
  const key = `${shop.version}:${ge}:${lt}:${program}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let total = 0;
  for (const { facts } of ordersDescending(shop, ge, lt))
    total += facts.lines.filter((l) => l.program.id === program).length;
  if (cache.size > 100) cache.clear();
  cache.set(key, total);
  return total;
}

export function searchOrders(
  shop: ShopRuntime,
  now: number,
  body: Record<string, unknown>,
  page: { size: number; token: string | undefined },
  opts: OrderSearchOptions,
) {
  const lt = optInt(body, 'create_time_lt') ?? now;
  const ge = optInt(body, 'create_time_ge') ?? 0;
  const program = body.program_id;
  if (
    program !== undefined &&
    program !== null &&
    (typeof program !== 'string' || !/^\d{1,20}$/.test(program))
  ) {
    throw paramInvalid('program_id', 'must be a decimal string id');
  }
  const programId = typeof program === 'string' ? program : null;
  if (opts.maxRangeDays !== null && lt - ge > opts.maxRangeDays * DAY) {
    throw paramInvalid('create_time_ge', `the time range may span at most ${opts.maxRangeDays} days`);
  }
  let before: { t: number; id: string } | undefined;
  if (page.token) {
    const c = decodePageToken(TOKEN_TAG, page.token);
    if (typeof c.t !== 'number' || typeof c.id !== 'string')
      throw paramInvalid('page_token', 'invalid page token');
    before = { t: c.t, id: c.id };
  }
  const keep =
    programId === null ? () => true : (l: { program: { id: string } }) => l.program.id === programId;
  const orders: ApiOrder[] = [];
  let more = false;
  let last: OrderFacts | null = null;
  for (const { facts, overlay } of ordersDescending(shop, ge, lt, before)) {
    if (programId !== null && !facts.lines.some(keep)) continue;
    if (orders.length === page.size) {
      more = true;
      break;
    }
    orders.push(apiOrder(facts, now, shop.catalog.currency, overlay, keep));
    last = facts;
  }
  const total =
    ge >= lt ? 0 : programId === null ? lineTotal(shop, ge, lt) : programLineTotal(shop, ge, lt, programId);
  return {
    orders,
    next_page_token: more && last ? encodePageToken(TOKEN_TAG, { t: last.createTime, id: last.id }) : '',
    total_count: total,
  };
}

export interface ChangedLine {
  order_id: string;
  product_id: string;
  sku_id: string;
  change: 'refund' | 'settle' | 'cancel';
}

/**
 * Changes `count` SKU lines among the most recent orders, as a connector's incremental sync should
 * then find them: 'refund' fully refunds one line, 'settle' completes a PROCESSING order (all its
 * lines) and 'cancel' cancels one. Orders with more lines than remain to change are skipped, so the
 * count is exact.
 */
export function changeOrderLines(
  shop: ShopRuntime,
  now: number,
  count: number,
  kind: ChangedLine['change'],
  createdBefore = now + 1,
): ChangedLine[] {
  const changed: ChangedLine[] = [];
  for (const { facts, overlay: existing } of ordersDescending(shop, 0, createdBefore)) {
    if (changed.length >= count) break;
    const status = statusAt(facts, now, existing);
    if (status === 'CANCELLED') continue;
    if (kind === 'refund') {
      let overlay = existing;
      for (const line of facts.lines) {
        if (changed.length >= count) break;
        if (refundAt(line, now, overlay).refunded >= line.quantity) continue;
        overlay ??= { lines: new Map() };
        overlay.lines.set(line.slot, { refunded: line.quantity, returned: line.quantity, at: now });
        shop.overlay.set(facts.id, overlay);
        changed.push({ order_id: facts.id, product_id: line.product.id, sku_id: line.sku.id, change: kind });
      }
      continue;
    }
    if (status !== 'PROCESSING' || facts.lines.length > count - changed.length) continue;
    const overlay: OrderOverlay = existing ?? { lines: new Map() };
    overlay.status = { value: kind === 'settle' ? 'COMPLETED' : 'CANCELLED', at: now };
    shop.overlay.set(facts.id, overlay);
    for (const line of facts.lines) {
      changed.push({ order_id: facts.id, product_id: line.product.id, sku_id: line.sku.id, change: kind });
    }
  }
  shop.version++;
  return changed;
}

/**
 * Adds `count` new orders created at `createTime` (default: one a second, the last just before now,
 * so a search whose `create_time_lt` defaults to now finds them all).
 */
export function addOrders(shop: ShopRuntime, now: number, count: number, createTime?: number): string[] {
  const ids: string[] = [];
  for (let k = 0; k < count; k++) {
    const index = shop.space.orderCount + shop.added.length;
    const t = createTime ?? now - (count - k);
    const id = shop.space.orderId(index);
    shop.added.push({ index, createTime: t, id });
    ids.push(id);
  }
  shop.added.sort((x, y) => x.createTime - y.createTime || (x.id < y.id ? -1 : 1));
  shop.version++;
  return ids;
}

/** The facts of one order by id (generated or added), or null. */
export function findOrder(shop: ShopRuntime, id: string): Position | null {
  const index = shop.space.indexOfId(id);
  if (index === null) return null;
  if (index < shop.space.orderCount) return { facts: shop.space.facts(index), overlay: shop.overlay.get(id) };
  const added = shop.added.find((o) => o.id === id);
  return added ? { facts: shop.space.facts(index, added.createTime), overlay: shop.overlay.get(id) } : null;
}
