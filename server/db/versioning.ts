/**
 * The workspace-wide version counter that sync builds on.
 *
 * Call `nextVersion` inside the transaction that writes rows and stamp every written row with
 * the returned value. On PostgreSQL the UPDATE locks the workspace row until commit, so versions
 * become visible in order and a pull never skips a row committed later with a smaller version.
 * One call may stamp many rows; sync/pull keeps all rows of one version on the same page.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

export async function nextVersion(trx: Transaction<DB> | Kysely<DB>, workspaceId: number): Promise<number> {
  const row = await trx
    .updateTable('workspaces')
    .set((eb) => ({ version_seq: eb('version_seq', '+', 1) }))
    .where('id', '=', workspaceId)
    .returning('version_seq')
    .executeTakeFirstOrThrow();
  return Number(row.version_seq);
}

export const now = (): number => Math.floor(Date.now() / 1000);
