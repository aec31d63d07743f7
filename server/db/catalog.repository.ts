/**
 * Query pieces the catalog services (tags, chat templates, topics, products) share: a
 * case-insensitive substring match that reads the same on SQLite and PostgreSQL, and the
 * added-date range. Every catalog query is also scoped to workspace, country and live rows;
 * the services spell that out themselves so it stays visible at each call.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';

const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `lower(col) LIKE %needle%` with LIKE wildcards in the needle taken literally. */
export function containsCi(column: string, needle: string): RawBuilder<SqlBool> {
  const pattern = `%${escapeLike(needle.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export interface Paging {
  page: number;
  limit: number;
}

export const offsetOf = (p: Paging): number => (p.page - 1) * p.limit;

/** A count from either engine (PostgreSQL answers bigint, parsed in connection.ts). */
export const countOf = (row: { n: unknown } | undefined): number => Number(row?.n ?? 0);
