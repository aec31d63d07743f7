/**
 * Seller Center's order downloads read into order lines (issue 23; the layouts and their pitfalls
 * are in ../shared/guide/seller-center-exports.md). Pure, so it runs in the import worker and in
 * tests. Two layouts are recognised by their headers, with no manual mapping:
 *
 * - Affiliate orders (Seller Center → Affiliate → Orders): one row per order × SKU × creator
 *   content; US files have 30 columns, UK files add `Creator Region`. GMV of a line is its
 *   `Payment Amount`; commission is, per part (standard, Shop Ads, co-funded bonus), the actual
 *   payment when above 0, else the estimate.
 * - All orders (Seller Center → Orders → Export): one row per SKU line, `Order Amount` repeated
 *   per line (so per-line sales come from `SKU Subtotal After Discount`), cells that end in a tab,
 *   a BOM, UK money written `GBP 39.99`, US times `MM/DD/YYYY h:mm:ss AM/PM`, UK ones day first,
 *   and sometimes a description row under the header. US and UK files name no creator and no
 *   product id; regional files add `Creator Handle`.
 *
 * Every line is kept with its status: lines that are `Ineligible`, `Unpaid by customer`, fully
 * refunded or cancelled (all-orders: cancelled, or all of the line's units returned; the refund
 * amount there is the whole order's) are stored (a later download may change them) but never
 * counted as sales.
 */

export type OrdersLayout = 'affiliate' | 'all_orders';

export interface OrderLine {
  order_id: string;
  sku_id: string;
  /** The creator's video or LIVE (affiliate layout); '' otherwise. */
  content_id: string;
  /** TikTok's product id; '' in the all-orders layout (it carries none). */
  product_id: string;
  /** The creator's handle without '@'; '' when the file names none. */
  creator: string;
  quantity: number;
  /** Sales of the line in the file's currency. */
  gmv: number;
  commission: number;
  currency: string;
  status: string;
  /** 1: not counted as sales (ineligible, fully refunded or cancelled). */
  void: 0 | 1;
  /** Unix seconds, read as UTC (the files carry no time zone). 0 when absent. */
  created_time: number;
}

export interface OrdersFile {
  layout: OrdersLayout;
  lines: OrderLine[];
  /** Spreadsheet row numbers of rows that could not be read (no order id, a number that is not one). */
  bad: number[];
  /** Lines that will not count as sales (ineligible, refunded, cancelled). */
  voided: number;
  /** The all-orders layout without a creator column (US and UK downloads). */
  noCreator: boolean;
}

export type OrdersError = 'not_orders';

/** A header as written, without a BOM, trailing tabs or case differences. */
const key = (h: string): string =>
  h
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
/** A cell without the trailing tab Seller Center writes after ids and times. */
const cell = (s: string | undefined): string => (s ?? '').replace(/\t+$/, '').trim();

/** The layout the headers say, or null. */
export function ordersLayout(headers: readonly string[]): OrdersLayout | null {
  const has = new Set(headers.map(key));
  if (has.has('order id') && has.has('creator username') && has.has('payment amount')) return 'affiliate';
  if (has.has('order id') && has.has('sku subtotal after discount')) return 'all_orders';
  return null;
}

/** `24.99`, `GBP 39.99`, `1,234.50`, '' → the number (NaN when it is not one) and a currency if written. */
export function money(raw: string): { value: number; currency: string } {
  const s = cell(raw);
  if (!s) return { value: 0, currency: '' };
  const m = /^([A-Z]{3})\s*(.*)$/.exec(s);
  const num = (m ? m[2]! : s).replace(/,/g, '');
  return { value: /^-?\d+(\.\d+)?$/.test(num) ? Number(num) : NaN, currency: m ? m[1]! : '' };
}

/**
 * `DD/MM/YYYY HH:MM:SS` (affiliate files, UK all-orders) or `MM/DD/YYYY h:mm:ss AM/PM` (US
 * all-orders: the AM/PM says which) → unix seconds, read as UTC; 0 when empty or unreadable.
 */
