/**
 * What the page and the query worker say to each other: the filter and sort of a creator query, the
 * answers of the similar-creator and plan-fit rankings, and the export of a view. Features import
 * these (and query-client.ts), never the engine or the ranking code behind them.
 */
import { CREATOR_SORT_FIELDS } from '../../contract/creator-fields.ts';
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

/** The numbers similar creators are compared by (rank/similar.ts), each named in a reason. */
export const FEATURES = [
  'followers',
  'views',
  'gmv',
  'units',
  'videos',
  'gpm',
  'views_per_follower',
  'engagement',
] as const;
export type Feature = (typeof FEATURES)[number];
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

/** The named parts of a plan fit (rank/fit.ts), in the order they are shown. */
export const FIT_PARTS = [
  'category',
  'gpm',
  'gmv',
  'views',
  'videos',
  'engagement',
  'reply',
  'post',
  'sales',
] as const;
export type FitPart = (typeof FIT_PARTS)[number];
export type FitWeights = Readonly<Record<FitPart, number>>;

/** The default weights (shown, and adjustable from 0 to FIT_WEIGHT_MAX). */
export const DEFAULT_FIT_WEIGHTS: FitWeights = {
  category: 3,
  gpm: 2,
  gmv: 1.5,
  views: 1,
  videos: 0.5,
  engagement: 0.5,
  reply: 2,
  post: 2,
  sales: 3,
};
export const FIT_WEIGHT_MAX = 5;

/** What the seller has seen from one creator across the workspace's plans. */
export interface Outcome {
  /** Memberships past "to contact" whose reply is known (a dropped one is left out: it may have replied). */
  contacted: number;
  replied: number;
  /** Samples sent whose post is known (posted, or overdue by POST_GRACE_DAYS). */
  shipped: number;
  posted: number;
  /** Memberships whose samples were sent, and the creator's counted sales (all products). */
  samples: number;
  gmv: number;
}

/** Columnar outcomes, cheap to send to the query worker. */
export interface Outcomes {
  ids: number[];
  rows: Outcome[];
}

export interface FitSpec {
  weights: FitWeights;
  /** The plan's product categories. */
  categories: readonly string[];
  outcomes: Outcomes;
}

export interface FitPartValue {
  part: FitPart;
  /** Points this part adds to the score (of 100). */
  points: number;
  known: boolean;
  /**
   * For the words: the creator's value (performance: in the row's unit) and the typical one (the
   * median among creators above zero; sales: the median per sample).
   */
  mine?: number;
  typical?: number;
  /** Outcome parts: the counts behind the rate. */
  of?: [number, number];
}

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
