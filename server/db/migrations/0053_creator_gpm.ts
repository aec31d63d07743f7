/**
 * `creators.gpm_t30`: the GMV per 1,000 views TikTok's marketplace reports for a creator the shop
 * works with (docs/decisions/shop-connection.md, "Content, quota and creator details from the API"),
 * in the shop's currency; 0 when not known. Fit and lookalikes read it before the GPM they derive
 * from GMV and views (contract/fit/lookalike-index.ts), which may come from two sources of two dates.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('creators')
    .addColumn('gpm_t30', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
