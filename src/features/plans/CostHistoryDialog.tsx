/**
 * A cost line's history: every add, correction and deletion with what the line said after it, who
 * made it and when (server/db/plan-cost.repository.ts keeps them), newest first. Read from the server
 * (the mirror holds each line as it is now, not its history).
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { CostHistoryResult } from '../../../contract/schemas/money.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../../ui/Dialog.tsx';
import { fetchCostHistory } from './money-api.ts';
import { costText } from './cost-text.ts';
import type { CostLine } from './cost-rules.ts';

type HistoryRow = z.infer<typeof CostHistoryResult>['rows'][number];

const actionLabel = (a: HistoryRow['action']): string =>
  a === 'add' ? m.money_history_add() : a === 'edit' ? m.money_history_edit() : m.money_history_delete();

export function CostHistoryDialog({
  line,
  name,
  currency,
  onClose,
}: {
  line: Pick<CostLine, 'id' | 'kind'>;
  name: string;
  currency: string;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctl = new AbortController();
    fetchCostHistory(line.id, ctl.signal).then(
      (d) => setRows(d.rows),
      () => {
        if (!ctl.signal.aborted) setFailed(true);
      },
    );
    return () => ctl.abort();
  }, [line.id]);
  return (
    <Dialog isOpen onClose={onClose} isDismissable title={m.money_history_title({ name })}>
      {!rows ? (
        <p className="plans-muted" role="status">
          {failed ? m.money_history_offline() : m.money_net_loading()}
        </p>
      ) : (
        <ol className="plans-costs" data-testid="cost-history">
          {rows.map((h, i) => (
            <li key={`${h.at}-${i}`} className="plans-costs__line">
              <span>
                <strong>{actionLabel(h.action)}</strong> ·{' '}
                {costText(
                  {
                    kind: line.kind,
                    amount_cents: Math.round(h.amount * 100),
                    start_date: h.start_date,
                    end_date: h.end_date,
                  },
                  currency,
                )}
                {h.note ? ` · ${h.note}` : ''}
              </span>
              <span className="plans-muted">
                {m.money_history_by({ who: h.user_name || `#${h.user_id}`, at: formatDateTime(h.at) })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
