/**
 * Topic tracking writes (additions to the spec, docs/decisions/topics.md):
 * - blogger.to.creators: topic authors into the creator database in one action, through the
 *   same upsert as creator intake (by workspace, country, unique_id; metrics refreshed, the
 *   seller's flags, tags and notes kept).
 * - the amateur threshold: who counts as an amateur (followers below it). Only the personal
 *   workspace's owner or the team's admin may change it, since it changes every member's list.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../contract/constants.ts';
import type { ThresholdRequest, ToCreatorsRequest } from '../../contract/schemas/topic-tracking.ts';
import { chunks } from '../db/creator.repository.ts';
import type { DB } from '../db/schema.ts';
import type { AuthContext } from './session.service.ts';
import { AppError, forbidden } from '../domain/errors.ts';
import { intakeCreators } from './intake.service.ts';
import { amateurThreshold } from '../db/amateur.repository.ts';

export async function authorsToCreators(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof ToCreatorsRequest>,
  lang: Language,
) {
  const found = [];
  for (const names of chunks(input.bloggers, 500)) {
    found.push(
      ...(await trx
        .selectFrom('topic_authors')
        .selectAll()
        .where('workspace_id', '=', ws)
        .where('country', '=', input.country)
        .where('unique_id', 'in', names)
        .where('deleted_at', 'is', null)
        .execute()),
    );
  }
  if (!found.length) throw new AppError(40004, 'topic_authors_not_found');
  const known = new Set(found.map((a) => a.unique_id));
  const items = found.map((a) => ({
    unique_id: a.unique_id,
    nick_name: a.nick_name,
    head_img: a.head_img,
    email: a.email,
    bio_link: a.bio_link,
    signature: a.signature,
    categorys: a.categorys,
    follower_count: Number(a.follower_count),
    following_count: Number(a.following_count),
    heart_count: Number(a.heart_count),
    digg_count: Number(a.digg_count),
    video_count: Number(a.video_count),
    product_count: Number(a.product_count),
    units_sold_t30: Number(a.units_sold_t30),
    video_publish_t30: Number(a.video_publish_t30),
    video_view_t30: Number(a.video_view_t30),
    gmv_t30: Number(a.gmv_t30),
    video_engagement_t30: Number(a.video_engagement_t30),
  }));
  const result = await intakeCreators(trx, ws, items, { defaultCountry: input.country, lang });
  return { ...result, not_found: input.bloggers.filter((n) => !known.has(n)) };
}

export async function canEditThreshold(db: Kysely<DB>, auth: AuthContext): Promise<boolean> {
  const ws = await db
    .selectFrom('workspaces')
    .select(['kind', 'owner_user_id'])
    .where('id', '=', auth.workspaceId)
    .executeTakeFirst();
  if (!ws) return false;
  if (ws.kind === 'personal') return Number(ws.owner_user_id) === Number(auth.user.id);
  const team = await db
    .selectFrom('teams')
    .select('admin_user_id')
    .where('workspace_id', '=', auth.workspaceId)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return !!team && Number(team.admin_user_id) === Number(auth.user.id);
}

export async function thresholdInfo(db: Kysely<DB>, auth: AuthContext) {
  return {
    threshold: await amateurThreshold(db, auth.workspaceId),
    can_edit: (await canEditThreshold(db, auth)) ? 1 : 0,
  };
}

export async function setThreshold(
  trx: Transaction<DB>,
  auth: AuthContext,
  input: z.infer<typeof ThresholdRequest>,
) {
  if (!(await canEditThreshold(trx, auth))) throw forbidden('amateur_threshold_forbidden');
  await trx
    .updateTable('workspaces')
    .set({ amateur_threshold: input.threshold })
    .where('id', '=', auth.workspaceId)
    .execute();
  return { threshold: input.threshold, can_edit: 1 };
}
