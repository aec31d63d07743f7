/**
 * What samples cost a plan: `sample_cost` (the products one creator gets, at the shop's
 * cost) and `shipping_cost` (one shipment). Every creator of the plan who reached "shipped" costs
 * both; with the imported sales they give the plan's ROI. Existing plans start at 0 (no cost known),
 * which is also what a client that mirrored them before reads for the missing fields.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const col of ['sample_cost', 'shipping_cost'])
    await db.schema
      .alterTable('plans')
      .addColumn(col, 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(): Promise<void> {
  throw new Error('forward-only migrations');
}
