/**
 * Collaboration plans: a push for products with the creators in it, each creator moving
 * through stages from "to contact" to "selling" (or out, with a reason). Plans and their creators
 * are mirrored (contract/sync.ts) and these calls are what the outbox replays; every id is scoped to
 * the caller's workspace. A stage change is also a row of the creator's timeline (kind `stage`).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { country, formInt, formList, optFlag, optText } from './common.ts';
import { rowId, titled } from './tag.ts';
import { dueDate, RowIdRequest } from './workbench.ts';
import {
  PLAN_STAGES,
  PLAN_NAME_MAX,
  PLAN_REASON_MAX,
  PLAN_CALL_MAX,
  PLAN_PRODUCTS_MAX,
  COMMISSION_MIN,
  COMMISSION_MAX,
  BUDGET_MAX,
  inHundredths,
  WEEKLY_QUOTA_MAX,
  PLAN_INVITE_MAX,
  ORDERS_CALL_MAX,
  ORDER_LAYOUTS,
  ORDER_FILE_NAME_MAX,
  POST_WITHIN_MAX,
} from '../limits.ts';

const planName = () => titled('plan_name_required', PLAN_NAME_MAX, 'plan_name_too_long');

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A percent with at most two decimals, 1–80. */
const commission = () =>
  z.preprocess(
    blank,
    z.coerce
      .number({ message: 'plan_commission_invalid' })
      .min(COMMISSION_MIN, 'plan_commission_invalid')
      .max(COMMISSION_MAX, 'plan_commission_invalid')
      .refine(inHundredths, 'plan_commission_invalid')
      .transform((n) => Math.round(n * 100) / 100),
  );
/** An amount in the shop's currency, at most two decimals (more are refused), 0 when absent. */
const amountOf = (msgKey: string) => () =>
  z.preprocess(
    blank,
    z.coerce
      .number({ message: msgKey })
      .min(0, msgKey)
      .max(BUDGET_MAX, msgKey)
      .refine(inHundredths, msgKey)
      .transform((n) => Math.round(n * 100) / 100),
  );
const budget = amountOf('plan_budget_invalid');
const cost = amountOf('plan_cost_invalid');
/** A day or nothing ('' clears it on edit). */
const optDay = () => z.preprocess((v) => (v === null ? '' : v), z.union([z.literal(''), dueDate()]));

export const PlanRow = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  /** The plan's products: ids of the workspace's product rows, comma-separated. */
  product_ids: z.string(),
  commission_rate: z.number(),
  budget: z.number(),
  /** What one creator's samples cost: the products at cost, and one shipment (0: not known). */
  sample_cost: z.number(),
  shipping_cost: z.number(),
  /** Days a creator has to post after samples ship (contract/shop-time.ts). */
  post_within_days: z.number().int(),
  /** `YYYY-MM-DD` or ''. */
  start_date: z.string(),
  end_date: z.string(),
  /** 0: none. */
  chat_template_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type PlanRow = z.infer<typeof PlanRow>;

export const PlanCreatorRow = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  creator_id: z.number().int(),
  stage: z.enum(PLAN_STAGES),
  reason: z.string(),
  /** When the creator entered this stage (unix seconds). */
  stage_time: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type PlanCreatorRow = z.infer<typeof PlanCreatorRow>;

const planFields = {
  product_ids: formList(rowId(), PLAN_PRODUCTS_MAX),
  commission_rate: commission().optional(),
  budget: budget().optional(),
  sample_cost: cost().optional(),
  shipping_cost: cost().optional(),
  post_within_days: z
    .preprocess(
      blank,
      z.coerce
        .number({ message: 'plan_post_within_invalid' })
        .int('plan_post_within_invalid')
        .min(1, 'plan_post_within_invalid')
        .max(POST_WITHIN_MAX, 'plan_post_within_invalid'),
    )
    .optional(),
  start_date: optDay().optional(),
  end_date: optDay().optional(),
  chat_template_id: formInt().pipe(z.number().int().min(0)).optional(),
};

const datesInOrder = (p: { start_date?: string; end_date?: string }) =>
  !p.start_date || !p.end_date || p.start_date <= p.end_date;

export const PlanAddRequest = z
  .object({ name: planName(), country: country(), ...planFields })
  .refine(datesInOrder, { message: 'plan_dates_order', path: ['end_date'] });
export const PlanEditRequest = z
  .object({
    id: rowId(),
    name: planName().optional(),
    ...planFields,
    product_ids: planFields.product_ids.optional(),
  })
  .refine(datesInOrder, { message: 'plan_dates_order', path: ['end_date'] });

const creatorIds = () =>
  formList(rowId(), PLAN_CALL_MAX).pipe(z.array(z.number()).min(1, 'plan_creators_required'));

