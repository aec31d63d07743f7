/**
 * One line of samples that turned into content (sample-funnel.ts): on a plan's screen for the plan,
 * in a creator page's ledger panel for the creator. From the mirror, so it shows offline too.
 */
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { SampleFunnel } from './sample-funnel.ts';

export function SampleFunnelLine({
  funnel,
  scope,
}: {
  funnel: SampleFunnel | undefined;
  scope: 'plan' | 'creator';
}) {
  if (!funnel) return null;
  let text: string;
  if (!funnel.sent) text = scope === 'plan' ? m.sample_funnel_none_plan() : m.sample_funnel_none_creator();
  else {
    const parts = {
      sent: formatNumber(funnel.sent),
      posted: formatNumber(funnel.posted),
      rate: `${formatNumber(Math.round((funnel.posted / funnel.sent) * 100))}%`,
      days:
        funnel.medianDays === null
          ? m.sample_funnel_days_unknown()
          : m.sample_funnel_days({ n: funnel.medianDays }),
    };
    text = scope === 'plan' ? m.sample_funnel_plan(parts) : m.sample_funnel_creator(parts);
  }
  return (
    <p
      className="plans-muted"
      data-testid="sample-funnel"
      data-sent={funnel.sent}
      data-posted={funnel.posted}
    >
      {text}
    </p>
  );
}
