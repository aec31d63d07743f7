/**
 * Topics (challenges): hashtags the collector tracks until end_time.
 *
 * - challenge_title is the hashtag without '#'. challenge_id starts as a number derived from the
 *   lower-cased hashtag (sha256), so one hashtag has one id everywhere; the collector may replace
 *   it with the platform's id.
 * - Active = live and (no end_time or end_time still ahead). The plan limits count active topics of
 *   the whole workspace, all countries: 3 on the free tier, 50 when the caller is VIP
 *   (users.vip_until > now; in a team it is the caller's own tier that counts).
 * - The list sorts on the server by a whitelisted column; NULLs sort last in both directions on
 *   both engines, and id breaks ties so pages never overlap.
 */
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { FREE_ACTIVE_TOPICS, VIP_ACTIVE_TOPICS } from '../../contract/constants.ts';
import type {
  TopicAddRequest,
  TopicDelRequest,
  TopicListRequest,
  TopicRow,
} from '../../contract/schemas/topic.ts';
import { addedWithin, containsCi, countOf, pageOf, softDelete } from '../db/catalog.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError, conflict, invalid } from '../domain/errors.ts';

const COLUMNS = [
  'id',
  'country',
  'challenge_id',
  'challenge_title',
  'end_time',
  'cover_larger',
  'video_count',
  'view_count',
  'is_commerce',
  'add_time',
  'check_time',
] as const;

export interface TopicCaller {
  workspaceId: number;
  vipUntil: number | null;
}

function live(db: Kysely<DB>, workspaceId: number) {
  return db.selectFrom('topics').where('workspace_id', '=', workspaceId).where('deleted_at', 'is', null);
}

/** Live topics whose end has not passed at `t`. */
function active(db: Kysely<DB>, workspaceId: number, t: number) {
  return live(db, workspaceId).where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', t)]));
}

export const challengeIdOf = (title: string): string =>
  BigInt(
    `0x${crypto.createHash('sha256').update(title.toLowerCase()).digest('hex').slice(0, 15)}`,
  ).toString();

export const isVip = (vipUntil: number | null, t = now()): boolean => vipUntil !== null && vipUntil > t;

export async function listTopics(db: Kysely<DB>, workspaceId: number, q: z.infer<typeof TopicListRequest>) {
  let base = live(db, workspaceId).where('country', '=', q.country);
  if (q.title) base = base.where(containsCi('challenge_title', q.title.replace(/^#+/, '')));
  const field = q.field ?? 'add_time';
  const dir = q.sort ?? 'desc';
  return pageOf(addedWithin(base, q), q, (qb) =>
    qb
      .select(COLUMNS)
      .orderBy(sql`case when ${sql.ref(field)} is null then 1 else 0 end`)
      .orderBy(field, dir)
      .orderBy('id', dir),
  );
}

export async function addTopic(
  trx: Kysely<DB>,
  caller: TopicCaller,
  input: z.infer<typeof TopicAddRequest>,
): Promise<TopicRow> {
  const t = now();
  if (input.endTime !== undefined && input.endTime <= t) throw invalid('endTime', 'topic_end_time_past');
  // Locks the workspace row first (PostgreSQL), so the limit and duplicate checks cannot race.
  const version = await nextVersion(trx, caller.workspaceId);
  const challengeId = challengeIdOf(input.title);
  const same = await active(trx, caller.workspaceId, t)
    .select('id')
    .where('country', '=', input.country)
    .where((eb) => eb.or([eb('challenge_title', '=', input.title), eb('challenge_id', '=', challengeId)]))
    .executeTakeFirst();
  if (same) throw conflict('topic_duplicate');
  const vip = isVip(caller.vipUntil, t);
  const max = vip ? VIP_ACTIVE_TOPICS : FREE_ACTIVE_TOPICS;
  const n = countOf(
    await active(trx, caller.workspaceId, t)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  );
  if (n >= max) {
    throw new AppError(40201, vip ? 'topic_limit_vip' : 'topic_limit_free', {
      max,
      vipMax: VIP_ACTIVE_TOPICS,
    });
  }
  return trx
    .insertInto('topics')
    .values({
      workspace_id: caller.workspaceId,
      version,
      deleted_at: null,
      country: input.country,
      challenge_id: challengeId,
      challenge_title: input.title,
      end_time: input.endTime ?? null,
      cover_larger: '',
      video_count: 0,
      view_count: 0,
      is_commerce: 0,
      add_time: t,
      update_time: t,
      check_time: null,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export const deleteTopic = (trx: Kysely<DB>, workspaceId: number, input: z.infer<typeof TopicDelRequest>) =>
  softDelete(trx, 'topics', workspaceId, input, 'topic');
