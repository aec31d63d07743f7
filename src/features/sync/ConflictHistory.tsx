/**
 * Conflicts on text records resolved in the last 24 hours, from the mirrored
 * `text_conflicts` table: a button in the sync status, shown only when there are some, opening a
 * list of who kept what over whose change. The creator page's timeline shows a note's too.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { RowOf } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { conflictText } from './change-text.ts';
import { SyncPopover } from './SyncPopover.tsx';

const DAY_SECONDS = 86_400;
const SHOWN = 20;

export function ConflictHistory() {
  const recent = useLiveQuery(async () => {
    const since = Math.floor(Date.now() / 1000) - DAY_SECONDS;
    const rows = await localDb.text_conflicts.filter((r) => r.add_time >= since).toArray();
    return rows.sort((a, b) => b.add_time - a.add_time || b.id - a.id);
  }, []);
  if (!recent?.length) return null;
  return (
    <SyncPopover
      label={m.sync_conflicts_recent({ count: formatNumber(recent.length) })}
      className="cd-sync__conflicts"
      title={m.sync_conflicts_title()}
    >
      {() => (
        <ul className="cd-sync__list">
          {recent.slice(0, SHOWN).map((r: RowOf<'text_conflicts'>) => (
            <li key={r.id} className="cd-sync__item">
              <span>{conflictText(r)}</span>
              <span className="cd-sync__hint">{new Date(r.add_time * 1000).toLocaleString()}</span>
            </li>
          ))}
        </ul>
      )}
    </SyncPopover>
  );
}
