/**
 * A lookalike's reasons in the user's words: "Same categories: Pet Supplies", "GPM 12.5,
 * 1.1× the seed". topReasons gives numbers only where both the creator and the seed have one, so
 * every ratio here is of two values above zero.
 */
import { formatFollowers, formatGmv, formatNumber, formatRatio } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { Feature, Reason } from '../../workers/query-types.ts';

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

/** A feature's value in its own unit, in words; a value above zero never reads as 0 ("<$0.01"). */
export function featureValue(f: Feature, v: number, currency: string): string {
  const step = f === 'gmv' || f === 'gpm' || f === 'engagement' || f === 'views_per_follower' ? 0.01 : 1;
  const shown = v > 0 && v < step / 2 ? step : v;
  let text: string;
  if (f === 'followers' || f === 'views') text = formatFollowers(shown);
  else if (f === 'gmv' || f === 'gpm') text = formatGmv(shown, currency);
  else if (f === 'engagement') text = `${formatNumber(Math.round(shown * 100) / 100)}%`;
  else text = formatNumber(Math.round(shown / step) * step);
  return shown === v ? text : `<${text}`;
}

export function reasonText(r: Reason, seeds: number, currency: string): string {
  if (r.part === 'categories') return m.similar_reason_categories({ list: (r.shared ?? []).join(', ') });
  const mine = r.mine ?? Number.NaN;
  const seed = r.seed ?? Number.NaN;
  const feature = NAMES[r.part]();
  const value = featureValue(r.part, mine, currency);
  const ratio = formatRatio(mine / seed);
  return seeds > 1
    ? m.similar_reason_ratio_many({ feature, value, ratio })
    : m.similar_reason_ratio({ feature, value, ratio });
}
