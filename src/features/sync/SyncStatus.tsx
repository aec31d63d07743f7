/**
 * The header's sync indicator: online/offline, first-sync progress, unsent
 * changes, a paused or storage-full warning, a panel of failed changes with retry/discard, and the
 * conflicts resolved in the last day.
 * It says "Up to date" only once the first full sync has finished; before that it
 * counts the rows received ("Syncing 12,400 / 22,700") or says it is syncing. While a change the
 * server refused waits in the failed list it never says "Up to date": not everything is saved.
 */
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { SyncState } from '../../workers/sync-client.ts';
import { ConflictHistory } from './ConflictHistory.tsx';
import { FailedPanel } from './FailedPanel.tsx';
import { useSyncStatus } from './useSyncStatus.ts';
import './sync.css';

export function syncLabel(online: boolean, state: SyncState | null, failed = 0): string {
  if (!online) return m.sync_offline();
  const progress = state?.progress;
  if (progress && progress.total > 0)
    return m.sync_progress({ done: formatNumber(progress.done), total: formatNumber(progress.total) });
  if (!state?.firstSyncDone || state.phase === 'pulling' || state.phase === 'pushing')
    return m.sync_syncing();
  return failed > 0 ? m.sync_not_all_saved() : m.sync_synced();
}

/** The live-update stream; nothing while offline, where the label already says so. */
export function liveLabel(online: boolean, state: SyncState | null): string | null {
  if (!online || !state) return null;
  if (state.live === 'live') return m.sync_live_on();
  if (state.live === 'connecting') return m.sync_live_connecting();
  return state.live === 'reconnecting' ? m.sync_live_reconnecting() : m.sync_live_off();
}

export function SyncStatus() {
  const { online, state, unsent, failed } = useSyncStatus();
  const label = syncLabel(online, state, failed.length);
  const live = liveLabel(online, state);
  const tone = !online || state?.pausedBy ? 'warn' : failed.length ? 'danger' : 'ok';

  return (
    <div className="cd-sync" role="status" aria-label={m.sync_status_label()}>
      <span className={`cd-sync__dot cd-sync__dot--${tone}`} aria-hidden="true" />
      <span className="cd-sync__label">{label}</span>
      {live && state ? (
        <span className={`cd-sync__live cd-sync__live--${state.live}`} data-live={state.live}>
          {live}
        </span>
      ) : null}
      {unsent > 0 && <span className="cd-sync__badge">{m.sync_unsent({ count: formatNumber(unsent) })}</span>}
      {state?.pausedBy ? <span className="cd-sync__warn">{m.sync_paused()}</span> : null}
      {state?.quotaExceeded ? (
        <span className="cd-sync__warn" role="alert">
          {m.sync_quota()}
        </span>
      ) : null}
      {failed.length > 0 && <FailedPanel failed={failed} />}
      <ConflictHistory />
    </div>
  );
}
