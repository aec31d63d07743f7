/**
 * A plan's charts: creators per stage, GMV per week and the creators with the best ROI, drawn by
 * uPlot (a small canvas chart library, loaded with this file only when the user opens the charts on
 * a plan's board). The house rule (chart-layout.ts): the value axis starts at zero, no bar is cut by
 * the plot's edge and every label is whole in its own space. Categories with names (stages,
 * creators) are horizontal bars, one row each, so a name never shares its room with the next one;
 * the weeks are a line whose dates are thinned to fit. A canvas says nothing to a screen reader, so
 * each chart is hidden from it and comes with "The numbers": a table of the same values, open to
 * everyone.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate, formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { chartOptions, type ChartSpec } from './chart-options.ts';
import { formatRoi, type CreatorRoi } from './money-rules.ts';
import { PLAN_STAGES, stageLabel } from './plan-rules.ts';

/** The drawn chart on its box, for the browser test that checks its axes and labels (and devtools). */
export type ChartBox = HTMLDivElement & { uplot?: uPlot };

/** One uPlot chart in a box that follows its width. */
export function Chart(spec: ChartSpec) {
  const box = useRef<ChartBox>(null);
  // Drawn again only when the numbers change, not on every render of the board around it.
  const text = useRef(spec.valueText);
  text.current = spec.valueText;
  const key = JSON.stringify([spec.kind, spec.names, spec.values, spec.whole]);
  useEffect(() => {
    const [kind, names, values, whole] = JSON.parse(key) as [
      ChartSpec['kind'],
      string[],
      (number | null)[],
      boolean,
    ];
    const el = box.current;
    if (!el) return;
    const draw = (width: number) =>
      new uPlot(
        chartOptions({ kind, names, values, whole, valueText: (v) => text.current(v) }, width, el),
        [names.map((_, i) => i), values],
        el,
      );
    let width = el.clientWidth;
    let plot = draw(width);
    el.uplot = plot;
    // A new width changes which names fit and which dates are shown: drawn anew (a few bars).
    const resize = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      plot.destroy();
      plot = draw(width);
      el.uplot = plot;
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      delete el.uplot;
    };
  }, [key]);
  return <div ref={box} className="plans-chart" aria-hidden="true" data-testid="plan-chart" />;
}

export function Numbers({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="plans-chart__numbers">
      <summary>{m.charts_table()}</summary>
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** GMV per week as a line chart and its table (the plan's charts and a creator's ledger). */
export function WeeklyGmv({
  weeks,
  money,
  empty,
  weekHead,
}: {
  weeks: readonly { week: number; gmv: number }[];
  money: (v: number) => string;
  empty: string;
  weekHead: string;
}) {
  if (weeks.length === 0) return <p className="plans-muted">{empty}</p>;
  return (
    <>
      <Chart
        kind="line"
        names={weeks.map((w) => formatDate(w.week))}
        values={weeks.map((w) => w.gmv)}
        valueText={money}
      />
      <Numbers head={[weekHead, 'GMV']} rows={weeks.map((w) => [formatDate(w.week), money(w.gmv)])} />
    </>
  );
}

export function PlanCharts({
  funnel,
  weeks,
  top,
  names,
  currency,
}: {
  /** Creators per stage, in PLAN_STAGES order. */
  funnel: number[];
  weeks: { week: number; gmv: number }[];
  top: CreatorRoi[];
  names: ReadonlyMap<number, string>;
  currency: string;
}) {
  const money = (v: number) => formatGmv(v, currency);
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <div className="plans-charts" data-testid="plan-charts">
      <section>
        <h2 className="plans-charts__title">{m.charts_funnel()}</h2>
        <Chart
          kind="bars"
          names={PLAN_STAGES.map(stageLabel)}
          values={PLAN_STAGES.map((_, i) => funnel[i] ?? 0)}
          valueText={formatNumber}
          whole
        />
        <Numbers
          head={[m.plans_export_col_stage(), m.charts_count()]}
          rows={PLAN_STAGES.map((s, i) => [stageLabel(s), formatNumber(funnel[i] ?? 0)])}
        />
      </section>
      <section>
        <h2 className="plans-charts__title">{m.charts_weeks()}</h2>
        <WeeklyGmv weeks={weeks} money={money} empty={m.charts_none()} weekHead={m.charts_week()} />
      </section>
      <section>
        <h2 className="plans-charts__title">{m.charts_top()}</h2>
        {top.length === 0 ? (
          <p className="plans-muted">{m.charts_no_roi()}</p>
        ) : (
          <>
            <Chart
              kind="bars"
              names={top.map((t) => nameOf(t.creator_id))}
              values={top.map((t) => Math.round(t.roi * 1000) / 10)}
              valueText={(v) => `${formatNumber(v)}%`}
            />
            <Numbers
              head={[
                m.charts_creator(),
                'GMV',
                m.plans_export_col_commission(),
                m.plans_export_col_sample(),
                'ROI',
              ]}
              rows={top.map((t) => [
                nameOf(t.creator_id),
                money(t.gmv),
                money(t.commission),
                money(t.sample),
                formatRoi(t.roi),
              ])}
            />
          </>
        )}
      </section>
    </div>
  );
}
