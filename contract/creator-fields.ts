/** Creator fields both programs name, in a module without zod so the query worker can import it. */

/** Numeric columns of the creator row (a blank row holds 0 in each). */
export const CREATOR_NUMERIC_FIELDS = [
  'status',
  'is_chat',
  'is_invitation',
  'is_black',
  'follower_count',
  'product_count',
  'gmv_t30',
  'video_count',
  'units_sold_t30',
  'video_publish_t30',
  'video_view_t30',
  'video_engagement_t30',
  'digg_count',
  'following_count',
  'heart',
  'heart_count',
] as const;

/** Numeric and time columns of the creator row a grid may sort by. */
export const CREATOR_SORT_FIELDS = [
  ...CREATOR_NUMERIC_FIELDS,
  'video_last_time',
  'check_time',
  'nick_update_time',
  'add_time',
  'update_time',
] as const;
