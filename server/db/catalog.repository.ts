/**
 * Query pieces the catalog services (tags, chat templates, topics, products) share: a
 * case-insensitive substring match that reads the same on SQLite and PostgreSQL, paging, and the
 * writes every catalog table does alike (existence check, uniqueness check, soft delete). The
 * services keep their own typed list queries, scoped to workspace, country and live rows.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { conflict, notFound } from '../domain/errors.ts';
import type { DB } from './schema.ts';
import { nextVersion, now } from './versioning.ts';

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

/** The catalog tables: every one has id, workspace_id, country, add_time, update_time, version, deleted_at. */
export type CatalogTable = 'tags' | 'chat_templates' | 'products' | 'topics';

/** Throws 40009 (`msgKey`) when another live row of the country already has `value` in `column`. */
export async function assertUnique(
  db: Kysely<DB>,
  table: CatalogTable,
  scope: { workspaceId: number; country: string; except?: number },
  column: 'title' | 'product_id' | 'challenge_title',
  value: string,
  msgKey: string,
): Promise<void> {
  const clash = await db
    .selectFrom(table)
    .select('id')
    .where('workspace_id', '=', scope.workspaceId)
    .where('country', '=', scope.country)
    .where('deleted_at', 'is', null)
    .where(column, '=', value)
    .where('id', '!=', scope.except ?? 0)
    .executeTakeFirst();
  if (clash) throw conflict(msgKey);
}

/**
 * Soft-deletes one live row (a tombstone with a new version, so sync drops it); 40004 when there is
 * none. A caller that already wrote other rows in this transaction passes its version, so the whole
 * change carries one version.
 */
export async function softDelete(
  trx: Kysely<DB>,
  table: CatalogTable,
  workspaceId: number,
  input: { id: number; country: string },
  what: string,
  version?: number,
): Promise<{ id: number }> {
  version ??= await nextVersion(trx, workspaceId);
  const t = now();
  const res = await trx
    .updateTable(table)
    .set({ deleted_at: t, update_time: t, version })
    .where('id', '=', input.id)
    .where('workspace_id', '=', workspaceId)
    .where('country', '=', input.country)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(what);
  return { id: input.id };
}

/** The added-date range every catalog list filters by (seconds, either bound optional). */
export interface AddedRange {
  startTime?: number | undefined;
  endTime?: number | undefined;
}

type CatalogSelect = SelectQueryBuilder<DB, CatalogTable, object>;

/** Narrows a catalog list to rows added within the query's date range (either bound optional). */
export function addedWithin<Q extends CatalogSelect>(qb: Q, q: AddedRange): Q {
  let out: CatalogSelect = qb;
  if (q.startTime !== undefined) out = out.where('add_time', '>=', q.startTime);
  if (q.endTime !== undefined) out = out.where('add_time', '<=', q.endTime);
  return out as Q;
}

/** One page of a filtered catalog list with the total count, in the spec's list shape. */
export async function pageOf<Q extends CatalogSelect, R>(
  base: Q,
  q: Paging,
  rows: (qb: Q) => { limit(n: number): { offset(n: number): { execute(): Promise<R[]> } } },
): Promise<{ list: R[]; count: number; limit: number; page: number }> {
  const total = await (base as CatalogSelect).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const list = await rows(base).limit(q.limit).offset(offsetOf(q)).execute();
  return { list, count: countOf(total), limit: q.limit, page: q.page };
}
