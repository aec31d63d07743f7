/**
 * Content: the videos and LIVEs creators posted, one record per video in a workspace and country
 * (idempotent on the video id), with the product(s) and plan it was for. Added by pasting a link
 * (contract/tiktok-link.ts), listed per creator or plan, corrected, deleted. A record for a plan
 * moves the creator's shipped sample to "content posted" (server/services/content.service.ts).
 * "Samples without content" lists shipped samples past their post-by day (contract/shop-time.ts).
 * Every id is scoped to the caller's workspace.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { country, formInt, formList } from './common.ts';
import { rowId } from './tag.ts';
import { RowIdRequest } from './workbench.ts';
import {
  CONTENT_KINDS,
  CONTENT_SOURCES,
  PLAN_PRODUCTS_MAX,
  CONTENT_LINK_MAX,
  CONTENT_SNAPSHOT_WINDOWS,
  CONTENT_COUNT_MAX,
} from '../limits.ts';
import { isVideoLink, parseVideoLink } from '../tiktok-link.ts';

/** A TikTok product id (digits), as orders and the catalogue carry them. */
const productId = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().regex(/^\d{1,40}$/, 'content_product_invalid'),
  );
const productIds = () => formList(productId(), PLAN_PRODUCTS_MAX);
/** A plan's row id, or 0 / '' for none. */
const planRef = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? 0 : v),
    formInt().pipe(z.number({ message: 'content_plan_invalid' }).int().min(0, 'content_plan_invalid')),
  );
/** Unix seconds, 2016 (TikTok's start) to 2100. */
const postTime = () =>
  formInt().pipe(
    z
      .number({ message: 'content_time_invalid' })
      .int()
      .min(1_451_606_400, 'content_time_invalid')
      .max(4_102_444_800, 'content_time_invalid'),
  );
/** A pasted link: refused with the reason parseVideoLink gives. */
const videoLink = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .max(CONTENT_LINK_MAX * 2, 'content_link_too_long')
      .transform((raw, ctx) => {
        const parsed = parseVideoLink(raw);
        if (isVideoLink(parsed)) return parsed;
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }),
  );

/** A count read off the video (whole, not negative); refused, not rounded, when it is not one. */
const count = () =>
  formInt().pipe(
    z
      .number({ message: 'content_count_invalid' })
      .int('content_count_invalid')
      .min(0, 'content_count_invalid')
      .max(CONTENT_COUNT_MAX, 'content_count_invalid'),
  );
/**
 * The video's figures now, when the caller has them (a file's row, the extension, a member reading
 * them off TikTok): a snapshot is taken when they differ from the record's latest one; a count left
 * out keeps the latest one's value.
 */
const counts = {
  views: count().optional(),
  likes: count().optional(),
  comments: count().optional(),
  orders: count().optional(),
};

