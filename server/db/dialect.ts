import { PostgresAdapter, type Kysely, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** An auto-increment integer primary key that reads the same on both engines. */
export function withId<T extends string>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  table: CreateTableBuilder<T, any>,
  engine: Engine,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): CreateTableBuilder<T, any> {
  return engine === 'postgres'
    ? table.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
