/**
 * Every mutating call runs through `mutation`: one transaction that holds the change and, when
 * the client sent an `Idempotency-Key`, the stored response. A replay of the key returns the
 * stored response without applying the change again (decisions D13). Failed calls store
 * nothing, so a retry after a fix runs again.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Envelope } from '../../contract/wire.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { authOf, type AuthContext } from './auth.ts';

export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key && key.length <= 200 ? key : undefined;
}

export async function mutation<T>(
  db: Kysely<DB>,
  req: FastifyRequest,
  fn: (trx: Transaction<DB>, auth: AuthContext) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const auth = authOf(req);
  const key = idempotencyKeyOf(req);
  const run = () =>
    db.transaction().execute(async (trx) => {
      if (key) {
        // Claim the key before the change: a second copy of the same call arriving meanwhile
        // (a retry racing the original) waits here until the first commits, then replays its
        // answer, instead of running the change against the first one's result (which would
        // answer e.g. "not found" for a delete that in fact succeeded).
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ user_id: auth.user.id, key, response: '', created_at: now() })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const stored = await trx
            .selectFrom('idempotency_keys')
            .select('response')
            .where('user_id', '=', auth.user.id)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          return JSON.parse(stored.response) as Envelope<T>;
        }
      }
      const env = await fn(trx, auth);
      if (key) {
        await trx
          .updateTable('idempotency_keys')
          .set({ response: JSON.stringify(env) })
          .where('user_id', '=', auth.user.id)
          .where('key', '=', key)
          .execute();
      }
      return env;
    });
  try {
    return await run();
  } catch (err) {
    // A unique conflict while copies of one key raced: run again, which replays the stored response.
    if (key && /unique|duplicate/i.test(String((err as Error).message))) return run();
    throw err;
  }
}
