/** The record's status history (GET /blogger/invitation.history), read from the server when online. */
import { useEffect, useState } from 'react';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { invitationTone, subStatusTone, Tag } from '../../ui/StatusTag.tsx';
import { statusLabel, subStatusLabel } from './invitation-rules.ts';

interface HistoryRow {
  id: number;
  status: number;
  sub_status: number | null;
  member_name: string;
  created_at: number;
}

export function InvitationHistory({ id, version }: { id: number; version: unknown }) {
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const online = navigator.onLine;
  useEffect(() => {
    if (!online || id < 0) return;
    let live = true;
    request(API.invitationHistory, { id }, { silent: true })
      .then((r) => live && setRows(r))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [id, online, version]);

  return (
    <section className="invited-history" aria-label={m.invited_history()}>
      <h3 className="cd-field__label">{m.invited_history()}</h3>
      {!online ? (
        <p>{m.invited_history_offline()}</p>
      ) : rows && rows.length === 0 ? (
        <p>{m.invited_history_empty()}</p>
      ) : (
        <ul>
          {(rows ?? []).map((h) => (
            <li key={h.id}>
              {formatDateTime(h.created_at)} · {h.member_name}{' '}
              <Tag tone={invitationTone(h.status)}>{statusLabel(h.status)}</Tag>
              {h.sub_status != null && (
                <Tag tone={subStatusTone(h.sub_status)}>{subStatusLabel(h.sub_status)}</Tag>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
