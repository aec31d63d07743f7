/**
 * The names and shapes of the plan-fit arithmetic (contract/fit/fit.ts), shared by the app's query
 * worker, which ranks the workspace's creators for a plan, and the server, which judges sample
 * applications by the same score (docs/decisions/similar-and-fit.md, "Fit on the server").
 */

/** The numbers similar creators are compared by (contract/fit/lookalike-index.ts), each named in a reason. */
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

/** The named parts of a plan fit (contract/fit/fit.ts), in the order they are shown. */
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
