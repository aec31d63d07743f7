/**
 * One creator's ledger in one of their plans (docs/decisions/plans.md, "The ledger"): the running
 * totals and the formula in words, GMV per week and per video (charts with a table of the same
 * numbers), the time-ordered lines (virtualized: two years can be 10,000 of them) and the XLSX
 * export, then the creator's videos over their first days (VideoPerformance.tsx). Read from the server; offline or refused, it says the ledger needs a connection and
 * shows no figure the server has not given.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LEDGER_VIEW_PAGE } from '../../../contract/limits.ts';
import type { LedgerLine, LedgerResult } from '../../../contract/schemas/ledger.ts';
import { formatGmv } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { Chart, Numbers, WeeklyGmv } from '../plans/PlanCharts.tsx';
import '../plans/plans.css';
import { fetchLedger } from './ledger-api.ts';
import { exportLedger } from './ledger-export.ts';
import { kindLabel } from './ledger-rules.ts';
import './ledger.css';
import { VideoPerformance } from './VideoPerformance.tsx';

const ROW_HEIGHT = 76;

/** Rows from the end of the loaded lines at which the next page is asked for. */
const AHEAD = 40;

function Lines({
  lines,
  total,
  more,
  money,
  onNearEnd,
}: {
  lines: LedgerLine[];
  total: number;
  /** A line follows the loaded ones (the last answer's `next`). */
  more: boolean;
  money: (c: number) => string;
  onNearEnd: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const last = v.getVirtualItems().at(-1)?.index ?? 0;
  useEffect(() => {
    if (more && last >= lines.length - AHEAD) onNearEnd();
  }, [last, lines.length, more, onNearEnd]);
  return (
    <div
      ref={scroller}
      className="ledger-lines"
      tabIndex={0}
      role="region"
      aria-label={m.ledger_lines({ count: total })}
    >
      <ol style={{ height: v.getTotalSize() }} className="ledger-lines__list">
        {v.getVirtualItems().map((item) => {
          const l = lines[item.index]!;
          const what = [
            kindLabel(l.kind),
            l.video_id ? m.ledger_line_video({ video: l.video_id }) : '',
            l.kind === 'sale' && l.ref ? m.ledger_line_order({ ref: l.ref }) : l.ref,
          ].filter(Boolean);
          return (
            <li
              key={l.key}
              className="ledger-lines__row"
              data-testid="ledger-line"
              data-run-net-cents={l.run_net_cents}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              aria-setsize={Math.max(total, lines.length)}
              aria-posinset={item.index + 1}
            >
              <span className="ledger-lines__what">
                <span className="ledger-lines__day">{l.day || '-'}</span> {what.join(' · ')}
              </span>
              <span className="ledger-lines__money">
                {m.ledger_line_amounts({ gmv: money(l.gmv_cents), cost: money(l.cost_cents) })}
              </span>
              <span className="ledger-lines__money">
                {m.ledger_line_running({
                  gmv: money(l.run_gmv_cents),
                  costs: money(l.run_cost_cents),
                  net: money(l.run_net_cents),
                })}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function Charts({ data }: { data: LedgerResult }) {
  const currency = data.currency;
  const weeks = useMemo(
    () => data.weeks.map((w) => ({ week: w.week, gmv: w.gmv_cents / 100 })),
    [data.weeks],
  );
  const videos = useMemo(
    () => data.videos.map((v) => ({ video: v.video_id, gmv: v.gmv_cents / 100 })),
    [data.videos],
  );
  const money = (v: number) => formatGmv(v, currency);
  return (
    <div className="ledger-charts" data-testid="plan-charts">
      <section>
        <h3 className="plans-charts__title">{m.ledger_weeks()}</h3>
        <WeeklyGmv weeks={weeks} money={money} empty={m.ledger_no_sales()} weekHead={m.ledger_col_week()} />
      </section>
      <section>
        <h3 className="plans-charts__title">{m.ledger_videos()}</h3>
        {videos.length === 0 ? (
          <p className="plans-muted">{m.ledger_no_video_sales()}</p>
        ) : (
          <>
            <Chart
              kind="bars"
              names={videos.map((v) => v.video)}
              values={videos.map((v) => v.gmv)}
              valueText={money}
            />
            <Numbers head={[m.ledger_col_video(), 'GMV']} rows={videos.map((v) => [v.video, money(v.gmv)])} />
          </>
        )}
      </section>
    </div>
  );
}

function PlanLedger({ creatorId, creatorName }: { creatorId: number; creatorName: string }) {
  const [planId, setPlanId] = useState<number | undefined>(undefined);
  const [data, setData] = useState<LedgerResult | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const loading = useRef(false);
  useEffect(() => {
    const ctl = new AbortController();
    setFailed(false);
    loading.current = false;
    fetchLedger({ creator_id: creatorId, plan_id: planId }, null, ctl.signal, LEDGER_VIEW_PAGE).then(
      setData,
      () => {
        if (!ctl.signal.aborted) setFailed(true);
      },
    );
    return () => ctl.abort();
  }, [creatorId, planId, asked]);

  // The next page after the last line loaded, by its key (scrolled near the end, or "more"); one
  // at a time. A line synced in before that key meanwhile is not listed until the ledger is opened
  // again; none is listed twice or skipped.
  const more = useCallback(async () => {
    if (!data || loading.current || data.next === null) return;
    loading.current = true;
    try {
      const next = await fetchLedger(
        { creator_id: creatorId, plan_id: data.plan_id },
        data.next,
        undefined,
        LEDGER_VIEW_PAGE,
      );
      setData((d) =>
        d && d.plan_id === next.plan_id && d.next === data.next
          ? { ...d, lines: [...d.lines, ...next.lines], next: next.next }
          : d,
      );
    } catch {
      setFailed(true);
    } finally {
      loading.current = false;
    }
  }, [data, creatorId]);

  if (failed && !data)
    return (
      <div className="ledger">
        <p role="status" data-testid="ledger-offline">
          {m.ledger_offline()}
        </p>
        <Button size="sm" onPress={() => setAsked((n) => n + 1)}>
          {m.ledger_retry()}
        </Button>
      </div>
    );
  if (!data) return <p role="status">{m.ledger_loading()}</p>;
  if (data.plan_id === 0) return <p className="workbench-empty">{m.ledger_no_plan()}</p>;

  const cents = (c: number) => formatGmv(c / 100, data.currency);
  const t = data.total;
  const costs = t.commission + t.samples + t.fees + t.ads;
  const planName = data.plans.find((p) => p.plan_id === data.plan_id)?.name ?? `#${data.plan_id}`;
  const onExport = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      await exportLedger({ creator_id: creatorId, plan_id: data.plan_id }, planName, creatorName);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  return (
    <div className="ledger">
      <div className="ledger-head">
        {data.plans.length > 1 ? (
          <Select
            size="sm"
            label={m.ledger_plan()}
            items={data.plans.map((p) => ({ id: p.plan_id, label: p.name }))}
            value={data.plan_id}
            onChange={(id) => setPlanId(Number(id))}
          />
        ) : (
          <p>
            {m.ledger_plan()}: {planName}
          </p>
        )}
        <Button size="sm" onPress={onExport} isDisabled={exporting}>
          {m.ledger_export()}
        </Button>
      </div>
      {(failed || exportFailed) && (
        <p role="status" className="plans-muted">
          {exportFailed ? m.ledger_export_failed() : m.ledger_offline()}
        </p>
      )}
      <p
        data-testid="ledger-total"
        data-net-cents={Math.round(t.net * 100)}
        data-gmv-cents={Math.round(t.gmv * 100)}
        data-plan-id={data.plan_id}
      >
        <strong>
          {m.ledger_totals({
            gmv: formatGmv(t.gmv, data.currency),
            costs: formatGmv(costs, data.currency),
            net: formatGmv(t.net, data.currency),
          })}
        </strong>
      </p>
      <p className="plans-muted">{m.ledger_formula()}</p>
      {data.lines_total === 0 ? (
        <p className="workbench-empty">{m.ledger_empty()}</p>
      ) : (
        <>
          <Charts data={data} />
          <h3 className="plans-charts__title">{m.ledger_lines({ count: data.lines_total })}</h3>
          <Lines
            lines={data.lines}
            total={data.lines_total}
            more={data.next !== null}
            money={cents}
            onNearEnd={() => void more()}
          />
          {data.next !== null && (
            <Button size="sm" onPress={() => void more()}>
              {m.ledger_more({
                count: Math.max(1, Math.min(data.lines_total - data.lines.length, LEDGER_VIEW_PAGE)),
              })}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

/** The plan's ledger, then the creator's videos (theirs whatever the plan, so shown without one too). */
export interface LedgerProps {
  creatorId: number;
  /** The creator's country and handle: their videos are read from the mirror by these. */
  country: string;
  uniqueId: string;
}

export function LedgerView(props: LedgerProps) {
  return (
    <>
      <PlanLedger creatorId={props.creatorId} creatorName={`@${props.uniqueId}`} />
      <VideoPerformance country={props.country} uniqueId={props.uniqueId} />
    </>
  );
}
