/**
 * The ledger (docs/decisions/plans.md, "The ledger"): one time-ordered list of a plan's money lines
 * for one creator (or for all its creators): samples shipped, videos posted, counted sales lines,
 * fees, retainer months and ad spend, each with the running GMV, costs and net profit after it.
 * Computed on the server from the same counted order lines and cost rules as /plan/money, so the
 * last running totals equal the plan's figures for that creator (or the plan's total). Paged by key:
 * `after` names the last line read (its `key`), and the answer holds the lines after it in the
 * ledger's order, at most LEDGER_PAGE_MAX, with `next` to ask for the page after; running totals
 * always count from the first line. `offset` is kept for apps installed before the cursor (a page
 * by position). Every id is scoped to the caller's workspace.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  LEDGER_CURSOR_MAX,
  LEDGER_CURSOR_RE,
  LEDGER_KINDS,
  LEDGER_OFFSET_MAX,
  LEDGER_PAGE_MAX,
} from '../limits.ts';
import { formInt } from './common.ts';
import { NetMoney } from './money.ts';
import { rowId } from './tag.ts';

export const LedgerRequest = z
  .object({
    /** Absent with a creator: that creator's most recently joined plan. */
    plan_id: rowId().optional(),
    /** Absent: every creator of the plan. */
    creator_id: rowId().optional(),
    /** A page by position (apps installed before `after`); not with `after`. */
    offset: formInt().pipe(z.number().int().min(0).max(LEDGER_OFFSET_MAX)).optional(),
    /** The `key` of the last line read: the page holds the lines after it (`time.kind.id`). */
    after: z.string().max(LEDGER_CURSOR_MAX).regex(LEDGER_CURSOR_RE).optional(),
    limit: formInt().pipe(z.number().int().min(1).max(LEDGER_PAGE_MAX)).optional(),
  })
  .refine((r) => r.after === undefined || r.offset === undefined, {
    message: 'invalid_param',
    path: ['after'],
  })
  .refine((r) => r.plan_id !== undefined || r.creator_id !== undefined, {
    message: 'ledger_scope_required',
    path: ['plan_id'],
  });
export type LedgerRequest = z.infer<typeof LedgerRequest>;

export const LedgerLine = z.object({
  /**
   * The line's place in the ledger's order, `time.kind.id` (time, then the kind's place in
   * LEDGER_KINDS, then the row id: the member's creator, the video record, the order line or the
   * cost line): unique within a ledger; `after` takes it to read on from this line.
   */
  key: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** The moment it counts for (unix seconds; a cost's day at the shop's midnight). */
  time: z.number().int(),
  /** That moment's day in the shop's time zone, `YYYY-MM-DD`. */
  day: z.string(),
  creator_id: z.number().int(),
  /** The video the line belongs to (a sale attributed to it, its ad spend, its posting); '' none. */
  video_id: z.string(),
  /** A sale's order id; a retainer's month `YYYY-MM`; '' otherwise. */
  ref: z.string(),
  /** What the line adds to GMV (a sale) and to costs (commission, sample, fee, ad), in cents. */
  gmv_cents: z.number().int(),
  cost_cents: z.number().int(),
  /** Running totals after this line, in cents: GMV, costs, and net = GMV − costs. */
  run_gmv_cents: z.number().int(),
  run_cost_cents: z.number().int(),
  run_net_cents: z.number().int(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

export const LedgerResult = z.object({
  plan_id: z.number().int(),
  /** 0 when the ledger is the whole plan's. */
  creator_id: z.number().int(),
  currency: z.string(),
  country: z.string(),
  /** The creator's plans (newest joined first), to choose from; [] for a whole plan's ledger. */
  plans: z.array(z.object({ plan_id: z.number().int(), name: z.string() })),
  /** The whole ledger's totals (every page), as /plan/money shows them for the same slice. */
  total: NetMoney,
  /**
   * GMV per shop week (its Monday at UTC midnight, unix seconds; weeks with sales only, oldest
   * first) and per video the sales were attributed to (highest first), summed on the server over
   * the whole ledger, so the charts need no page of lines. Cents of the sale lines with a positive GMV.
   */
  weeks: z.array(z.object({ week: z.number().int(), gmv_cents: z.number().int() })),
  videos: z.array(z.object({ video_id: z.string(), gmv_cents: z.number().int() })),
  lines: z.array(LedgerLine),
  /** The first line's place in the ledger as it is now (0-based). */
  offset: z.number().int(),
  lines_total: z.number().int(),
  /** `after` for the next page (the last line's key); null when no line follows. */
  next: z.string().nullable(),
});
export type LedgerResult = z.infer<typeof LedgerResult>;

export const ledgerEndpoints = {
  planLedger: endpoint({
    method: 'POST',
    path: '/plan/ledger',
    auth: true,
    request: LedgerRequest,
    response: LedgerResult,
  }),
};
