/**
 * Plan costs and net profit (docs/decisions/plans.md, "Fees, retainers and ad spend" and "Net
 * profit"). A cost line is a fixed fee, a monthly retainer or an ad spend (Spark / Shop Ads, for one
 * content record) for a creator in a plan, in the plan's country's currency. Amounts carry at most
 * two decimals and are refused, never rounded, otherwise. /plan/money answers the plan's net profit
 * = GMV − commission − samples − fees − ad spend, per creator, per video and per month, computed on
 * the server from the order lines (server/services/plan-money.service.ts). Every id is scoped to the
 * caller's workspace.
 */
import { z } from 'zod';
import { COST_DAY, isCostDay } from '../cost-days.ts';
import { endpoint } from '../endpoint.ts';
import { optText } from './common.ts';
import { rowId } from './tag.ts';
import { RowIdRequest } from './workbench.ts';
import { AD_CHANNELS, COST_AMOUNT_MAX, COST_KINDS, COST_NOTE_MAX } from '../limits.ts';

/**
 * An amount above 0 and at most COST_AMOUNT_MAX with at most two decimals: digits as typed ("1200",
 * "1200.5") or a JSON number. "1e3", "1,200" or a third decimal is refused by name.
 */
export const costAmount = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.union([z.number(), z.string()], { message: 'cost_amount_invalid' }).transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v;
      if (typeof v === 'number' && !Number.isFinite(v)) {
        ctx.addIssue({ code: 'custom', message: 'cost_amount_invalid' });
        return z.NEVER;
      }
      const m = /^(\d{1,11})(?:\.(\d+))?$/.exec(text);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: 'cost_amount_invalid' });
        return z.NEVER;
      }
      if ((m[2] ?? '').replace(/0+$/, '').length > 2) {
        ctx.addIssue({ code: 'custom', message: 'cost_amount_cents' });
        return z.NEVER;
      }
      const cents = Number(m[1]) * 100 + Number((m[2] ?? '').replace(/0+$/, '').padEnd(2, '0'));
      if (cents <= 0 || cents > COST_AMOUNT_MAX * 100) {
        ctx.addIssue({ code: 'custom', message: 'cost_amount_range' });
        return z.NEVER;
      }
      return cents;
    }),
  );

/** A calendar day `YYYY-MM-DD` between 2016 (TikTok Shop's start) and 2099 that exists. */
export const costDay = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'cost_date_invalid' })
      .regex(COST_DAY, 'cost_date_invalid')
      // The refinement runs on text the pattern refused too: an impossible date is no exception.
      .refine(isCostDay, 'cost_date_invalid'),
  );

const note = () => optText(COST_NOTE_MAX);
const channel = () => z.enum(AD_CHANNELS, { message: 'cost_channel_invalid' });

export const CostRow = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  creator_id: z.number().int(),
  kind: z.enum(COST_KINDS),
  /** The content record an ad spend paid for; 0 for a fee or retainer. */
  content_id: z.number().int(),
  /** In the plan's currency; a retainer's is per month. */
  amount: z.number(),
  currency: z.string(),
  /** A fee's or ad spend's day; a retainer's first day. */
  start_date: z.string(),
  /** A retainer's last day (inclusive); '' otherwise. */
  end_date: z.string(),
  channel: z.string(),
  note: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  updated_by: z.number().int(),
  updated_by_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type CostRow = z.infer<typeof CostRow>;

