/**
 * Topic tracking reads (docs/decisions/topics.md): a topic's videos, its influencers (authors of its
 * videos) and the amateur list (authors under the workspace's follower threshold that appear
 * in at least one live topic). Everything is scoped to the caller's workspace: another
 * workspace's topic id answers 40004 and reveals nothing.
 *
 * An author who is also in the creator database shows that creator's status, tags and
 * daren_* fields; otherwise status 0, no tags, empty strings.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../contract/constants.ts';
import type {
  AmateurListRequest,
  AmateurRow,
  TopicAuthorRow,
  TopicVideoListRequest,
  TopicVideoRow,
} from '../../contract/schemas/topic-tracking.ts';
import { amateurAuthors, amateurThreshold } from '../db/amateur.repository.ts';
import { containsCi, countOf, offsetOf } from '../db/catalog.repository.ts';
import { loadTags, type TagRef } from '../db/creator.repository.ts';
import type { Creator, DB, TopicAuthorsTable } from '../db/schema.ts';
import { notFound } from '../domain/errors.ts';
import { statusStr } from '../domain/labels.ts';
import { percent } from './creator.service.ts';

type Author = Selectable<TopicAuthorsTable>;
type VideoQuery = z.infer<typeof TopicVideoListRequest>;

/** '3.25%' or, when zero, the spec's dash. */
export const percentStr = (v: number): string => (Number(v) === 0 ? '-' : `${percent(v).toFixed(2)}%`);

export function socializeOf(raw: string): { platform: string; value: string }[] {
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v
      .filter((s): s is { platform: unknown; value: unknown } => typeof s === 'object' && s !== null)
      .map((s) => ({ platform: String(s.platform ?? ''), value: String(s.value ?? '') }));
  } catch {
    return [];
  }
}

async function topicOf(db: Kysely<DB>, ws: number, id: number): Promise<number> {
  const t = await db
    .selectFrom('topics')
    .select('id')
    .where('id', '=', id)
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!t) throw notFound('topic');
  return Number(t.id);
}

export async function listTopicVideos(db: Kysely<DB>, ws: number, q: VideoQuery) {
  const topicId = await topicOf(db, ws, q.challengeId);
  const base = db
    .selectFrom('topic_videos')
    .where('workspace_id', '=', ws)
    .where('topic_id', '=', topicId)
    .where('deleted_at', 'is', null);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('video_create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit)
    .offset(offsetOf(q))
    .execute();
  const list: TopicVideoRow[] = rows.map(
    ({ workspace_id: _w, version: _v, deleted_at: _d, country: _c, ...v }) => ({
      ...v,
      id: Number(v.id),
      topic_id: Number(v.topic_id),
    }),
  );
  return { list, count: countOf(total), limit: q.limit, page: q.page };
}

/** Creators in the database with these names, and their tags. */
async function creatorsOf(db: Kysely<DB>, ws: number, authors: Author[]) {
  const byCountry = new Map<string, string[]>();
  for (const a of authors) byCountry.set(a.country, [...(byCountry.get(a.country) ?? []), a.unique_id]);
  const creators = new Map<string, Creator>();
  for (const [country, names] of byCountry) {
    const rows = await db
      .selectFrom('creators')
      .selectAll()
      .where('workspace_id', '=', ws)
      .where('country', '=', country)
      .where('unique_id', 'in', names)
      .where('deleted_at', 'is', null)
      .execute();
    for (const c of rows) creators.set(`${c.country}\u0000${c.unique_id}`, c);
  }
  const tags = await loadTags(
    db,
    ws,
    [...creators.values()].map((c) => Number(c.id)),
  );
  return (a: Author) => {
    const c = creators.get(`${a.country}\u0000${a.unique_id}`);
    return { creator: c, tags: c ? (tags.get(Number(c.id)) ?? []) : [] };
  };
}

function toAuthorRow(a: Author, c: Creator | undefined, tags: TagRef[], lang: Language): TopicAuthorRow {
  const status = c ? Number(c.status) : 0;
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(a.id),
    country: a.country,
    unique_id: a.unique_id,
    creator_id: c ? Number(c.id) : null,
    status,
    status_str: statusStr(status, lang),
    tags,
    bio_link: a.bio_link,
    check_time: n(a.check_time),
    cid: a.cid,
    digg_count: Number(a.digg_count),
    email: a.email,
    follower_count: Number(a.follower_count),
    following_count: Number(a.following_count),
    friend_count: Number(a.friend_count),
    head_img: a.head_img,
    heart: Number(a.heart),
    heart_count: Number(a.heart_count),
    nick_name: a.nick_name,
    product_count: Number(a.product_count),
    daren_socialize: c?.daren_socialize ?? '',
    signature: a.signature,
    socialize: socializeOf(a.socialize),
    gmv_t30: Number(a.gmv_t30),
    video_count: Number(a.video_count),
    units_sold_t30: Number(a.units_sold_t30),
    video_publish_t30: Number(a.video_publish_t30),
    video_view_t30: Number(a.video_view_t30),
    video_engagement_t30: percent(a.video_engagement_t30),
    video_engagement_t30_str: percentStr(a.video_engagement_t30),
    categorys: a.categorys,
    add_time: Number(a.add_time),
    update_time: Number(a.update_time),
  };
}

