/**
 * The creator's history, newest first: the mirrored history rows, virtualized so a
 * creator with hundreds of events renders only the rows in view.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { eventText } from './event-text.ts';
import { useCreatorRows } from './workbench-queries.ts';

const ROW_HEIGHT = 56;

export function CreatorTimeline({ creatorId }: { creatorId: number }) {
  const rows = useCreatorRows('creator_events', creatorId);
  const events = useMemo(
    () => [...(rows ?? [])].sort((a, b) => b.add_time - a.add_time || b.id - a.id),
    [rows],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <section className="workbench-panel" aria-labelledby="workbench-timeline-title">
      <h2 id="workbench-timeline-title" className="workbench-panel__title">
        {m.workbench_timeline_title()}
      </h2>
      {rows && events.length === 0 ? (
        <p className="workbench-empty">{m.workbench_timeline_empty()}</p>
      ) : (
        <div
          ref={scroller}
          className="workbench-timeline"
          tabIndex={0}
          role="region"
          aria-label={m.workbench_timeline_title()}
        >
          <ol style={{ height: v.getTotalSize() }} className="workbench-timeline__list">
            {v.getVirtualItems().map((item) => {
              const e = events[item.index]!;
              return (
                <li
                  key={e.id}
                  className="workbench-timeline__row"
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  aria-setsize={events.length}
                  aria-posinset={item.index + 1}
                >
                  <span className="workbench-timeline__text">{eventText(e)}</span>
                  <span className="workbench-meta">
                    {m.workbench_by({
                      name: e.user_name || '-',
                      time: formatDateTime(e.add_time),
                    })}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
