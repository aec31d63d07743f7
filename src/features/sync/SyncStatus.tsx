/**
 * The header's sync indicator (decisions D13): online/offline, first-sync progress, unsent
 * changes, a paused or storage-full warning, and a panel of failed changes with retry/discard.
 */
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { localDb } from '../../db/local.ts';
import { discard, retry } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { useSyncStatus } from './useSyncStatus.ts';
import './sync.css';

export function SyncStatus() {
  const { online, state, unsent, failed } = useSyncStatus();
  const progress = state?.progress;
  const label = !online
    ? m.sync_offline()
    : progress && progress.total > 0
      ? m.sync_progress({
          done: progress.done.toLocaleString(),
          total: progress.total.toLocaleString(),
          percent: Math.floor((progress.done / progress.total) * 100),
        })
      : state?.phase === 'pulling' || state?.phase === 'pushing'
        ? m.sync_syncing()
        : m.sync_synced();
  const tone = !online || state?.pausedBy ? 'warn' : failed.length ? 'danger' : 'ok';

  return (
    <div className="cd-sync" role="status" aria-label={m.sync_status_label()}>
      <span className={`cd-sync__dot cd-sync__dot--${tone}`} aria-hidden="true" />
      <span className="cd-sync__label">{label}</span>
      {unsent > 0 && <span className="cd-sync__badge">{m.sync_unsent({ count: unsent })}</span>}
      {state?.pausedBy ? <span className="cd-sync__warn">{m.sync_paused()}</span> : null}
      {state?.quotaExceeded ? (
        <span className="cd-sync__warn" role="alert">
          {m.sync_quota()}
        </span>
      ) : null}
      {failed.length > 0 && <FailedPanel failed={failed} />}
    </div>
  );
}

function FailedPanel({ failed }: { failed: OutboxEntry[] }) {
  const act = async (fn: (seq: number) => Promise<void>, seq: number | undefined) => {
    if (seq === undefined) return;
    await fn(seq);
    await syncNow();
  };
  return (
    <DialogTrigger>
      <Button variant="link" size="sm" className="cd-sync__failed">
        {m.sync_failed({ count: failed.length })}
      </Button>
      <Popover className="cd-popover cd-sync__panel" placement="bottom end" offset={6}>
        <Dialog aria-label={m.sync_panel_title()}>
          {({ close }) => (
            <>
              <Heading slot="title" className="cd-sync__title">
                {m.sync_panel_title()}
              </Heading>
              {failed.length === 0 && <p>{m.sync_panel_empty()}</p>}
              <ul className="cd-sync__list">
                {failed.map((e) => (
                  <li key={e.seq} className="cd-sync__item">
                    <code>
                      {e.method} {e.path}
                    </code>
                    <span className="cd-sync__error">{e.lastError?.msg}</span>
                    <span className="cd-sync__actions">
                      <Button size="sm" onPress={() => void act((s) => retry(localDb, s), e.seq)}>
                        {m.sync_retry()}
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onPress={() => void act((s) => discard(localDb, s), e.seq)}
                      >
                        {m.sync_discard()}
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
              <Button size="sm" variant="text" onPress={close}>
                {m.sync_close()}
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