function toAmateurRow(a: Author, c: Creator | undefined, tags: TagRef[], lang: Language): AmateurRow {
  return {
    ...toAuthorRow(a, c, tags, lang),
    daren_name: c?.daren_name ?? '',
    daren_sex: c?.daren_sex ?? '',
    daren_email: c?.daren_email ?? '',
    daren_phone: c?.daren_phone ?? '',
    daren_addr: c?.daren_addr ?? '',
    video_last_time: a.video_last_time === null ? null : Number(a.video_last_time),
    nick_update_time: a.nick_update_time === null ? null : Number(a.nick_update_time),
  };
}

export async function listTopicInfluencers(db: Kysely<DB>, ws: number, q: VideoQuery, lang: Language) {
  const topicId = await topicOf(db, ws, q.challengeId);
  const base = db
    .selectFrom('topic_authors as a')
    .innerJoin('topic_author_topics as l', 'l.author_id', 'a.id')
    .where('l.topic_id', '=', topicId)
    .where('l.workspace_id', '=', ws)
    .where('a.workspace_id', '=', ws)
    .where('a.deleted_at', 'is', null);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('a')
    .orderBy('a.follower_count', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.limit)
    .offset(offsetOf(q))
    .execute();
  const enrich = await creatorsOf(db, ws, rows);
  const list = rows.map((a) => {
    const { creator, tags } = enrich(a);
    return toAuthorRow(a, creator, tags, lang);
  });
  return { list, count: countOf(total), limit: q.limit, page: q.page };
}

export async function listAmateurs(
  db: Kysely<DB>,
  ws: number,
  q: z.infer<typeof AmateurListRequest>,
  lang: Language,
) {
  const threshold = await amateurThreshold(db, ws);
  const challenge = q.challenge?.replace(/^#+/, '').trim();
  const name = q.name?.replace(/^@+/, '').trim();
  let base = amateurAuthors(db, ws, q.country, threshold, challenge);
  if (name)
    base = base.where((eb) => eb.or([containsCi('a.unique_id', name), containsCi('a.nick_name', name)]));
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const field = sql.ref(`a.${q.field ?? 'follower_count'}`);
  const dir = q.sort ?? 'desc';
  const rows = await base
    .selectAll('a')
    .orderBy(sql`case when ${field} is null then 1 else 0 end`)
    .orderBy(field, dir)
    .orderBy('a.id', dir)
    .limit(q.limit)
    .offset(offsetOf(q))
    .execute();
  const enrich = await creatorsOf(db, ws, rows);
  const list = rows.map((a) => {
    const { creator, tags } = enrich(a);
    return toAmateurRow(a, creator, tags, lang);
  });
  return { list, count: countOf(total), limit: q.limit, page: q.page };
}