export const CostAddRequest = z
  .object({
    plan_id: rowId(),
    creator_id: rowId(),
    kind: z.enum(COST_KINDS, { message: 'cost_kind_invalid' }),
    amount: costAmount(),
    start_date: costDay(),
    end_date: z.preprocess((v) => (v === '' || v === null ? undefined : v), costDay().optional()),
    content_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), rowId().optional()),
    channel: z.preprocess((v) => (v === '' || v === null ? undefined : v), channel().optional()),
    note: note(),
  })
  .superRefine((r, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (r.kind === 'retainer' && !r.end_date) issue('cost_end_required', 'end_date');
    if (r.kind !== 'retainer' && r.end_date) issue('cost_end_only_retainer', 'end_date');
    if (r.kind === 'ad' && !r.content_id) issue('cost_content_required', 'content_id');
    if (r.kind !== 'ad' && r.content_id) issue('cost_content_only_ad', 'content_id');
    if (r.kind !== 'ad' && r.channel) issue('cost_content_only_ad', 'channel');
  });

/** Corrects a line's amount, dates, channel or note; its plan, creator, kind and video stay. */
export const CostEditRequest = z.object({
  id: rowId(),
  amount: costAmount().optional(),
  start_date: costDay().optional(),
  end_date: costDay().optional(),
  channel: channel().optional(),
  note: z.preprocess((v) => (v === null ? '' : v), optText(COST_NOTE_MAX)),
});

export const CostListRequest = z.object({ plan_id: rowId(), creator_id: rowId().optional() });
export const CostListResult = z.object({ rows: z.array(CostRow), total: z.number().int() });

export const CostHistoryRow = z.object({
  action: z.enum(['add', 'edit', 'delete']),
  amount: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  channel: z.string(),
  note: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  at: z.number().int(),
});
export const CostHistoryResult = z.object({ rows: z.array(CostHistoryRow) });

/** The money of one slice (a creator, a video, a month, the plan), in the plan's currency. */
export const NetMoney = z.object({
  gmv: z.number(),
  commission: z.number(),
  samples: z.number(),
  fees: z.number(),
  ads: z.number(),
  /** gmv − commission − samples − fees − ads. */
  net: z.number(),
  /** net / (commission + samples + fees + ads); null when nothing was spent. */
  roi: z.number().nullable(),
});
export type NetMoney = z.infer<typeof NetMoney>;

export const PlanMoneyRequest = z.object({ plan_id: rowId() });
export const PlanMoneyResult = z.object({
  plan_id: z.number().int(),
  currency: z.string(),
  total: NetMoney,
  creators: z.array(NetMoney.extend({ creator_id: z.number().int() })),
  /** The plan's videos with their attributed lines and ad spend, best net profit first. */
  videos: z.array(
    NetMoney.extend({
      content_id: z.number().int(),
      creator_id: z.number().int(),
      video_id: z.string(),
      link: z.string(),
    }),
  ),
  /** The plan's videos in all (the answer holds the best and worst PLAN_MONEY_VIDEOS_MAX). */
  videos_total: z.number().int(),
  /** `YYYY-MM` in the shop's time zone, oldest first ('' for lines and samples without a time). */
  months: z.array(NetMoney.extend({ month: z.string() })),
});
export type PlanMoneyResult = z.infer<typeof PlanMoneyResult>;

export const moneyEndpoints = {
  costAdd: endpoint({
    method: 'POST',
    path: '/plan/cost.add',
    auth: true,
    request: CostAddRequest,
    response: CostRow,
  }),
  costEdit: endpoint({
    method: 'PUT',
    path: '/plan/cost.edit',
    auth: true,
    request: CostEditRequest,
    response: CostRow,
  }),
  costDel: endpoint({
    method: 'DELETE',
    path: '/plan/cost.del',
    auth: true,
    request: RowIdRequest,
    response: z.object({ id: z.number().int() }),
  }),
  costList: endpoint({
    method: 'POST',
    path: '/plan/cost.list',
    auth: true,
    request: CostListRequest,
    response: CostListResult,
  }),
  costHistory: endpoint({
    method: 'POST',
    path: '/plan/cost.history',
    auth: true,
    request: RowIdRequest,
    response: CostHistoryResult,
  }),
  planMoney: endpoint({
    method: 'POST',
    path: '/plan/money',
    auth: true,
    request: PlanMoneyRequest,
    response: PlanMoneyResult,
  }),
};
