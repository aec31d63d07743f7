/**
 * Every mutating call runs through `mutation`: one transaction that holds the change and, when
 * the client sent an `Idempotency-Key`, the stored response. A replay of the key returns the
 * stored response without applying the change again. Failed calls store
 * nothing, so a retry after a fix runs again.
 *
 * The key is stored with a fingerprint of the request (method, path, body without `language`);
 * the same key with another request answers 40009 instead of replaying an unrelated answer.
 * `language` is left out because a replay may come after the user switched languages.
 * Keys are pruned after IDEMPOTENCY_KEEP_SECONDS (server/jobs/idempotency-prune.ts).
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Envelope } from '../../contract/wire.ts';
import type { DB } from '../db/schema.ts';
import { now } from '../db/versioning.ts';
import { authOf } from './auth.ts';
import type { AuthContext } from '../services/session.service.ts';
import { AppError } from '../domain/errors.ts';
import { input } from './validate.ts';

export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  return key && key.length <= 200 ? key : undefined;
}

/** Object keys sorted, so equal bodies hash alike whatever order their fields came in. */
const sortedKeys = (_key: string, v: unknown): unknown => {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  // No prototype, so a `__proto__` key of a JSON body stays an own key that is hashed too.
  const out = Object.create(null) as Record<string, unknown>;
  for (const k of Object.keys(v).sort()) out[k] = (v as Record<string, unknown>)[k];
  return out;
};

export function requestFingerprint(req: FastifyRequest): string {
  const raw = input(req);
  const { language: _language, ...body } = (raw && typeof raw === 'object' ? raw : {}) as Record<
    string,
    unknown
  >;
  const path = req.url.split('?')[0] ?? '';
  return crypto
    .createHash('sha256')
    .update(`${req.method} ${path} ${JSON.stringify(body, sortedKeys)}`)
    .digest('hex');
}

/**
 * Whether this call repeats one already answered (same user, same Idempotency-Key): a limit that
 * counts what a call makes (pairing codes) lets a replay through uncounted, so a retry after a lost
 * answer gets its answer even at the limit. Two copies racing the first answer are both counted.
 */
export async function answeredBefore(db: Kysely<DB>, req: FastifyRequest): Promise<boolean> {
  const key = idempotencyKeyOf(req);
  if (!key) return false;
  const stored = await db
    .selectFrom('idempotency_keys')
    .select('response')
    .where('user_id', '=', authOf(req).user.id)
    .where('key', '=', key)
    .executeTakeFirst();
  return stored !== undefined && stored.response !== '';
}

export async function mutation<T>(
  db: Kysely<DB>,
  req: FastifyRequest,
  fn: (trx: Transaction<DB>, auth: AuthContext) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const auth = authOf(req);
  const key = idempotencyKeyOf(req);
  const fingerprint = key ? requestFingerprint(req) : null;
  const run = () =>
    db.transaction().execute(async (trx) => {
      if (key) {
        // Claim the key before the change: a second copy of the same call arriving meanwhile
        // (a retry racing the original) waits here until the first commits, then replays its
        // answer, instead of running the change against the first one's result (which would
        // answer e.g. "not found" for a delete that in fact succeeded).
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({ user_id: auth.user.id, key, response: '', fingerprint, created_at: now() })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const stored = await trx
            .selectFrom('idempotency_keys')
            .select(['response', 'fingerprint'])
            .where('user_id', '=', auth.user.id)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          // Keys stored before fingerprints existed (null) replay as they always did.
          if (stored.fingerprint !== null && stored.fingerprint !== fingerprint)
            throw new AppError(40009, 'idempotency_key_reused');
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
