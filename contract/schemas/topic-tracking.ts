/**
 * Topic tracking: a topic's videos, its influencers (the
 * authors of its videos) and the amateur list (authors below the workspace's follower
 * threshold, across topics). Additions: blogger.to.creators (amateurs into the creator
 * database) and the amateur threshold setting.
 *
 * Engagement travels twice: video_engagement_t30 as a number (a percentage, 3.25 = 3.25 %)
 * for sorting and charts, and video_engagement_t30_str already formatted ('3.25%' or '-').
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { country, formInt, listOf, optText, paging, sortOrder } from './common.ts';
import { nameList, tagRef } from './creator.ts';
import { IntakeResult } from './intake.ts';
import { rowId } from './tag.ts';
import { AMATEUR_THRESHOLD_MAX } from '../limits.ts';

const num = z.number();
const optTime = z.number().nullable();

export const TopicVideoRow = z.object({
  id: num,
  topic_id: num,
  unique_id: z.string(),
  video_id: z.string(),
  video_desc: z.string(),
  is_ad: num,
  video_create_time: num,
  collect_count: num,
  comment_count: num,
  digg_count: num,
  play_count: num,
  share_count: num,
  video_definition: z.string(),
  video_codec_type: z.string(),
  video_format: z.string(),
  video_width: num,
  video_height: num,
  video_ratio: z.string(),
  video_size: num,
  video_cover_path: z.string(),
  video_download_path: z.string(),
  add_time: num,
  update_time: num,
});
export type TopicVideoRow = z.infer<typeof TopicVideoRow>;

export const Socialize = z.object({ platform: z.string(), value: z.string() });

/** A topic influencer. status/tags come from the creator database when the author is in it. */
export const TopicAuthorRow = z.object({
  id: num,
  country: z.string(),
  unique_id: z.string(),
  /** The creator's id in the creator database, or null when the author is not in it. */
  creator_id: z.number().nullable(),
  status: num,
  status_str: z.string(),
  tags: z.array(tagRef),
  bio_link: z.string(),
  check_time: optTime,
  cid: z.string(),
  digg_count: num,
  email: z.string(),
  follower_count: num,
  following_count: num,
  friend_count: num,
  head_img: z.string(),
  heart: num,
  heart_count: num,
  nick_name: z.string(),
  product_count: num,
  daren_socialize: z.string(),
  signature: z.string(),
  socialize: z.array(Socialize),
  gmv_t30: num,
  video_count: num,
  units_sold_t30: num,
  video_publish_t30: num,
  video_view_t30: num,
  video_engagement_t30: num,
  video_engagement_t30_str: z.string(),
  categorys: z.string(),
  add_time: num,
  update_time: num,
});
export type TopicAuthorRow = z.infer<typeof TopicAuthorRow>;

/** An amateur: a topic influencer plus the creator-database fields the spec lists. */
export const AmateurRow = TopicAuthorRow.extend({
  daren_name: z.string(),
  daren_sex: z.string(),
  daren_email: z.string(),
  daren_phone: z.string(),
  daren_addr: z.string(),
  video_last_time: optTime,
  nick_update_time: optTime,
});
export type AmateurRow = z.infer<typeof AmateurRow>;

export const AMATEUR_SORT_FIELDS = [
  'follower_count',
  'following_count',
  'friend_count',
  'digg_count',
  'heart_count',
  'video_count',
  'product_count',
  'gmv_t30',
  'units_sold_t30',
  'video_publish_t30',
  'video_view_t30',
  'video_engagement_t30',
  'video_last_time',
  'check_time',
  'add_time',
  'update_time',
] as const;
export type AmateurSortField = (typeof AMATEUR_SORT_FIELDS)[number];

export const TopicVideoListRequest = z.object({
  ...paging,
  /** Accepted as the spec sends it; the topic id alone decides the rows. */
  country: country(),
  challengeId: rowId(),
});

export const AmateurListRequest = z.object({
  ...paging,
  country: country(),
  /** Matches unique_id or nick_name (substring, any case, leading @ ignored). */
  name: optText(255),
  /** A topic: its id, its challenge_id, or (part of) its hashtag, '#' optional. */
  challenge: optText(255),
  field: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(AMATEUR_SORT_FIELDS).optional(),
  ),
  sort: sortOrder(),
});

export const ToCreatorsRequest = z.object({ country: country(), bloggers: nameList() });
export const ToCreatorsResult = IntakeResult.extend({ not_found: z.array(z.string()) });

export const ThresholdRequest = z.object({
  threshold: formInt().pipe(
    z
      .number()
      .int()
      .min(1, 'amateur_threshold_invalid')
      .max(AMATEUR_THRESHOLD_MAX, 'amateur_threshold_invalid'),
  ),
});
export const ThresholdInfo = z.object({ threshold: num, can_edit: num });

export const topicTrackingEndpoints = {
  challengeVideoList: endpoint({
    method: 'POST',
    path: '/challenge/video.lists',
    auth: true,
    request: TopicVideoListRequest,
    response: listOf(TopicVideoRow),
  }),
  challengeVideoBloggerList: endpoint({
    method: 'POST',
    path: '/challenge/video.blogger.lists',
    auth: true,
    request: TopicVideoListRequest,
    response: listOf(TopicAuthorRow),
  }),
  challengeBloggerList: endpoint({
    method: 'POST',
    path: '/challenge/blogger.lists',
    auth: true,
    request: AmateurListRequest,
    response: listOf(AmateurRow),
  }),
  challengeBloggerToCreators: endpoint({
    method: 'POST',
    path: '/challenge/blogger.to.creators',
    auth: true,
    request: ToCreatorsRequest,
    response: ToCreatorsResult,
  }),
  amateurThresholdInfo: endpoint({
    method: 'GET',
    path: '/workspace/amateur.threshold',
    auth: true,
    request: z.object({}),
    response: ThresholdInfo,
  }),
  amateurThresholdSet: endpoint({
    method: 'PUT',
    path: '/workspace/amateur.threshold',
    auth: true,
    request: ThresholdRequest,
    response: ThresholdInfo,
  }),
};
