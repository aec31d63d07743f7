/**
 * A plan's charts (issue 23): creators per stage, GMV per week and the creators with the best ROI,
 * drawn by uPlot (a small canvas chart library, loaded with this file only when the user opens the
 * charts on a plan's board). A canvas says nothing to a screen reader, so each chart is hidden from
 * it and comes with "The numbers": a table of the same values, open to everyone.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDate, formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { formatRoi, type CreatorRoi } from './money-rules.ts';
import { PLAN_STAGES, stageLabel } from './plan-rules.ts';

const HEIGHT = 200;

/** One uPlot bar or line chart in a box that follows its width. */
function Chart({
  x,
  y,
  bars,
  label,
  xValue,
  yValue,
}: {
  x: number[];
  y: number[];
  bars: boolean;
  label: string;
  /** Axis text of an x value. */
  xValue: (v: number) => string;
  yValue: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn again only when the numbers change, not on every render of the board around it.
  const format = useRef({ xValue, yValue });
  format.current = { xValue, yValue };
  const key = JSON.stringify([x, y]);
  useEffect(() => {
    const [xs, ys] = JSON.parse(key) as [number[], number[]];
    const el = box.current;
    if (!el) return;
    const stroke = getComputedStyle(el).getPropertyValue('--cd-primary').trim() || '#1664ff';
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? format.current.xValue(v) : '')),
            size: 40,
          },
          { values: (_u, splits) => splits.map((v) => format.current.yValue(v)), size: 70 },
        ],
        series: [
          {},
          {
            label,
            stroke,
            fill: bars ? stroke : undefined,
            width: 2,
            paths: bars ? uPlot.paths.bars?.({ size: [0.6, 48] }) : undefined,
            points: { show: !bars },
          },
        ],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [key, bars, label]);
  return <div ref={box} className="plans-chart" aria-hidden="true" />;
}

function Numbers({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
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
  const stageX = PLAN_STAGES.map((_, i) => i);
  const nameOf = (id: number) => names.get(id) ?? `#${id}`;
  return (
    <div className="plans-charts" data-testid="plan-charts">
      <section>
        <h2 className="plans-charts__title">{m.charts_funnel()}</h2>
        <Chart
          x={stageX}
          y={funnel}
          bars
          label={m.charts_count()}
          xValue={(i) => stageLabel(PLAN_STAGES[i])}
          yValue={(v) => formatNumber(v)}
        />
        <Numbers
          head={[m.plans_export_col_stage(), m.charts_count()]}
          rows={PLAN_STAGES.map((s, i) => [stageLabel(s), formatNumber(funnel[i] ?? 0)])}
        />
      </section>
      <section>
        <h2 className="plans-charts__title">{m.charts_weeks()}</h2>
        {weeks.length === 0 ? (
          <p className="plans-muted">{m.charts_none()}</p>
        ) : (
          <>
            <Chart
              x={weeks.map((_, i) => i)}
              y={weeks.map((w) => w.gmv)}
              bars={false}
              label={m.charts_weeks()}
              xValue={(i) => (weeks[i] ? formatDate(weeks[i].week) : '')}
              yValue={money}
            />
            <Numbers
              head={[m.charts_week(), 'GMV']}
              rows={weeks.map((w) => [formatDate(w.week), money(w.gmv)])}
            />
          </>
        )}
      </section>
      <section>
        <h2 className="plans-charts__title">{m.charts_top()}</h2>
        {top.length === 0 ? (
          <p className="plans-muted">{m.charts_no_roi()}</p>
        ) : (
          <>
            <Chart
              x={top.map((_, i) => i)}
              y={top.map((t) => Math.round(t.roi * 1000) / 10)}
              bars
              label="ROI"
              xValue={(i) => (top[i] ? nameOf(top[i].creator_id) : '')}
              yValue={(v) => `${formatNumber(v)}%`}
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
