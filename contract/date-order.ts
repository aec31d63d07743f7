/**
 * The order a file writes its dates in, as the member says it in the import dialogs (content and ad
 * spend; docs/decisions/exports-and-intake.md, "Dates day first or month first"). `02/03/2026` names
 * two days, so the server never picks one: year first is read as always, and a day-first or
 * month-first date is read only when the member chose that order for the file. No zod here: the
 * dialogs load it too.
 */
export const DATE_ORDERS = ['ymd', 'dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

/** The request field an import sends for `order`: nothing for year first, the default. */
export const dateOrderField = (order: DateOrder): { date_order?: DateOrder } =>
  order === 'ymd' ? {} : { date_order: order };

/**
 * A cell's date rewritten year first (`YYYY-MM-DD`, what follows the date kept) when `order` says
 * how to read `DD/MM/YYYY` or `MM/DD/YYYY` (`/`, `.` or `-` between, one or two digits); any other
 * cell comes back as written, for the usual reading to accept or refuse. `31/02/2026` is rewritten
 * to `2026-02-31`, which that reading refuses as no real day.
 */
export function yearFirst(cell: string, order: DateOrder = 'ymd'): string {
  const s = cell.trim();
  if (order === 'ymd') return s;
  const m = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?=$|[ T])(.*)$/.exec(s);
  if (!m) return s;
  const [first, second] = [m[1]!.padStart(2, '0'), m[3]!.padStart(2, '0')];
  const [day, month] = order === 'dmy' ? [first, second] : [second, first];
  return `${m[4]}-${month}-${day}${m[5]}`;
}

/**
 * A year-first day, with or without a time after it (`2026/3/10`, `2026-03-10 00:00:00`, a
 * spreadsheet date cell) → `2026-03-10`; anything else as written. Ad spend counts per day: its
 * import reads the day of a cell, after `yearFirst` when the member chose an order.
 */
export function dayOf(raw: string): string {
  const s = raw.trim();
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z)?)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
}
