/**
 * Seller Center's order downloads read into order lines (the layouts and their pitfalls are in
 * ../shared/guide/seller-center-exports.md; the cell formats in orders-format.ts). Pure, so it runs
 * in the import worker and in tests. Two layouts are recognised by their headers, with no mapping:
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
 * A row is read whole or refused whole: a cell that does not fit its column (a number, a time, an
 * id), an empty required cell, or a CSV row with fewer or more cells than the header (cut short, or
 * a comma outside quotes) refuses the row, and each refusal names the row, the column, what it held
 * and what was expected. The good rows are still read. Lines that are `Ineligible`, `Unpaid by
 * customer`, fully refunded or cancelled are kept (a later download may change them) but never
 * counted as sales.
 */
import {
  DOT,
  parseAmount,
  parseCount,
  parseTime,
  TIME_PATTERN,
  type NumberLayout,
  type TimeFormat,
} from './orders-format.ts';

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
  /** Sales of the line in the file's currency (at most two decimals: read as whole cents). */
  gmv: number;
  commission: number;
  currency: string;
  status: string;
  /** 1: not counted as sales (ineligible, fully refunded or cancelled). */
  void: 0 | 1;
  /** Unix seconds, read as UTC (the files carry no time zone). */
  created_time: number;
}

/** What a refused cell should have held. */
export type Expected =
  'required' | 'amount' | 'count' | 'time' | 'digits' | 'yes_no' | 'currency' | 'cut' | 'extra';

export interface Refusal {
  /** Spreadsheet row number (the header is row 1). */
  row: number;
  /** The column's header as the file writes it. */
  column: string;
  /** What the cell held (cut to 60 characters). */
  value: string;
  expected: Expected;
  /** The format expected, when there is one (`DD/MM/YYYY HH:MM:SS`, `1234.50`; `12/31`: the row's cells of the header's). */
  format?: string;
}

export interface OrdersFile {
  layout: OrdersLayout;
  lines: OrderLine[];
  /** Why rows were refused (every refused cell of the first REFUSALS_KEPT rows). */
  refusals: Refusal[];
  /** Rows refused (each may have several refusals). */
  refusedRows: number;
  /** Required columns the header lacks: then no row is read. */
  missing: string[];
  /** Lines that will not count as sales (ineligible, refunded, cancelled). */
  voided: number;
  /** The all-orders layout without a creator column (US and UK downloads). */
  noCreator: boolean;
}

export type OrdersError = 'not_orders';

/** Refused rows whose reasons are kept (the count goes on). */
export const REFUSALS_KEPT = 500;

type Kind = 'digits' | 'text' | 'amount' | 'count' | 'time' | 'yes_no' | 'currency';
interface Column {
  key: string;
  kind: Kind;
  /** Must hold a value (else blank means 0 for an amount). */
  required: boolean;
  /** Must be in the header (required columns always are). */
  inHeader?: boolean;
}

const COLUMNS: Record<OrdersLayout, Column[]> = {
  affiliate: [
    { key: 'order id', kind: 'digits', required: true },
    { key: 'product id', kind: 'digits', required: true },
    { key: 'sku id', kind: 'digits', required: true },
    { key: 'currency', kind: 'currency', required: true },
    { key: 'payment amount', kind: 'amount', required: true },
    { key: 'quantity', kind: 'count', required: true },
    { key: 'fully returned or refunded', kind: 'yes_no', required: true },
    { key: 'order status', kind: 'text', required: true },
    { key: 'creator username', kind: 'text', required: true },
    { key: 'content id', kind: 'digits', required: true },
    { key: 'est. standard commission payment', kind: 'amount', required: false, inHeader: true },
    { key: 'actual commission payment', kind: 'amount', required: false, inHeader: true },
    { key: 'est. shop ads commission payment', kind: 'amount', required: false },
    { key: 'actual shop ads commission payment', kind: 'amount', required: false },
    { key: 'est. co-funded creator bonus', kind: 'amount', required: false },
    { key: 'actual co-funded creator bonus', kind: 'amount', required: false },
    { key: 'time created', kind: 'time', required: true },
  ],
  all_orders: [
    { key: 'order id', kind: 'digits', required: true },
    { key: 'sku id', kind: 'digits', required: true },
    { key: 'order status', kind: 'text', required: true },
    { key: 'quantity', kind: 'count', required: true },
    { key: 'sku quantity of return', kind: 'count', required: false },
    { key: 'sku subtotal after discount', kind: 'amount', required: true },
    { key: 'creator handle', kind: 'text', required: false },
    { key: 'created time', kind: 'time', required: true },
  ],
};

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

