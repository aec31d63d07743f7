/**
 * Multi-row INSERT for both engines, bypassing the query builder: compiling a Kysely insert of
 * thousands of rows costs more than running it. Statements are sized to the engine's bound
 * parameter limit (SQLite 32766, PostgreSQL 65535); columns that are the same for every row
 * (workspace_id, version, deleted_at) are written as literals so they cost no parameters.
 *
 * Table and column names come from our own code, never from input.
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Engine } from '../db/dialect.ts';

export type Executor = Kysely<DB> | Transaction<DB>;
export type Value = string | number | null;
export type Constants = Record<string, number | null>;

const PARAM_LIMIT: Record<Engine, number> = { sqlite: 32766, postgres: 65535 };

/** How many rows of `width` bound values one statement may carry. */
export function rowsPerStatement(engine: Engine, width: number, cap = Infinity): number {
  return Math.max(1, Math.min(cap, Math.floor(PARAM_LIMIT[engine] / Math.max(1, width))));
}

const quote = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return `"${name}"`;
};

function literal(v: number | null): string {
  if (v === null) return 'null';
  if (!Number.isSafeInteger(v)) throw new Error(`constant ${v} is not an integer`);
  return String(v);
}

const tupleCache = new Map<string, string>();

/** "(?,?),(?,?)" or "($1,$2),($3,$4)", each tuple ending with the constants' literals. */
function tuples(engine: Engine, width: number, count: number, tail: string): string {
  if (engine === 'sqlite') {
    // Every tuple is the same text: repeat() is cheaper than any cache keyed by the version.
    const one = `(${'?,'.repeat(width - 1)}?${tail})`;
    return one + `,${one}`.repeat(count - 1);
  }
  const key = `${width}|${count}|${tail}`;
  let text = tupleCache.get(key);
  if (text === undefined) {
    const parts: string[] = new Array<string>(count);
    let n = 0;
    for (let r = 0; r < count; r++) {
      const marks: string[] = new Array<string>(width);
      for (let c = 0; c < width; c++) marks[c] = `$${++n}`;
      parts[r] = `(${marks.join(',')}${tail})`;
    }
    text = parts.join(',');
    if (tupleCache.size > 64) tupleCache.clear();
    tupleCache.set(key, text);
  }
  return text;
}

export interface InsertOptions {
  constants?: Constants;
  returning?: readonly string[];
}

/**
 * Inserts `rows` (values in `columns` order) with as few statements as the parameter limit
 * allows, and returns the RETURNING rows (in no guaranteed order: match them by key).
 * Run it inside a transaction: a failure part-way leaves earlier statements written otherwise.
 */
export async function insertRows(
  db: Executor,
  engine: Engine,
  table: keyof DB & string,
  columns: readonly string[],
  rows: readonly Value[][],
  opts: InsertOptions = {},
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const constants = Object.entries(opts.constants ?? {});
  const names = [...columns, ...constants.map(([k]) => k)].map(quote).join(',');
  // The constants' literals sit in the placeholder tuples; the tail is the same for every row.
  const tail = constants.map(([, v]) => `,${literal(v)}`).join('');
  const returning = opts.returning?.length ? ` returning ${opts.returning.map(quote).join(',')}` : '';
  const width = columns.length;
  const step = rowsPerStatement(engine, width);
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < rows.length; start += step) {
    const slice = rows.slice(start, start + step);
    const params: Value[] = new Array<Value>(slice.length * width);
    let i = 0;
    for (const row of slice) {
      if (row.length !== width) throw new Error(`${table}: row has ${row.length} values, expected ${width}`);
      for (const v of row) params[i++] = v;
    }
    const text = `insert into ${quote(table)} (${names}) values ${tuples(engine, width, slice.length, tail)}${returning}`;
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params));
    if (returning) for (const r of result.rows) out.push(r);
  }
  return out;
}
