/**
 * PostgreSQL answers bigint columns as strings; a row sent to clients carries its ids and times as
 * numbers on both engines. Converts the string values of `id`, `*_id` and `*_time` columns.
 */
export const numericIds = <T extends Record<string, unknown>>(row: T): T =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      typeof v === 'string' && /(^id$|_id$|_time$)/.test(k) ? Number(v) : v,
    ]),
  ) as T;