/** US all-orders files write 12-hour times month first; the header (`RTS Time`) or the first time says which. */
function timeFormat(layout: OrdersLayout, headers: Set<string>, firstTime: string): TimeFormat {
  if (layout === 'affiliate' || headers.has('rth time')) return 'dmy24';
  if (headers.has('rts time')) return 'mdy12';
  return /[AP]M$/i.test(firstTime) ? 'mdy12' : 'dmy24';
}

const part = (actual: number, estimate: number) => (actual > 0 ? actual : estimate);

export interface ReadOptions {
  /** The table came from an XLSX file: its date cells are instants (orders-format.ts). */
  xlsx?: boolean;
  numbers?: NumberLayout;
}

/** Reads a parsed table (headers and rows of cells) as order lines; 'not_orders' for any other file. */
export function readOrders(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  rowNumbers: readonly number[],
  opts: ReadOptions = {},
): OrdersFile | OrdersError {
  const layout = ordersLayout(headers);
  if (!layout) return 'not_orders';
  const numbers = opts.numbers ?? DOT;
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    if (!index.has(key(h))) index.set(key(h), i);
  });
  // The header's width: up to its last named column (readTable pads it to the widest row).
  let width = headers.length;
  while (width > 0 && !headers[width - 1]!.trim()) width--;
  const spec = COLUMNS[layout];
  const out: OrdersFile = {
    layout,
    lines: [],
    refusals: [],
    refusedRows: 0,
    missing: spec.filter((c) => (c.required || c.inHeader) && !index.has(c.key)).map((c) => c.key),
    voided: 0,
    noCreator: layout === 'all_orders' && !index.has('creator handle'),
  };
  if (out.missing.length) {
    out.missing = out.missing.map((k) => COLUMN_NAMES[k] ?? k);
    return out;
  }
  const timeCol = spec.find((c) => c.kind === 'time')!.key;
  const firstTime = cell(rows.find((r) => cell(r[index.get(timeCol)!]))?.[index.get(timeCol)!]);
  const times = timeFormat(layout, new Set(headers.map(key)), firstTime);
  // All-orders files carry their currency in the amounts (`GBP 39.99`, or none in US files): every
  // line's subtotal must be written like the first one's.
  let fileCurrency: string | null = null;

  rows.forEach((row, i) => {
    const orderId = cell(row[index.get('order id')!]);
    // Some downloads describe each column in a second row.
    if (/^platform unique order id/i.test(orderId)) return;
    const n = rowNumbers[i] ?? i + 2;
    const refusals: Refusal[] = [];
    const refuse = (c: string, value: string, expected: Expected, format?: string) =>
      refusals.push({
        row: n,
        column: headers[index.get(c) ?? 0] ?? c,
        value: value.length > 60 ? `${value.slice(0, 59)}…` : value,
        expected,
        ...(format ? { format } : {}),
      });
    // Cells must line up with the header; a CSV row cut short or with a stray comma does not.
    if (!opts.xlsx && row.length !== width) {
      const cut = row.length < width;
      refusals.push({
        row: n,
        column: cut ? headers[row.length]! : headers[width - 1]!,
        value: cut ? '' : cell(row[width]),
        expected: cut ? 'cut' : 'extra',
        format: `${row.length}/${width}`,
      });
    }
    const currency = layout === 'affiliate' ? cell(row[index.get('currency')!]).toUpperCase() : '';
    const v: Record<string, string | number> = {};
    for (const c of spec) {
      const at = index.get(c.key);
      const raw = at === undefined ? '' : cell(row[at]);
      if (!raw) {
        if (c.required && at !== undefined && row.length > at) refuse(c.key, raw, 'required');
        v[c.key] = c.kind === 'amount' || c.kind === 'count' ? 0 : '';
        continue;
      }
      if (c.kind === 'digits') {
        if (!/^\d{1,30}$/.test(raw)) refuse(c.key, raw, 'digits');
        v[c.key] = raw;
      } else if (c.kind === 'amount') {
        const a = parseAmount(raw, numbers, currency);
        const example = numbers.decimal === '.' ? '1234.50' : '1234,50';
        if (!a || (layout === 'all_orders' && fileCurrency !== null && a.currency !== fileCurrency)) {
          refuse(c.key, raw, 'amount', fileCurrency ? `${fileCurrency} ${example}` : example);
          continue;
        }
        if (layout === 'all_orders') fileCurrency ??= a.currency;
        v[c.key] = a.cents;
      } else if (c.kind === 'count') {
        const q = parseCount(raw);
        if (q === null) refuse(c.key, raw, 'count');
        v[c.key] = q ?? 0;
      } else if (c.kind === 'time') {
        const t = parseTime(raw, times, opts.xlsx);
        if (t === null) refuse(c.key, raw, 'time', TIME_PATTERN[times]);
        v[c.key] = t ?? 0;
      } else if (c.kind === 'yes_no') {
        if (!/^(yes|no)$/i.test(raw)) refuse(c.key, raw, 'yes_no');
        v[c.key] = raw.toLowerCase();
      } else if (c.kind === 'currency') {
        if (!/^[A-Za-z]{3}$/.test(raw)) refuse(c.key, raw, 'currency');
        v[c.key] = raw.toUpperCase();
      } else
        v[c.key] = c.key === 'creator username' || c.key === 'creator handle' ? raw.replace(/^@+/, '') : raw;
    }
    if (refusals.length) {
      out.refusedRows++;
      if (out.refusedRows <= REFUSALS_KEPT) out.refusals.push(...refusals);
      return;
    }
    const cents = (k: string) => Number(v[k] ?? 0);
    const status = String(v['order status']);
    let line: OrderLine;
    if (layout === 'affiliate') {
      const commission =
        part(cents('actual commission payment'), cents('est. standard commission payment')) +
        part(cents('actual shop ads commission payment'), cents('est. shop ads commission payment')) +
        part(cents('actual co-funded creator bonus'), cents('est. co-funded creator bonus'));
      line = {
        order_id: orderId,
        sku_id: String(v['sku id']),
        content_id: String(v['content id']),
        product_id: String(v['product id']),
        creator: String(v['creator username']),
        quantity: cents('quantity'),
        gmv: cents('payment amount') / 100,
        commission: commission / 100,
        currency,
        status,
        // Ineligible, refunded, or never paid: no sale.
        void:
          /^(ineligible|unpaid by customer)$/i.test(status) || v['fully returned or refunded'] === 'yes'
            ? 1
            : 0,
        created_time: cents('time created'),
      };
    } else {
      // `Order Refund Amount` is the whole order's (repeated per line): a line is void when it was
      // cancelled or all of its own units came back.
      const quantity = cents('quantity');
      line = {
        order_id: orderId,
        sku_id: String(v['sku id']),
        content_id: '',
        product_id: '',
        creator: String(v['creator handle']),
        quantity,
        gmv: cents('sku subtotal after discount') / 100,
        commission: 0,
        currency: fileCurrency ?? '',
        status,
        void: /cancel/i.test(status) || (quantity > 0 && cents('sku quantity of return') >= quantity) ? 1 : 0,
        created_time: cents('created time'),
      };
    }
    if (line.void) out.voided++;
    out.lines.push(line);
  });
  return out;
}

/** The headers as Seller Center writes them, for naming a missing one. */
const COLUMN_NAMES: Record<string, string> = Object.fromEntries(
  [
    'Order ID',
    'Product ID',
    'SKU ID',
    'Currency',
    'Payment Amount',
    'Quantity',
    'Fully returned or refunded',
    'Order Status',
    'Creator Username',
    'Content ID',
    'Est. standard commission payment',
    'Actual Commission Payment',
    'Time Created',
    'SKU Subtotal After Discount',
    'Created Time',
  ].map((h) => [key(h), h]),
);
