/**
 * A lookalike's reasons in the user's words (issue 28): "Same categories: Pet Supplies", "GPM 12.5,
 * 1.1× the seed", "Videos in 30 days 20, like the seed (18)" when the seed's value is zero.
 */
import { formatFollowers, formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { Feature, Reason } from './lookalike.ts';

const NAMES: Record<Feature, () => string> = {
  followers: m.similar_f_followers,
  views: m.similar_f_views,
  gmv: m.similar_f_gmv,
  units: m.similar_f_units,
  videos: m.similar_f_videos,
  gpm: m.similar_f_gpm,
  views_per_follower: m.similar_f_views_per_follower,
  engagement: m.similar_f_engagement,
};

/** A feature's value in its own unit, in words. */
export function featureValue(f: Feature, v: number, currency: string): string {
  if (f === 'followers' || f === 'views') return formatFollowers(v);
  if (f === 'gmv' || f === 'gpm') return formatGmv(v, currency);
  if (f === 'engagement') return `${formatNumber(Math.round(v * 100) / 100)}%`;
  if (f === 'views_per_follower') return formatNumber(Math.round(v * 100) / 100);
  return formatNumber(Math.round(v));
}

export function reasonText(r: Reason, seeds: number, currency: string): string {
  if (r.part === 'categories') return m.similar_reason_categories({ list: (r.shared ?? []).join(', ') });
  const mine = r.mine ?? Number.NaN;
  const seed = r.seed ?? Number.NaN;
  const feature = NAMES[r.part]();
  const v = featureValue(r.part, mine, currency);
  if (seed > 0) {
    const ratio = formatNumber(Math.round((mine / seed) * 10) / 10);
    return seeds > 1
      ? m.similar_reason_ratio_many({ feature, value: v, ratio })
      : m.similar_reason_ratio({ feature, value: v, ratio });
  }
  return m.similar_reason_value({ feature, value: v, seed: featureValue(r.part, seed, currency) });
}
