/**
 * The creator database (Home): list with the spec's search parameters, bulk status edit and bulk
 * tagging. Also the form pieces the invitation and blacklist calls share: a creator-name list that
 * arrives as a list or as one raw multi-line textarea, and an inclusive end-of-day bound.
 */
import { z } from 'zod';
import { CREATOR_SORT_FIELDS } from '../creator-fields.ts';
import { endpoint } from '../endpoint.ts';
import { NAME_LIST_MAX, TEXTAREA_MAX } from '../constants.ts';
import {
  country,
  dateBound,
  formInt,
  formList,
  listOf,
  optFlag,
  optText,
  paging,
  sortOrder,
  text,
} from './common.ts';
import { splitNames } from '../limits.ts';

/** Textarea chunks, split into at most NAME_LIST_MAX names. */
const names = () =>
  formList(text(TEXTAREA_MAX), NAME_LIST_MAX)
    .transform(splitNames)
    .pipe(z.array(z.string()).max(NAME_LIST_MAX));

/** A creator list (names or unique_ids): required, at least one name left after trimming. */
export const nameList = (msgKey = 'bloggers_required') => names().pipe(z.array(z.string()).min(1, msgKey));

/** Like nameList but may be empty (product ids). */
export const optNameList = names;

/** endTime: a bare date (YYYY-MM-DD) means the whole day, so it ends at 23:59:59 UTC. */
export const endBound = () =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim())
        ? Math.floor(Date.parse(`${v.trim()}T00:00:00Z`) / 1000) + 86_399
        : v,
    dateBound(),
  );

/** One tag id or a list of them (`tagsId=3`, `tagsId[0]=3&tagsId[1]=4`). */
export const tagIdList = () => formList(formInt().pipe(z.number().int().min(1)));

export { CREATOR_SORT_FIELDS };

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

export const creatorListRequest = z.object({
  ...paging,
  country: country(),
  name: optText(255),
  challenge: optText(255),
  tagsId: tagIdList(),
  isChat: optFlag(),
  isInvitation: optFlag(),
  isBlack: optFlag(),
  startTime: dateBound(),
  endTime: endBound(),
  field: z.preprocess(blank, z.enum(CREATOR_SORT_FIELDS).optional()),
  sort: sortOrder(),
});
export type CreatorListRequest = z.infer<typeof creatorListRequest>;

export const tagRef = z.object({ tag_id: z.number(), tag_title: z.string() });

const num = z.number();
const optTime = z.number().nullable();
export const creatorRow = z.object({
  id: num,
  country: z.string(),
  unique_id: z.string(),
  status: num,
  status_str: z.string(),
  tags: z.array(tagRef),
  is_chat: num,
  is_chat_str: z.string(),
  is_invitation: num,
  is_invitation_str: z.string(),
  is_black: num,
  is_black_str: z.string(),
  daren_name: z.string(),
  daren_sex: z.string(),
  daren_email: z.string(),
  daren_phone: z.string(),
  signature: z.string(),
  daren_socialize: z.string(),
  daren_addr: z.string(),
  email: z.string(),
  bio_link: z.string(),
  nick_name: z.string(),
  head_img: z.string(),
  follower_count: num,
  categorys: z.string(),
  product_count: num,
  gmv_t30: num,
  video_count: num,
  units_sold_t30: num,
  video_publish_t30: num,
  video_view_t30: num,
  /** Percent with 2 decimals (5.23 means 5.23 %). */
  video_engagement_t30: num,
  digg_count: num,
  following_count: num,
  heart: num,
  heart_count: num,
  video_last_time: optTime,
  check_time: optTime,
  nick_update_time: optTime,
  add_time: num,
  update_time: num,
});
export type CreatorRow = z.infer<typeof creatorRow>;

export const creatorEditRequest = z
  .object({
    country: country(),
    bloggers: nameList(),
    isChat: optFlag(),
    isInvitation: optFlag(),
  })
  .refine((v) => v.isChat !== undefined || v.isInvitation !== undefined, {
    message: 'status_required',
    path: ['isChat'],
  });

export const creatorSetTagsRequest = z.object({
  country: country(),
  bloggers: nameList(),
  type: z.enum(['add', 'del']),
  tagIds: tagIdList().pipe(z.array(z.number()).min(1, 'tag_ids_required')),
});

/** matched: creators of the list found in this workspace; not_found: the rest (by name). */
export const bulkResult = z.object({
  matched: z.number(),
  updated: z.number(),
  not_found: z.array(z.string()),
});

export const creatorEndpoints = {
  bloggerLists: endpoint({
    method: 'POST',
    path: '/blogger/lists',
    auth: true,
    request: creatorListRequest,
    response: listOf(creatorRow),
  }),
  bloggerEdit: endpoint({
    method: 'PUT',
    path: '/blogger/edit',
    auth: true,
    extension: true,
    request: creatorEditRequest,
    response: bulkResult,
  }),
  bloggerSetTags: endpoint({
    method: 'PUT',
    path: '/blogger/set.tags',
    auth: true,
    request: creatorSetTagsRequest,
    response: bulkResult,
  }),
};