export const PlanCreatorsRequest = z.object({ plan_id: rowId(), creator_ids: creatorIds() });
export const PlanStageRequest = z.object({
  plan_id: rowId(),
  creator_ids: creatorIds(),
  stage: z.enum(PLAN_STAGES, { message: 'plan_stage_invalid' }),
  reason: optText(PLAN_REASON_MAX),
});

/**
 * A target invitation of a plan's creators (TikTok: at most 100 creators and 10 products, commission
 * 1–80 %): the plan's products and commission go with it. A larger list is refused naming the limit;
 * the app sends larger selections in batches of PLAN_INVITE_MAX.
 */
export const PlanInviteRequest = z.object({
  plan_id: rowId(),
  creator_ids: formList(rowId(), PLAN_INVITE_MAX).pipe(z.array(z.number()).min(1, 'plan_creators_required')),
});
export const PlanInviteResult = z.object({
  plan_id: z.number().int(),
  /** Creators the invitation was recorded for (moved to "invited" when they were before it). */
  invited: z.number().int(),
  /** Ids left alone: not in the plan, or not of the plan's country. */
  skipped: z.number().int(),
  /** Names refused because they are on the blacklist. */
  blacklisted: z.array(z.string()),
});

/** A message sent to a creator (TikTok: at most 5 before the creator replies). */
export const PlanMessageRequest = z.object({ creator_id: rowId() });
export const PlanMessageResult = z.object({
  creator_id: z.number().int(),
  /** Messages recorded to this creator before a reply, this one included (0 once connected). */
  messages: z.number().int(),
});

const idText = (max = 40) => z.string().trim().max(max).regex(/^\d*$/, 'orders_bad_id');
/** An amount in cents' precision: more decimals would be a guess at what the file meant. */
const amount = () =>
  z.number().finite().min(-1_000_000_000).max(1_000_000_000).refine(inHundredths, 'orders_amount_cents');
/** One line of a Seller Center order download, as src/features/import/orders-rules.ts reads it. */
export const OrderLineInput = z.object({
  order_id: idText().pipe(z.string().min(1, 'orders_bad_id')),
  sku_id: idText(),
  content_id: idText(),
  product_id: idText(),
  creator: z.string().trim().max(100),
  quantity: z.number().int().min(0).max(1_000_000),
  gmv: amount(),
  commission: amount(),
  currency: z
    .string()
    .trim()
    .max(3)
    .regex(/^[A-Za-z]*$/),
  status: z.string().trim().max(50),
  void: z.union([z.literal(0), z.literal(1)]),
  created_time: z.number().int().min(0).max(4_102_444_800),
});
/**
 * A part of an order download (JSON, at most ORDERS_CALL_MAX lines). Creators are matched by handle
 * in `country`; a line seen before (same layout, order, SKU and content) is replaced.
 */
export const OrdersImportRequest = z.object({
  country: country(),
  layout: z.enum(ORDER_LAYOUTS),
  lines: z.array(OrderLineInput).min(1, 'orders_empty').max(ORDERS_CALL_MAX),
  /**
   * Made by the app once per file: the parts of one file are one import, undone together. A call
   * without it is an import of its own.
   */
  import_ref: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'orders_bad_ref')
    .optional(),
  /** The file's name, as the imports list shows it. */
  file_name: optText(ORDER_FILE_NAME_MAX),
  /** Rows of the file refused on the device (said on the import's row). */
  refused: formInt().pipe(z.number().int().min(0).max(1_000_000)).optional(),
  /** 1: say what the call would add, replace and move, and write nothing. */
  dryRun: optFlag(),
});
export const OrdersImportResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  /**
   * Lines this call replaces that were imported under another country, per country: their sales
   * leave that country's creators.
   */
  moved: z.array(z.object({ country: z.string(), lines: z.number().int() })),
  /** Handles of lines whose creator is not in the workspace's database: kept, counted once the creator is added. */
  unmatched: z.array(z.string()),
  /** Creators whose sales were recomputed. */
  creators: z.number().int(),
  /** The import the lines belong to (0 on a dry run). */
  import_id: z.number().int(),
});

/** An import undone: the lines it wrote are removed, the copies it replaced put back. */
export const OrdersUndoResult = z.object({
  id: z.number().int(),
  removed: z.number().int(),
  restored: z.number().int(),
});

