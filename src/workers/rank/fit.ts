/**
 * The plan-fit ranking the query worker runs: its arithmetic lives in contract/fit/fit.ts, because
 * the server judges sample applications by the same score (docs/decisions/similar-and-fit.md).
 */
export {
  categoryMask,
  fitContext,
  fitParts,
  fitScore,
  PRIOR_WEIGHT,
  topFits,
} from '../../../contract/fit/fit.ts';
export type { Fit, FitContext } from '../../../contract/fit/fit.ts';
