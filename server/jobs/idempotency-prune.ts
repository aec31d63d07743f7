/**
 * Prunes stored Idempotency-Keys older than IDEMPOTENCY_KEEP_SECONDS (30 days). An
 * offline outbox can hold a change for days, so a retry inside the window must still replay the
 * stored answer; past it the key is forgotten. Runs at start and then every hour in every server
 * process: the delete is idempotent, so processes sharing a database need no coordination.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';

export const IDEMPOTENCY_KEEP_SECONDS = 30 * 24 * 3600;
const EVERY_MS = 3600 * 1000;

/** Deletes the keys stored before `t` − 30 days; answers how many went. */
export async function pruneIdempotencyKeys(db: Kysely<DB>, t = now()): Promise<number> {
  const res = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', t - IDEMPOTENCY_KEEP_SECONDS)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export function schedulePruning(app: FastifyInstance, db: Kysely<DB>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= pruneIdempotencyKeys(db)
      .then((n) => n > 0 && app.log.info({ pruned: n }, 'idempotency keys pruned'))
      .catch((err: unknown) => app.log.error({ err }, 'idempotency key pruning failed'))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, EVERY_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
