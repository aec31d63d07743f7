/**
 * Writes one refresh: upserts the topic's videos and their authors, links authors to the topic,
 * and sets the topic's video_count, view_count and check_time. One workspace version stamps
 * every row written (topics are synced, so the topic's new counts reach the PWA through sync).
 *
 * Authors are upserted in groups of identical field sets, so a field a provider did not send
 * keeps its stored value instead of being blanked.
 */
import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB, TopicAuthorsTable } from '../db/schema.ts';
import { chunks } from '../db/creator.repository.ts';
import { nextVersion } from '../db/versioning.ts';
import type { Collected, CollectedAuthor, CollectedVideo } from './provider.ts';

export interface TopicRef {
  id: number;
  workspace_id: number;
  country: string;
  cover_larger: string;
}

const VIDEO_FIELDS = [
  'unique_id',
  'video_desc',
  'is_ad',
  'video_create_time',
  'collect_count',
  'comment_count',
  'digg_count',
  'play_count',
  'share_count',
  'video_definition',
  'video_codec_type',
  'video_format',
  'video_width',
  'video_height',
  'video_ratio',
  'video_size',
  'video_cover_path',
  'video_download_path',
] as const;

async function upsertVideos(
  trx: Transaction<DB>,
  topic: TopicRef,
  videos: CollectedVideo[],
  at: number,
  version: number,
) {
  for (const part of chunks(videos, 100)) {
    await trx
      .insertInto('topic_videos')
      .values(
        part.map((v) => ({
          ...v,
          workspace_id: topic.workspace_id,
          topic_id: topic.id,
          country: topic.country,
          add_time: at,
          update_time: at,
          version,
          deleted_at: null,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['topic_id', 'video_id']).doUpdateSet((eb) => ({
          ...Object.fromEntries(VIDEO_FIELDS.map((f) => [f, eb.ref(`excluded.${f}`)])),
          update_time: at,
          version,
        })),
      )
      .execute();
  }
}

type AuthorRow = Omit<CollectedAuthor, 'socialize'> & { socialize?: string; video_last_time: number | null };

async function upsertAuthors(
  trx: Transaction<DB>,
  topic: TopicRef,
  rows: AuthorRow[],
  at: number,
  version: number,
) {
  const groups = new Map<string, AuthorRow[]>();
  for (const r of rows) {
    const key = Object.keys(r).sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  for (const group of groups.values()) {
    const fields = Object.keys(group[0]!).filter((f) => f !== 'unique_id' && f !== 'video_last_time');
    for (const part of chunks(group, 100)) {
      await trx
        .insertInto('topic_authors')
        .values(
          part.map((a) => ({
            ...a,
            workspace_id: topic.workspace_id,
            country: topic.country,
            check_time: at,
            add_time: at,
            update_time: at,
            version,
            deleted_at: null,
          })) as Insertable<TopicAuthorsTable>[],
        )
        .onConflict((oc) =>
          oc.columns(['workspace_id', 'country', 'unique_id']).doUpdateSet(() => ({
            ...Object.fromEntries(fields.map((f) => [f, sql.ref(`excluded.${f}`)])),
            // SET expressions read the old row, so this compares the stored name with the new one.
            ...(fields.includes('nick_name')
              ? {
                  nick_update_time: sql<number>`case when topic_authors.nick_name <> excluded.nick_name then ${at} else topic_authors.nick_update_time end`,
                }
              : {}),
            video_last_time: sql<number>`case when topic_authors.video_last_time is null or topic_authors.video_last_time < excluded.video_last_time then excluded.video_last_time else topic_authors.video_last_time end`,
            check_time: at,
            update_time: at,
            version,
            deleted_at: null,
          })),
        )
        .execute();
    }
  }
}

export async function storeRefresh(trx: Transaction<DB>, topic: TopicRef, got: Collected, at: number) {
  const version = await nextVersion(trx, topic.workspace_id);
  const videos = [...new Map(got.videos.map((v) => [v.video_id, v])).values()];
  const lastVideo = new Map<string, number>();
  for (const v of videos)
    lastVideo.set(v.unique_id, Math.max(lastVideo.get(v.unique_id) ?? 0, v.video_create_time));
  const byName = new Map<string, CollectedAuthor>(got.authors.map((a) => [a.unique_id, a]));
  // Every video's author is stored, even when the provider had no profile for it.
  for (const name of lastVideo.keys()) if (!byName.has(name)) byName.set(name, { unique_id: name });
  const authors: AuthorRow[] = [...byName.values()].map(({ socialize, ...a }) => ({
    ...a,
    ...(socialize ? { socialize: JSON.stringify(socialize) } : {}),
    video_last_time: lastVideo.get(a.unique_id) || null,
  }));

  await upsertVideos(trx, topic, videos, at, version);
  await upsertAuthors(trx, topic, authors, at, version);
  for (const names of chunks([...lastVideo.keys()], 500)) {
    const ids = await trx
      .selectFrom('topic_authors')
      .select('id')
      .where('workspace_id', '=', topic.workspace_id)
      .where('country', '=', topic.country)
      .where('unique_id', 'in', names)
      .execute();
    if (!ids.length) continue;
    await trx
      .insertInto('topic_author_topics')
      .values(
        ids.map((r) => ({ workspace_id: topic.workspace_id, topic_id: topic.id, author_id: Number(r.id) })),
      )
      .onConflict((oc) => oc.columns(['topic_id', 'author_id']).doNothing())
      .execute();
  }

  const totals = await trx
    .selectFrom('topic_videos')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('play_count').as('views')])
    .where('topic_id', '=', topic.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  const cover = topic.cover_larger || videos.find((v) => v.video_cover_path)?.video_cover_path || '';
  const counts = { video_count: Number(totals?.n ?? 0), view_count: Number(totals?.views ?? 0) };
  await trx
    .updateTable('topics')
    .set({ ...counts, cover_larger: cover, check_time: at, update_time: at, version })
    .where('id', '=', topic.id)
    .where('workspace_id', '=', topic.workspace_id)
    .execute();
  return { videos: videos.length, authors: authors.length, ...counts };
}
