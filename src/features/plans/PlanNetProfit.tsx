/**
 * A plan's net profit beside its net ROI, with both ROI formulas in words (the cards' ROI before fees
 * and ad spend is named so), its cost lines and the top and bottom videos (docs/decisions/plans.md,
 * "Net profit"). The figures are the server's (order lines and snapshots are not mirrored): read when
 * the plan opens and again whenever the server's cost lines of the plan change in the mirror (a line
 * saved here once accepted, or a teammate's). Cost changes not yet accepted are counted and named
 * beside the figure, never added to it; offline, it says the figure needs a connection.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MONEY_PANEL_VIDEOS } from '../../../contract/limits.ts';
import type { PlanMoneyResult } from '../../../contract/schemas/money.ts';
import { formatGmv } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { formatRoi } from './money-rules.ts';
import { fetchPlanMoney, onMoneyChanged } from './money-api.ts';
import { usePlanCosts } from './cost-queries.ts';
import { PlanCosts } from './PlanCosts.tsx';
import { Button } from '../../ui/Button.tsx';
import { NewTabLink } from '../../ui/new-tab-link.tsx';

// The import worker, the mapping and the refusals load when a member opens the import.
const AdSpendDialog = lazy(() =>
  import('./AdSpendDialog.tsx').then((mod) => ({ default: mod.AdSpendDialog })),
);

type Video = PlanMoneyResult['videos'][number];

function VideoList({ title, videos, currency }: { title: string; videos: Video[]; currency: string }) {
  const money = (v: number) => formatGmv(v, currency);
  return (
    <div>
      <h3 className="plans-net__heading">{title}</h3>
      <ol className="plans-net__videos">
        {videos.map((v) => (
          <li key={v.content_id} data-video={v.video_id} data-net-cents={Math.round(v.net * 100)}>
            <NewTabLink href={v.link}>
              {m.money_net_video({
                video: v.video_id,
                gmv: money(v.gmv),
                ads: money(v.ads),
                net: money(v.net),
              })}
            </NewTabLink>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function PlanNetProfit({ planId, country }: { planId: number; country: string }) {
  const [data, setData] = useState<PlanMoneyResult | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const [importing, setImporting] = useState(false);
  useEffect(() => onMoneyChanged(planId, () => setAsked((n) => n + 1)), [planId]);
  const costs = usePlanCosts(planId);
  const seenKey = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (costs === undefined) return;
    // The first reading is the one the plan opened with; each later change reads the figure again.
    if (seenKey.current !== undefined && seenKey.current !== costs.serverKey) setAsked((n) => n + 1);
    seenKey.current = costs.serverKey;
  }, [costs]);
  useEffect(() => {
    const ctl = new AbortController();
    fetchPlanMoney(planId, ctl.signal).then(
      (d) => {
        setData(d);
        setFailed(false);
      },
      () => {
        if (!ctl.signal.aborted) setFailed(true);
      },
    );
    return () => ctl.abort();
  }, [planId, asked]);

  if (!data)
    return (
      <section className="plans-net" aria-label={m.money_net_title()}>
        <p className="plans-muted" role="status">
          {failed ? m.money_net_offline() : m.money_net_loading()}
        </p>
      </section>
    );
  const money = (v: number) => formatGmv(v, data.currency);
  const t = data.total;
  const top = data.videos.slice(0, MONEY_PANEL_VIDEOS);
  const bottom = data.videos.slice(top.length).slice(-MONEY_PANEL_VIDEOS).reverse();
  return (
    <section className="plans-net" aria-label={m.money_net_title()}>
      <h2 className="plans-net__heading">{m.money_net_title()}</h2>
      <p data-testid="plan-net-profit" data-net-cents={Math.round(t.net * 100)}>
        <strong>
          {t.roi === null
            ? m.money_net_value_no_roi({ net: money(t.net) })
            : m.money_net_value({ net: money(t.net), roi: formatRoi(t.roi) })}
        </strong>
      </p>
      <p className="plans-muted">
        {m.money_net_parts({
          gmv: money(t.gmv),
          commission: money(t.commission),
          samples: money(t.samples),
          fees: money(t.fees),
          ads: money(t.ads),
        })}
      </p>
      {!!costs?.unsent && (
        <p className="plans-muted" role="status" data-testid="plan-costs-unsent">
          {m.money_costs_unsent_total({ count: costs.unsent })}
        </p>
      )}
      <p className="plans-muted">{m.money_net_formula()}</p>
      <p className="plans-muted">{m.money_net_roi_before()}</p>
      <PlanCosts planId={planId} country={country} />
      <Button size="sm" onPress={() => setImporting(true)}>
        {m.money_ads_import()}
      </Button>
      {importing && (
        <Suspense fallback={null}>
          <AdSpendDialog planId={planId} onClose={() => setImporting(false)} />
        </Suspense>
      )}
      {failed && (
        <p className="plans-muted" role="status">
          {m.money_net_offline()}
        </p>
      )}
      {data.videos.length === 0 ? (
        <p className="plans-muted">{m.money_net_no_videos()}</p>
      ) : (
        <div className="plans-net__lists">
          <VideoList title={m.money_net_top()} videos={top} currency={data.currency} />
          {bottom.length > 0 && (
            <VideoList title={m.money_net_bottom()} videos={bottom} currency={data.currency} />
          )}
        </div>
      )}
    </section>
  );
}