/** One stored order line of a creator, as the board's "Sales lines" lists it. */
export const OrderLineRow = z.object({
  id: z.number().int(),
  layout: z.string(),
  order_id: z.string(),
  sku_id: z.string(),
  product_id: z.string(),
  quantity: z.number().int(),
  gmv: z.number(),
  commission: z.number(),
  currency: z.string(),
  status: z.string(),
  created_time: z.number().int(),
  /** 1 when the line counts as a sale (not void, not voided or covered by another download). */
  counted: z.number().int(),
  /** The import that wrote it (0: entered by hand). */
  import_id: z.number().int(),
});
export const OrderLinesRequest = z.object({ creator_id: rowId() });
export const OrderLinesResult = z.object({
  lines: z.array(OrderLineRow),
  /** Lines in all (the answer holds the newest ORDER_LINES_MAX). */
  total: z.number().int(),
});

/**
 * A sale entered by hand for a creator (a sale the downloads do not show). `ref` is made by the
 * app once per sale (digits), so a retried call records it once; it is the line's order id.
 */
export const SaleAddRequest = z.object({
  creator_id: rowId(),
  product_id: idText().pipe(z.string().min(1, 'sale_product_required')),
  gmv: amountOf('sale_amount_invalid')(),
  units: formInt().pipe(z.number().int().min(1, 'sale_units_invalid').max(1_000_000, 'sale_units_invalid')),
  commission: amountOf('sale_amount_invalid')().optional(),
  day: dueDate(),
  ref: z.string().regex(/^\d{1,30}$/, 'orders_bad_id'),
});
export const SaleAddResult = z.object({
  creator_id: z.number().int(),
  product_id: z.string(),
  order_id: z.string(),
});

export const QuotaRequest = z.object({
  /** '' or -1 clears it (not set). */
  weekly_quota: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? -1 : v),
    z.coerce
      .number({ message: 'quota_invalid' })
      .int('quota_invalid')
      .min(-1, 'quota_invalid')
      .max(WEEKLY_QUOTA_MAX, 'quota_invalid'),
  ),
});
export const SettingsRow = z.object({
  id: z.number().int(),
  weekly_quota: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  update_time: z.number().int(),
});

const idOnly = z.object({ id: z.number().int() });
const counts = z.object({ plan_id: z.number().int(), changed: z.number().int(), skipped: z.number().int() });
/** `already`: the skipped creators that were in the plan already (the rest are unknown or repeated ids). */
export const PlanAddCounts = counts.extend({ already: z.number().int() });

export const planEndpoints = {
  planAdd: endpoint({
    method: 'POST',
    path: '/plan/add',
    auth: true,
    request: PlanAddRequest,
    response: PlanRow,
  }),
  planEdit: endpoint({
    method: 'PUT',
    path: '/plan/edit',
    auth: true,
    request: PlanEditRequest,
    response: PlanRow,
  }),
  planDel: endpoint({
    method: 'DELETE',
    path: '/plan/del',
    auth: true,
    request: RowIdRequest,
    response: idOnly,
  }),
  planCreatorAdd: endpoint({
    method: 'POST',
    path: '/plan/creator.add',
    auth: true,
    request: PlanCreatorsRequest,
    response: PlanAddCounts,
  }),
  planCreatorStage: endpoint({
    method: 'PUT',
    path: '/plan/creator.stage',
    auth: true,
    request: PlanStageRequest,
    response: counts,
  }),
  planQuota: endpoint({
    method: 'PUT',
    path: '/plan/quota',
    auth: true,
    request: QuotaRequest,
    response: SettingsRow,
  }),
  planInvite: endpoint({
    method: 'POST',
    path: '/plan/invite',
    auth: true,
    request: PlanInviteRequest,
    response: PlanInviteResult,
  }),
  planMessage: endpoint({
    method: 'POST',
    path: '/plan/message',
    auth: true,
    extension: true,
    request: PlanMessageRequest,
    response: PlanMessageResult,
  }),
  planOrdersImport: endpoint({
    method: 'POST',
    path: '/plan/orders.import',
    auth: true,
    request: OrdersImportRequest,
    response: OrdersImportResult,
  }),
  planOrdersUndo: endpoint({
    method: 'POST',
    path: '/plan/orders.undo',
    auth: true,
    request: RowIdRequest,
    response: OrdersUndoResult,
  }),
  planOrderLines: endpoint({
    method: 'POST',
    path: '/plan/order.lines',
    auth: true,
    request: OrderLinesRequest,
    response: OrderLinesResult,
  }),
  planOrderDel: endpoint({
    method: 'DELETE',
    path: '/plan/order.del',
    auth: true,
    request: RowIdRequest,
    response: idOnly,
  }),
  planSaleAdd: endpoint({
    method: 'POST',
    path: '/plan/sale.add',
    auth: true,
    request: SaleAddRequest,
    response: SaleAddResult,
  }),
  planCreatorDel: endpoint({
    method: 'DELETE',
    path: '/plan/creator.del',
    auth: true,
    request: PlanCreatorsRequest,
    response: counts,
  }),
};
