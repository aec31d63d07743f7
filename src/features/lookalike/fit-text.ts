/**
 * A plan fit's parts in the user's words: "Has 1 of the plan's 1 category", "GPM $12.40, 2.1× the
 * median of your creators above zero ($5.90)", "Replied 3 of 4 times", and what an unknown part
 * counts as.
 */
import { formatGmv, formatNumber, formatRatio } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { FitPart, FitPartValue } from '../../workers/query-types.ts';
import { featureValue } from './reason-text.ts';

export const FIT_PART_NAMES: Record<FitPart, () => string> = {
  category: m.fit_p_category,
  gpm: m.similar_f_gpm,
  gmv: m.similar_f_gmv,
  views: m.similar_f_views,
  videos: m.similar_f_videos,
  engagement: m.similar_f_engagement,
  reply: m.fit_p_reply,
  post: m.fit_p_post,
  sales: m.fit_p_sales,
};

const OUTCOMES: ReadonlySet<FitPart> = new Set(['reply', 'post', 'sales']);

/** A part's points, rounded to one decimal (the breakdown adds up to the shown score within rounding). */
export const points = (p: number): string => formatNumber(Math.round(p * 10) / 10);

/** What one part says: its evidence when known, what it counts as when not. */
export function fitPartText(p: FitPartValue, currency: string): string {
  if (!p.known) return OUTCOMES.has(p.part) ? m.fit_r_untried() : m.fit_r_unknown();
  const [k, n] = p.of ?? [0, 0];
  switch (p.part) {
    case 'category':
      return m.fit_r_category({ shared: formatNumber(k), total: formatNumber(n) });
    case 'reply':
      return m.fit_r_reply({ k: formatNumber(k), n: formatNumber(n) });
    case 'post':
      return m.fit_r_post({ k: formatNumber(k), n: formatNumber(n) });
    case 'sales':
      return m.fit_r_sales({ value: formatGmv(p.mine ?? 0, currency) });
    default: {
      const mine = p.mine ?? 0;
      const typical = p.typical ?? 0;
      const feature = FIT_PART_NAMES[p.part]();
      const value = featureValue(p.part, mine, currency);
      // A zero has no ratio worth saying; the typical value is the median above zero (fit.ts).
      if (!(mine > 0 && typical > 0)) return m.fit_r_perf_plain({ feature, value });
      return m.fit_r_perf({
        feature,
        value,
        ratio: formatRatio(mine / typical),
        typical: featureValue(p.part, typical, currency),
      });
    }
  }
}

/**
 * The three known parts adding the most points: the reasons shown under the creator. A number the
 * creator does not have (no sales, no videos) is left out of the reasons: it may earn points when
 * most creators have none too, but it says nothing about this one.
 */
export const fitReasons = (parts: readonly FitPartValue[]): FitPartValue[] =>
  parts
    .filter((p) => p.known && p.points > 0 && (p.typical === undefined || (p.mine ?? 0) > 0))
    .sort((a, b) => b.points - a.points)
    .slice(0, 3);
