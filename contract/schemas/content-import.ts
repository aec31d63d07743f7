/**
 * Content records from a file (docs/decisions/exports-and-intake.md, "Content from a file"): a Seller
 * Center creator-content download, or any CSV / XLSX a seller maps by hand in the import dialog. The
 * app maps the file's columns and sends each row's cells as text with its spreadsheet row number; the
 * server reads every row on its own (a cell that does not fit its column is refused and named, the
 * other rows still count), keeps one record per creator and video (importing the same file again adds
 * nothing; changed counts are a new snapshot), and moves a shipped sample to "content posted" the way
 * a pasted link does. Every id is scoped to the caller's workspace.
 */
import { z } from 'zod';
import { DATE_ORDERS } from '../date-order.ts';
import { endpoint } from '../endpoint.ts';
import { country, flag, formInt, formList } from './common.ts';
import { CONTENT_IMPORT_CALL_MAX, CONTENT_IMPORT_CELL_MAX } from '../limits.ts';

const cell = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string().max(CONTENT_IMPORT_CELL_MAX, 'content_import_cell_too_long'),
  );

export { CONTENT_IMPORT_FIELDS, type ContentImportField } from '../content-import-fields.ts';

export const ContentImportRowInput = z.object({
  /** The row's number in the file (the header is row 1): how a refusal names it. */
  row: formInt().pipe(z.number().int().min(1).max(10_000_000)),
  /** The creator's handle (an `@` before it is allowed). */
  creator: cell(),
  /** A video id (digits) or the video's TikTok link. */
  video: cell(),
  /** `YYYY-MM-DD HH:MM[:SS]` in the shop's time zone, or an instant ending in `Z` (a spreadsheet's date cell). */
  post_time: cell(),
  /** TikTok product ids, separated by commas, semicolons or spaces ('' when not mapped). */
  products: cell().optional(),
  /** Whole counts, digits only ('' when not mapped or blank). */
  views: cell().optional(),
  likes: cell().optional(),
  comments: cell().optional(),
  orders: cell().optional(),
  /** Plain decimal, at most two decimals, no currency sign. */
  gmv: cell().optional(),
});
export type ContentImportRowInput = z.infer<typeof ContentImportRowInput>;

export const ContentImportRequest = z.object({
  country: country(),
  rows: formList(ContentImportRowInput, CONTENT_IMPORT_CALL_MAX).refine(
    (a) => a.length > 0,
    'content_import_empty',
  ),
  /** 1: say what the rows would do, write nothing. */
  dryRun: flag().optional(),
  /** How the file writes its dates when not year first, as the member chose (contract/date-order.ts). */
  date_order: z.enum(DATE_ORDERS, { message: 'import_date_order_invalid' }).optional(),
});

export const ContentImportRefusal = z.object({
  row: z.number().int(),
  /** The cell that does not fit: one of CONTENT_IMPORT_FIELDS. */
  field: z.string(),
  /** What it held (cut to 60 characters). */
  value: z.string(),
  /** Why, in the request's language. */
  reason: z.string(),
});
export type ContentImportRefusal = z.infer<typeof ContentImportRefusal>;

export const ContentImportResult = z.object({
  /** Records added; records the workspace had whose counts changed (a new snapshot); ones as the file says. */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Creators moved to "content posted" (0 on a check: nothing is moved). */
  moved: z.number().int(),
  /** Rows of the call that were read and counted. */
  rows: z.number().int(),
  refused: z.array(ContentImportRefusal),
});
export type ContentImportResult = z.infer<typeof ContentImportResult>;

export const contentImportEndpoints = {
  contentImport: endpoint({
    method: 'POST',
    path: '/content/import',
    auth: true,
    // The extension sends the top videos of the creator profiles the seller opens.
    extension: true,
    request: ContentImportRequest,
    response: ContentImportResult,
  }),
};