export const ContentRow = z.object({
  id: z.number().int(),
  country: z.string(),
  /** The creator's handle as the link names it, and their row id when the workspace has them (0: not yet). */
  handle: z.string(),
  creator_id: z.number().int(),
  /** TikTok product ids, comma-separated. */
  product_ids: z.string(),
  /** 0: not for a plan. */
  plan_id: z.number().int(),
  video_id: z.string(),
  link: z.string(),
  kind: z.enum(CONTENT_KINDS),
  post_time: z.number().int(),
  source: z.enum(CONTENT_SOURCES),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type ContentRow = z.infer<typeof ContentRow>;

export const ContentAddRequest = z.object({
  country: country(),
  link: videoLink(),
  plan_id: planRef().optional(),
  product_ids: productIds().optional(),
  kind: z.enum(CONTENT_KINDS, { message: 'content_kind_invalid' }).optional(),
  /** When it was posted; the time of the call when not known. */
  post_time: postTime().optional(),
  /** The shop connection writes its own records; a member's call says hand, file or extension. */
  source: z.enum(['hand', 'file', 'extension'], { message: 'content_source_invalid' }).optional(),
  ...counts,
});
export const ContentAddResult = ContentRow.extend({
  /** 1: the workspace had this video already in this country (nothing was changed). */
  already: z.number().int(),
  /** Creators moved to "content posted" by this record. */
  moved: z.number().int(),
  /** 1: the counts sent differed from the latest snapshot and were kept as a new one. */
  snapshot: z.number().int(),
});

export const ContentEditRequest = z.object({
  id: rowId(),
  plan_id: planRef().optional(),
  product_ids: productIds().optional(),
  kind: z.enum(CONTENT_KINDS, { message: 'content_kind_invalid' }).optional(),
  post_time: postTime().optional(),
  ...counts,
});
export const ContentEditResult = ContentAddResult.omit({ already: true });

/** A creator's records, or a plan's; newest post first. */
export const ContentListRequest = z
  .object({ creator_id: rowId().optional(), plan_id: rowId().optional() })
  .refine((r) => r.creator_id !== undefined || r.plan_id !== undefined, {
    message: 'content_list_scope',
    path: ['creator_id'],
  });
export const ContentListResult = z.object({
  rows: z.array(ContentRow),
  /** Records in all (the answer holds the newest CONTENT_LIST_MAX). */
  total: z.number().int(),
});

/**
 * A record's performance over its first 7 or 30 days: the last snapshot of each day since its post
 * time (day 0: the first 24 hours), oldest first. A record of another workspace is absent (40004).
 */
export const ContentSnapshotsRequest = z.object({
  id: rowId(),
  days: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([z.literal(CONTENT_SNAPSHOT_WINDOWS[0]), z.literal(CONTENT_SNAPSHOT_WINDOWS[1])], {
      message: 'content_days_invalid',
    }),
  ),
});
export const ContentSnapshotPoint = z.object({
  /** Whole days from the record's post time to the snapshot (0 … days − 1). */
  day: z.number().int(),
  taken_at: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  orders: z.number().int(),
  gmv: z.number(),
});
export type ContentSnapshotPoint = z.infer<typeof ContentSnapshotPoint>;
export const ContentSnapshotsResult = z.object({
  id: z.number().int(),
  post_time: z.number().int(),
  days: z.number().int(),
  /** At most one a day (that day's last), so at most `days`. */
  points: z.array(ContentSnapshotPoint),
});

/** A shipped sample past its post-by day with no content recorded. */
export const OverdueSampleRow = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  country: z.string(),
  creator_id: z.number().int(),
  handle: z.string(),
  /** The creator's name as the workspace keeps it ('' when none). */
  name: z.string(),
  /** The plan's products: TikTok id and title each. */
  products: z.array(z.object({ product_id: z.string(), title: z.string() })),
  /** What the sample cost the plan: products at cost plus one shipment. */
  sample_cost: z.number(),
  sample_time: z.number().int(),
  /** `YYYY-MM-DD` in the shop's time zone. */
  post_by: z.string(),
  days_overdue: z.number().int(),
  /** The plan's chat template (0: none), offered first for the reminder. */
  chat_template_id: z.number().int(),
});
export type OverdueSampleRow = z.infer<typeof OverdueSampleRow>;
export const OverdueSamplesRequest = z.object({ plan_id: rowId().optional() });
export const OverdueSamplesResult = z.object({
  rows: z.array(OverdueSampleRow),
  /** Overdue samples in all (the answer holds the OVERDUE_LIST_MAX most overdue). */
  total: z.number().int(),
});

export const contentEndpoints = {
  contentAdd: endpoint({
    method: 'POST',
    path: '/content/add',
    auth: true,
    request: ContentAddRequest,
    response: ContentAddResult,
  }),
  contentEdit: endpoint({
    method: 'PUT',
    path: '/content/edit',
    auth: true,
    request: ContentEditRequest,
    response: ContentEditResult,
  }),
  contentDel: endpoint({
    method: 'DELETE',
    path: '/content/del',
    auth: true,
    request: RowIdRequest,
    response: z.object({ id: z.number().int() }),
  }),
  contentList: endpoint({
    method: 'POST',
    path: '/content/list',
    auth: true,
    request: ContentListRequest,
    response: ContentListResult,
  }),
  contentSnapshots: endpoint({
    method: 'POST',
    path: '/content/snapshots',
    auth: true,
    request: ContentSnapshotsRequest,
    response: ContentSnapshotsResult,
  }),
  samplesOverdue: endpoint({
    method: 'POST',
    path: '/content/samples.overdue',
    auth: true,
    request: OverdueSamplesRequest,
    response: OverdueSamplesResult,
  }),
};
