/**
 * Column helpers for migrations that create tables (0029 plans, 0031 orders): every column NOT NULL
 * with an empty default, so a row written by an older server still reads as a full row.
 */
import type { CreateTableBuilder } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Table = CreateTableBuilder<string, any>;

/** The scope and sync columns of a mirrored table. */
export const synced = (t: Table): Table =>
  t
    .addColumn('workspace_id', 'bigint', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint');
export const str = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'text', (c) => c.notNull().defaultTo('')), t);
export const num = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0)), t);
export const dbl = (t: Table, ...names: string[]): Table =>
  names.reduce((acc, n) => acc.addColumn(n, 'double precision', (c) => c.notNull().defaultTo(0)), t);
