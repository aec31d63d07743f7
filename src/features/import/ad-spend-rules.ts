/**
 * An ad-spend file (Spark Ads / Shop Ads downloads, or any layout a seller maps by hand) read into
 * the rows `/plan/cost.import` takes (contract/schemas/ad-spend.ts). Pure, so it runs in the import
 * worker and in tests. The columns are guessed from their headers and can be changed; the cells are
 * sent as the file has them (trimmed): the server reads and refuses each one by name. Only a day
 * written year first, which names one day whatever the locale, is rewritten as `YYYY-MM-DD`; a
 * day-first or month-first date is sent as it is, for the server to read in the order the member
 * chose (contract/date-order.ts), or refuse.
 */
import { dayOf } from '../../../contract/date-order.ts';
import type { AdSpendRowInput } from '../../../contract/schemas/ad-spend.ts';

export const AD_FIELDS = ['video', 'date', 'amount', 'currency', 'campaign'] as const;
export type AdField = (typeof AD_FIELDS)[number];
/** A file cannot be checked without these mapped. */
export const AD_REQUIRED: readonly AdField[] = ['video', 'date', 'amount'];

const norm = (h: string) =>
  h
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/** Header words per field, most telling first (the first column that matches takes the field). */
const GUESS: [AdField, RegExp][] = [
  [
    'video',
    /^(video id|post id|item id|tiktok post id|tiktok video id|content id|video link|post link|tiktok post|video|post)$/,
  ],
  ['video', /(video|post|item) (id|link|url)/],
  ['date', /^(date|day|by day|stat time day|stat time|date time|report date)$/],
  ['date', /\bdate\b/],
  ['amount', /^(cost|spend|total cost|ad spend|amount spent|amount spent \(.*\)|cost \(.*\))$/],
  ['amount', /\b(cost|spend)\b/],
  ['currency', /^currency$/],
  ['campaign', /^(campaign name|campaign|ad name|ad group name)$/],
];

export function guessAdMapping(headers: readonly string[]): (AdField | null)[] {
  const out: (AdField | null)[] = headers.map(() => null);
  const keys = headers.map(norm);
  for (const [field, re] of GUESS) {
    if (out.includes(field)) continue;
    const i = keys.findIndex((k, col) => out[col] === null && re.test(k));
    if (i >= 0) out[i] = field;
  }
  return out;
}

/** The mapped cells of each row, numbered as the spreadsheet numbers them. */
export function adRows(
  rows: readonly (readonly string[])[],
  rowNumbers: readonly number[],
  mapping: readonly (AdField | null)[],
): AdSpendRowInput[] {
  const col = (f: AdField) => mapping.indexOf(f);
  const [v, d, a, c, k] = AD_FIELDS.map(col) as [number, number, number, number, number];
  const at = (cells: readonly string[], i: number) =>
    i < 0 ? '' : (cells[i] ?? '').replace(/\t+$/, '').trim();
  return rows.map((cells, i) => ({
    row: rowNumbers[i] ?? i + 2,
    video: at(cells, v),
    date: dayOf(at(cells, d)),
    amount: at(cells, a),
    currency: at(cells, c),
    campaign: at(cells, k),
  }));
}
