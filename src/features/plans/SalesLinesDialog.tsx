/**
 * "Sales lines" on a board card: every stored order line of the creator (read from the server, as
 * lines are not mirrored), newest first, with whether it counts and which import or hand wrote it.
 * A line can be deleted (confirmed first; through the outbox, so it waits offline and says so); the
 * list is read again once the server has applied it, and the creator's history records who did it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { z } from 'zod';
import type { OrderLinesResult } from '../../../contract/schemas/plan.ts';
import { localDb } from '../../db/local.ts';
import { readRows } from '../../db/queries.ts';
import { formatDate, formatGmv, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, useConfirmedAction } from '../../ui/Dialog.tsx';
import { deleteOrderLine } from './orders-actions.ts';
import { useDeletingLines } from './orders-queries.ts';
import { fetchLines } from './orders-api.ts';
import './orders.css';

type Lines = z.output<typeof OrderLinesResult>;
type Line = Lines['lines'][number];

const amountOf = (l: Line) => formatGmv(l.gmv, l.currency);

export function SalesLinesDialog({
  creatorId,
  name,
  onClose,
}: {
  creatorId: number;
  name: string;
  onClose: () => void;
}) {
  const [lines, setLines] = useState<Lines | 'loading' | 'offline'>('loading');
  const deleting = useDeletingLines();
  const files = useLiveQuery(
    async () => new Map((await readRows(localDb, 'order_imports')).map((r) => [r.id, r.file_name ?? ''])),
    [],
  );
  // Read again when a deletion was applied by the server: seen acked, or gone from the outbox (a
  // pull that brings the change back drops the acked entry, sometimes before this screen's query
  // ever saw it acked; a refused one goes too, and the read then shows the line as it still is).
  // Every deletion the outbox shows unsent (from this dialog or another tab) is awaited.
  const awaited = useRef(new Set<number>());
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (!deleting) return;
    let done = false;
    for (const id of awaited.current) {
      const state = deleting.get(id);
      if (state === undefined || state === 'acked') {
        awaited.current.delete(id);
        done = true;
      }
    }
    for (const [id, state] of deleting) if (state !== 'acked') awaited.current.add(id);
    if (done) setSettled((n) => n + 1);
  }, [deleting]);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchLines(creatorId, ctrl.signal).then(
      (r) => setLines(r),
      () => !ctrl.signal.aborted && setLines('offline'),
    );
    return () => ctrl.abort();
  }, [creatorId, settled]);
  const remove = useConfirmedAction(
    (l: Line) => ({
      message: m.orders_lines_delete_confirm({ order: l.order_id, amount: amountOf(l) }),
      confirmLabel: m.orders_lines_delete(),
      tone: 'danger',
    }),
    (l: Line) => {
      // Awaited from the moment it is queued: its whole trip may end between two reads of the outbox.
      awaited.current.add(l.id);
      return deleteOrderLine(l);
    },
  );
  const source = (l: Line) =>
    l.layout === 'manual'
      ? m.orders_lines_manual()
      : (files?.get(l.import_id) ?? '').trim() || m.orders_imports_api();

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.plans_lines_label({ name })}
      size="lg"
      footer={<Button onPress={onClose}>{m.common_close()}</Button>}
    >
      <p className="plans-muted">{m.orders_lines_hint()}</p>
      {lines === 'loading' && <p role="status">{m.orders_lines_loading()}</p>}
      {lines === 'offline' && <p role="status">{m.orders_lines_offline()}</p>}
      {typeof lines === 'object' && lines.lines.length === 0 && <p>{m.orders_lines_none()}</p>}
      {typeof lines === 'object' && lines.lines.length > 0 && (
        <div
          className="orders-lines__scroll"
          tabIndex={0}
          role="region"
          aria-label={m.plans_lines_label({ name })}
        >
          <table className="orders-table" data-testid="sales-lines">
            <caption className="cd-visually-hidden">{m.plans_lines_label({ name })}</caption>
            <thead>
              <tr>
                <th scope="col">{m.orders_lines_col_order()}</th>
                <th scope="col">{m.orders_lines_col_day()}</th>
                <th scope="col">{m.orders_lines_col_amount()}</th>
                <th scope="col">{m.orders_lines_col_commission()}</th>
                <th scope="col">{m.orders_lines_col_status()}</th>
                <th scope="col">{m.orders_lines_col_source()}</th>
                <th scope="col">{m.orders_lines_col_action()}</th>
              </tr>
            </thead>
            <tbody>
              {lines.lines.map((l) => {
                const state = deleting?.get(l.id);
                return (
                  <tr key={l.id} data-testid="sales-line">
                    <th scope="row" className="orders-table__held">
                      {l.order_id}
                    </th>
                    <td>{l.created_time > 0 ? formatDate(l.created_time) : m.orders_lines_no_time()}</td>
                    <td className="orders-table__num">{amountOf(l)}</td>
                    <td className="orders-table__num">{formatGmv(l.commission, l.currency)}</td>
                    <td>{l.counted ? l.status : m.orders_lines_not_counted({ status: l.status })}</td>
                    <td>{source(l)}</td>
                    <td>
                      {state ? (
                        <span className="plans-muted">{m.orders_lines_deleting()}</span>
                      ) : (
                        <Button
                          size="sm"
                          variant="text"
                          aria-label={m.orders_lines_delete_label({ order: l.order_id })}
                          onPress={() => remove.run(l)}
                        >
                          {m.orders_lines_delete()}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {typeof lines === 'object' && lines.total > lines.lines.length && (
        <p className="plans-muted">
          {m.orders_lines_more({ shown: formatNumber(lines.lines.length), total: formatNumber(lines.total) })}
        </p>
      )}
    </Dialog>
  );
}