export function orderTime(raw: string): number {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2}):(\d{2})\s*(AM|PM)?$/i.exec(cell(raw));
  if (!m) return 0;
  const [, a, b, year, h, min, sec, half] = m;
  const [day, month] = half ? [Number(b), Number(a)] : [Number(a), Number(b)];
  let hour = Number(h);
  if (half) hour = (hour % 12) + (half.toUpperCase() === 'PM' ? 12 : 0);
  const t = Date.UTC(Number(year), month - 1, day, hour, Number(min), Number(sec));
  const d = new Date(t);
  // 31/02 and the like roll over in Date.UTC: refuse them.
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month - 1) return 0;
  return Math.floor(t / 1000);
}

const part = (actual: number, estimate: number) =>
  actual > 0 ? actual : Number.isFinite(estimate) ? estimate : 0;

/** Reads a parsed table (headers and rows of cells) as order lines; 'not_orders' for any other file. */
export function readOrders(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  rowNumbers: readonly number[],
): OrdersFile | OrdersError {
  const layout = ordersLayout(headers);
  if (!layout) return 'not_orders';
  const index = new Map(headers.map((h, i) => [key(h), i]));
  const col = (row: readonly string[], name: string) => {
    const i = index.get(name);
    return i === undefined ? '' : cell(row[i]);
  };
  const num = (row: readonly string[], name: string) => money(col(row, name)).value;
  const lines: OrderLine[] = [];
  const bad: number[] = [];
  let voided = 0;
  rows.forEach((row, i) => {
    const orderId = col(row, 'order id');
    // Some downloads describe each column in a second row.
    if (/^platform unique order id/i.test(orderId)) return;
    let line: OrderLine;
    if (layout === 'affiliate') {
      const status = col(row, 'order status');
      const refunded = /^yes$/i.test(col(row, 'fully returned or refunded'));
      line = {
        order_id: orderId,
        sku_id: col(row, 'sku id'),
        content_id: col(row, 'content id'),
        product_id: col(row, 'product id'),
        creator: col(row, 'creator username').replace(/^@+/, ''),
        quantity: num(row, 'quantity'),
        gmv: num(row, 'payment amount'),
        commission:
          part(num(row, 'actual commission payment'), num(row, 'est. standard commission payment')) +
          part(num(row, 'actual shop ads commission payment'), num(row, 'est. shop ads commission payment')) +
          part(num(row, 'actual co-funded creator bonus'), num(row, 'est. co-funded creator bonus')),
        currency: col(row, 'currency').toUpperCase(),
        status,
        // Ineligible, refunded, or never paid: no sale.
        void: /^(ineligible|unpaid by customer)$/i.test(status) || refunded ? 1 : 0,
        created_time: orderTime(col(row, 'time created')),
      };
    } else {
      const subtotal = money(col(row, 'sku subtotal after discount'));
      const status = col(row, 'order status');
      const quantity = num(row, 'quantity');
      // `Order Refund Amount` is the whole order's (repeated per line): a line is void when it was
      // cancelled or all of its own units came back.
      const returned = num(row, 'sku quantity of return');
      line = {
        order_id: orderId,
        sku_id: col(row, 'sku id'),
        content_id: '',
        product_id: '',
        creator: col(row, 'creator handle').replace(/^@+/, ''),
        quantity,
        gmv: subtotal.value,
        commission: 0,
        currency: subtotal.currency,
        status,
        void: /cancel/i.test(status) || (quantity > 0 && returned >= quantity) ? 1 : 0,
        created_time: orderTime(col(row, 'created time')),
      };
    }
    const n = rowNumbers[i] ?? i + 2;
    if (
      !/^\d{1,30}$/.test(line.order_id) ||
      !Number.isFinite(line.gmv) ||
      !Number.isFinite(line.commission) ||
      !Number.isInteger(line.quantity) ||
      line.quantity < 0
    ) {
      bad.push(n);
      return;
    }
    if (line.void) voided++;
    lines.push(line);
  });
  return { layout, lines, bad, voided, noCreator: layout === 'all_orders' && !index.has('creator handle') };
}
