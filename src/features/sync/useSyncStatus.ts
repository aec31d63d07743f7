/**
 * Everything the header's sync indicator shows: the worker's state (progress, pause, quota),
 * the browser's online flag, and the signed-in user's unsent and failed outbox entries (read
 * live from Dexie, so every tab sees the same counts). Also starts the sync worker for the
 * stored session: the header is mounted only inside signed-in screens.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { getToken } from '../../api/session.ts';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { entriesOf } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { getLocale } from '../../paraglide/runtime.js';
import type { SyncState } from '../../workers/sync-client.ts';
import { onSyncState, startSync } from '../../workers/sync-client.ts';

export interface SyncView {
  online: boolean;
  state: SyncState | null;
  unsent: number;
  failed: OutboxEntry[];
}

export function useSyncStatus(): SyncView {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [state, setState] = useState<SyncState | null>(null);

  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const off = onSyncState(setState);
    const token = getToken();
    if (token) void startSync({ token, language: getLocale() }).catch(() => undefined);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      off();
    };
  }, []);

  const entries = useLiveQuery(async () => {
    const s = await getMeta<LocalSession>(localDb, META.session);
    return s ? entriesOf(localDb, s) : [];
  }, []);
  const list = entries ?? [];
  return {
    online,
    state,
    unsent: list.filter((e) => e.state === 'pending' || e.state === 'sending').length,
    failed: list.filter((e) => e.state === 'failed'),
  };
}
