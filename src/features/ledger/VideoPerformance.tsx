/**
 * A creator's videos over their first 7 or 30 days (docs/decisions/plans.md, "A video's first
 * days"): one video at a time, chosen from the creator's content records, newest first; days since
 * posting across, the chosen measure up (views first), drawn as the plans' line chart with a table
 * of the same numbers. The records come from the mirror (creator-videos.ts), so the picker is there
 * at once and offline; a video's figures are read from the server like the ledger around it, and
 * offline the chart says so and shows no figure the server has not given.
 */
import { useEffect, useMemo, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { ContentSnapshotPoint } from '../../../contract/schemas/content.ts';
import { localDb } from '../../db/local.ts';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { Chart, Numbers } from '../plans/PlanCharts.tsx';
import { useFirstSyncDone } from '../sync/useFirstSyncDone.ts';
import { useCreatorVideos, type CreatorVideo } from './creator-videos.ts';
import { fetchSnapshots } from './ledger-api.ts';
import { daySlots, measureLabel, VIDEO_MEASURES, type VideoMeasure } from './video-rules.ts';

type Window = 7 | 30;

function VideoChart({ video, days, measure }: { video: CreatorVideo; days: Window; measure: VideoMeasure }) {
  const [points, setPoints] = useState<ContentSnapshotPoint[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    setPoints(null);
    setFailed(false);
    fetchSnapshots(video.id, days, ctl.signal).then(
      (r) => setPoints(r.points),
      () => {
        if (!ctl.signal.aborted) setFailed(true);
      },
    );
    return () => ctl.abort();
  }, [video.id, days, asked]);
  const slots = useMemo(() => (points ? daySlots(points, days, measure) : null), [points, days, measure]);
  if (failed)
    return (
      <>
        <p role="status" data-testid="video-offline">
          {m.ledger_video_offline()}
        </p>
        <Button size="sm" onPress={() => setAsked((n) => n + 1)}>
          {m.ledger_video_retry()}
        </Button>
      </>
    );
  if (!points || !slots) return <p role="status">{m.ledger_video_loading()}</p>;
  if (points.length === 0)
    return (
      <p className="plans-muted" data-testid="video-no-points">
        {m.ledger_video_no_points({ days })}
      </p>
    );
  const label = measureLabel(measure);
  return (
    <div data-testid="plan-charts" data-days={days} data-measure={measure}>
      <Chart kind="line" names={slots.names} values={slots.values} valueText={formatNumber} whole />
      <p className="plans-muted">{m.ledger_video_axis({ measure: label })}</p>
      <Numbers
        head={[m.ledger_video_col_day(), m.ledger_video_col_read(), label]}
        rows={points.map((p) => [p.day, formatDateTime(p.taken_at), formatNumber(p[measure])])}
      />
    </div>
  );
}

export function VideoPerformance({ country, uniqueId }: { country: string; uniqueId: string }) {
  const videos = useCreatorVideos(localDb, country, uniqueId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [days, setDays] = useState<Window>(7);
  const [measure, setMeasure] = useState<VideoMeasure>('views');
  const firstSyncDone = useFirstSyncDone();
  // The newest video is chosen when the list first shows and stays chosen: a record that syncs in
  // later joins the picker without switching the chart under the reader. A chosen record deleted
  // since gives way to the newest one, chosen the same way.
  useEffect(() => {
    if (videos?.[0] && (chosen === null || !videos.some((v) => v.id === chosen))) setChosen(videos[0].id);
  }, [videos, chosen]);
  const video = videos?.find((v) => v.id === chosen) ?? videos?.[0];
  let body;
  // Before the first sync has finished, no record yet is not "none" (the creator may come before
  // their records).
  if (!videos || (!video && !firstSyncDone)) body = <p role="status">{m.ledger_video_loading()}</p>;
  else if (!video) body = <p className="workbench-empty">{m.ledger_video_none()}</p>;
  else
    body = (
      <>
        <div className="ledger-video__controls">
          <Select
            size="sm"
            label={m.ledger_video_pick()}
            items={videos.map((v) => ({
              id: v.id,
              label: m.ledger_video_option({ date: formatDate(v.post_time), video: v.video_id }),
            }))}
            value={video.id}
            onChange={(id) => setChosen(Number(id))}
          />
          <RadioGroup
            className="ledger-video__window"
            orientation="horizontal"
            value={String(days)}
            onChange={(v) => setDays(v === '30' ? 30 : 7)}
          >
            <Label className="cd-field__label">{m.ledger_video_window()}</Label>
            <div className="ledger-video__segments">
              <Radio value="7" className="ledger-video__segment">
                {m.ledger_video_days_7()}
              </Radio>
              <Radio value="30" className="ledger-video__segment">
                {m.ledger_video_days_30()}
              </Radio>
            </div>
          </RadioGroup>
          <Select
            size="sm"
            label={m.ledger_video_measure()}
            items={VIDEO_MEASURES.map((k) => ({ id: k, label: measureLabel(k) }))}
            value={measure}
            onChange={setMeasure}
          />
        </div>
        <VideoChart key={video.id} video={video} days={days} measure={measure} />
      </>
    );
  return (
    <section className="ledger-video" aria-labelledby="ledger-video-title" data-testid="video-performance">
      <h3 id="ledger-video-title" className="plans-charts__title">
        {m.ledger_video_title()}
      </h3>
      <p className="plans-muted">{m.ledger_video_hint()}</p>
      {body}
    </section>
  );
}
