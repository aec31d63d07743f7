/**
 * Ad spend imported from a file (Spark Ads / Shop Ads downloads, or any layout mapped by hand in the
 * app) into a plan's cost lines (docs/decisions/plans.md, "Ad spend from a file"). The app maps the
 * file's columns and sends each row's cells as text with its spreadsheet row number; the server reads
 * every row on its own (a row that does not fit is refused and named, the others still count), finds
 * the video among the workspace's content records in the plan's country, and keeps one line per
 * video, day, channel and campaign: importing the same file again changes nothing. Every id is
 * scoped to the caller's workspace.
 */
import { z } from 'zod';
import { DATE_ORDERS } from '../date-order.ts';
import { endpoint } from '../endpoint.ts';
import { flag, formInt, formList } from './common.ts';
import { rowId } from './tag.ts';
import { AD_CHANNELS, AD_IMPORT_CALL_MAX, AD_IMPORT_CELL_MAX } from '../limits.ts';

const cell = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string().max(AD_IMPORT_CELL_MAX, 'ad_import_cell_too_long'),
  );

export const AdSpendRowInput = z.object({
  /** The row's number in the file (the header is row 1): how a refusal names it. */
  row: formInt().pipe(z.number().int().min(1).max(10_000_000)),
  /** A video id (digits) or the video's TikTok link. */
  video: cell(),
  /** `YYYY-MM-DD`. */
  date: cell(),
  /** Digits with at most two decimals, above 0. */
  amount: cell(),
  /** ISO code; '' when the file has no currency column. */
  currency: cell().optional(),
  /** The campaign or ad the spend was for ('' when not mapped): lines of two campaigns stay apart. */
  campaign: cell().optional(),
});
export type AdSpendRowInput = z.infer<typeof AdSpendRowInput>;

export const AdSpendImportRequest = z.object({
  plan_id: rowId(),
  channel: z.enum(AD_CHANNELS, { message: 'cost_channel_invalid' }),
  rows: formList(AdSpendRowInput, AD_IMPORT_CALL_MAX).refine((a) => a.length > 0, 'ad_import_empty'),
  /** 1: say what the rows would do, write nothing. */
  dryRun: flag().optional(),
  /** How the file writes its days when not year first, as the member chose (contract/date-order.ts). */
  date_order: z.enum(DATE_ORDERS, { message: 'import_date_order_invalid' }).optional(),
});

export const AdSpendRefusal = z.object({
  row: z.number().int(),
  /** The cell that does not fit: video, date, amount, currency or campaign. */
  field: z.string(),
  /** What it held (cut to 60 characters). */
  value: z.string(),
  /** Why, in the request's language. */
  reason: z.string(),
});
export type AdSpendRefusal = z.infer<typeof AdSpendRefusal>;

export const AdSpendImportResult = z.object({
  /** Lines added, changed (the file now says another amount) and already as the file says. */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows of the call that were read and counted. */
  rows: z.number().int(),
  refused: z.array(AdSpendRefusal),
  /** The spend these rows add to the plan (after minus before), in the plan's currency. */
  change: z.number(),
  currency: z.string(),
});
export type AdSpendImportResult = z.infer<typeof AdSpendImportResult>;

export const adSpendEndpoints = {
  costImport: endpoint({
    method: 'POST',
    path: '/plan/cost.import',
    auth: true,
    request: AdSpendImportRequest,
    response: AdSpendImportResult,
  }),
};
