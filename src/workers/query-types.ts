/**
 * What the page and the query worker say to each other: the filter and sort of a creator query, the
 * answers of the similar-creator and plan-fit rankings, and the export of a view. Features import
 * these (and query-client.ts), never the engine or the ranking code behind them.
 */
import { CREATOR_SORT_FIELDS } from '../../contract/creator-fields.ts';
import type { Feature, FitPartValue } from '../../contract/fit/types.ts';
import type { CreatorRow } from '../../contract/sync.ts';
import type { ExportFormat } from '../files/table-writer.ts';

/** The creator list's sort columns (contract/creator-fields.ts) but the flags, which the grid filters by. */
const FLAG_FIELDS = ['status', 'is_chat', 'is_invitation', 'is_black'] as const;
type Sortable = Exclude<(typeof CREATOR_SORT_FIELDS)[number], (typeof FLAG_FIELDS)[number]>;
export const SORT_FIELDS: readonly ('id' | Sortable)[] = [
  'id',
  ...CREATOR_SORT_FIELDS.filter((f): f is Sortable => !(FLAG_FIELDS as readonly string[]).includes(f)),
];
export type SortField = (typeof SORT_FIELDS)[number];

export interface CreatorFilter {
  name?: string;
  /** Creators of a topic, resolved by the caller (the server searches the creators' bios). */
  uniqueIds?: string[];
  /** Rows having any of these tags. */
  tagIds?: number[];
  isChat?: 0 | 1;
  isInvitation?: 0 | 1;
  isBlack?: 0 | 1;
  /** add_time bounds in unix seconds, inclusive. */
  startTime?: number;
  endTime?: number;
  /** Only these creators (row ids), e.g. a selection saved as a view; [] matches none. */
  ids?: number[];
}

export interface CreatorQuery extends CreatorFilter {
  field?: SortField;
  sort?: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export interface QueryResult {
  rows: CreatorRow[];
  total: number;
}

/** The lookalike and fit names live in contract/fit/ (the server ranks by the same arithmetic). */
export { FEATURES, type Feature } from '../../contract/fit/types.ts';
export type Part = Feature | 'categories';

/** Why a creator is like the seed: one part of its score. */
export interface Reason {
  part: Part;
  /** The part's share of the score. */
  value: number;
  /** The creator's raw value and the seed's (numeric parts), or the shared categories. */
  mine?: number;
  seed?: number;
  shared?: string[];
}

export interface LookalikeAnswer {
  /** Seeds found among the loaded rows. */
  seeds: number;
  results: { row: CreatorRow; score: number; reasons: Reason[] }[];
}

export {
  DEFAULT_FIT_WEIGHTS,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitPart,
  type FitPartValue,
  type FitSpec,
  type FitWeights,
  type Outcome,
  type Outcomes,
} from '../../contract/fit/types.ts';

export interface FitAnswer {
  results: { row: CreatorRow; score: number; parts: FitPartValue[] }[];
  /** Creators ranked (the filter's matches that may be proposed). */
  ranked: number;
}

export type { ExportFormat };

/** A view written by the worker: its bytes are transferred to the page, not copied. */
export interface ViewFile {
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  rows: number;
}

/** "Samples without content" as the query worker computes it from the mirror (overdue-source.ts). */
export type { OverdueUpdate } from './overdue-source.ts';
