/**
 * Topics, a.k.a. challenges. A topic is a hashtag the
 * collector tracks until end_time; the list is paged and sorted on the server by a whitelist.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { country, listOf, paging, sortOrder } from './common.ts';
import { catalogFilters, rangeEnd, rowId, titled } from './tag.ts';
import { TOPIC_TITLE_MAX } from '../limits.ts';

export const TopicRow = z.object({
  id: z.number().int(),
  country: z.string(),
  challenge_id: z.string(),
  challenge_title: z.string(),
  end_time: z.number().int().nullable(),
  cover_larger: z.string(),
  video_count: z.number(),
  view_count: z.number(),
  is_commerce: z.number().int(),
  add_time: z.number().int(),
  check_time: z.number().int().nullable(),
});
export type TopicRow = z.infer<typeof TopicRow>;

/** Columns the topic grid may sort by; anything else is a 40001. */
export const TOPIC_SORT_FIELDS = ['add_time', 'end_time', 'video_count', 'view_count', 'check_time'] as const;
export type TopicSortField = (typeof TOPIC_SORT_FIELDS)[number];

/** The hashtag: leading '#' stripped, then one word (a hashtag cannot hold spaces or '#'). */
export const topicTitle = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^#+/, '') : v),
    titled('topic_title_required', TOPIC_TITLE_MAX).pipe(
      z.string().regex(/^[^\s#]+$/, 'topic_title_invalid'),
    ),
  );

export const TopicListRequest = z.object({
  ...catalogFilters,
  ...paging,
  field: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(TOPIC_SORT_FIELDS).optional()),
  sort: sortOrder(),
});
/** endTime: a date means "through that day"; absent means tracked until deleted. */
export const TopicAddRequest = z.object({ country: country(), title: topicTitle(), endTime: rangeEnd() });
export const TopicDelRequest = z.object({ id: rowId(), country: country() });

export const topicEndpoints = {
  challengeList: endpoint({
    method: 'POST',
    path: '/challenge/lists',
    auth: true,
    request: TopicListRequest,
    response: listOf(TopicRow),
  }),
  challengeAdd: endpoint({
    method: 'POST',
    path: '/challenge/add',
    auth: true,
    request: TopicAddRequest,
    response: TopicRow,
  }),
  challengeDel: endpoint({
    method: 'DELETE',
    path: '/challenge/del',
    auth: true,
    request: TopicDelRequest,
    response: z.object({ id: z.number().int() }),
  }),
};
