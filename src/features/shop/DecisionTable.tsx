/**
 * What both sample request lists share (the shop's applications in ./SampleRequests.tsx, the plans'
 * own requests in ./LocalSampleRequests.tsx): the selection, the action bar (approve, reject,
 * approve all that pass) and the table (a select-all box; per row its box, the creator, the list's
 * own columns, fit, each rule's verdict, what the last decision answered). A decided row can no
 * longer be selected; the lists keep their own calls, outcomes and texts.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SampleVerdict } from '../../../contract/sample-rules.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { verdictText } from './sample-rules-text.ts';

/** The fields every request row has, whichever list it is in. */
export interface DecisionRow {
  creator: string;
  creator_nickname: string;
  /** Ours; 0 when the creator is not in the workspace. */
  creator_id: number;
  fit: number | null;
  verdicts: readonly SampleVerdict[];
}

export interface DecisionColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export const creatorName = (r: DecisionRow): string =>
  r.creator_nickname ? `${r.creator_nickname} (@${r.creator})` : `@${r.creator}`;

/** Rows no rule fails, among those with rules judged. */
export const passesRules = (r: DecisionRow): boolean =>
  r.verdicts.length > 0 && r.verdicts.every((v) => v.verdict !== 'fail');

/** The selected ids of a list; a row's box adds or removes one. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { selected, setSelected, toggle };
}

export function DecisionActions({
  count,
  canAct,
  busy,
  passing,
  onApprove,
  onReject,
  onApprovePassing,
}: {
  /** Selected rows still open. */
  count: number;
  canAct: boolean;
  busy: boolean;
  /** Rows "Approve all that pass" would send; null when no rule is set (no such button). */
  passing: { count: number; canAct: boolean } | null;
  onApprove: () => void;
  onReject: () => void;
  onApprovePassing: () => void;
}) {
  return (
    <div className="sample-requests__actions">
      <Button variant="primary" isDisabled={!canAct} isLoading={busy} onPress={onApprove}>
        {m.sample_requests_approve({ count })}
      </Button>
      <Button isDisabled={!canAct} onPress={onReject}>
        {m.sample_requests_reject({ count })}
      </Button>
      {passing && (
        <Button isDisabled={!passing.canAct || passing.count === 0} onPress={onApprovePassing}>
          {m.sample_rules_approve_passing({ count: passing.count })}
        </Button>
      )}
    </div>
  );
}

export function DecisionTable<T extends DecisionRow>({
  title,
  testId,
  part,
  dataKey,
  rows,
  idOf,
  isDone,
  selected,
  onToggle,
  onSelectAll,
  selectAllLabel,
  selectLabel,
  columns,
  outcomeText,
}: {
  title: string;
  /** The table's test id, and the prefix of its rows' and cells' (`${part}-row`, `${part}-fit` …). */
  testId: string;
  part: string;
  /** The row's id is written to `data-${dataKey}`. */
  dataKey: string;
  rows: readonly T[];
  idOf: (row: T) => string;
  isDone: (row: T) => boolean;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  selectAllLabel: string;
  selectLabel: (row: T, who: string) => string;
  /** The list's own columns, between the creator and the fit. */
  columns: readonly DecisionColumn<T>[];
  outcomeText: (row: T) => string;
}) {
  const open = rows.filter((r) => !isDone(r));
  const chosen = open.filter((r) => selected.has(idOf(r))).length;
  return (
    <div className="sample-requests__scroll" tabIndex={0} role="region" aria-label={title}>
      <table className="sample-requests__table" data-testid={testId}>
        <caption className="cd-visually-hidden">{title}</caption>
        <thead>
          <tr>
            <th scope="col">
              <CheckBox
                aria-label={selectAllLabel}
                isSelected={open.length > 0 && chosen === open.length}
                isIndeterminate={chosen > 0 && chosen < open.length}
                isDisabled={open.length === 0}
                onChange={onSelectAll}
              />
            </th>
            <th scope="col">{m.sample_requests_col_creator()}</th>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
            <th scope="col">{m.sample_requests_col_fit()}</th>
            <th scope="col">{m.sample_rules_col()}</th>
            <th scope="col">{m.sample_requests_col_outcome()}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const id = idOf(r);
            const who = creatorName(r);
            const done = isDone(r);
            return (
              <tr key={id} data-testid={`${part}-row`} {...{ [`data-${dataKey}`]: id }}>
                <td>
                  <CheckBox
                    aria-label={selectLabel(r, who)}
                    isSelected={!done && selected.has(id)}
                    isDisabled={done}
                    onChange={(on) => onToggle(id, on)}
                  />
                </td>
                <td>{r.creator_id ? <Link to={`/creator/${r.creator_id}`}>{who}</Link> : who}</td>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(r)}</td>
                ))}
                <td data-testid={`${part}-fit`}>
                  {r.fit === null
                    ? m.sample_rules_value_unknown()
                    : m.sample_requests_fit_value({ score: formatNumber(r.fit) })}
                </td>
                <td data-testid={`${part}-verdicts`}>
                  {r.verdicts.length > 0 && (
                    <ul className="sample-requests__verdicts">
                      {r.verdicts.map((v) => {
                        const t = verdictText(v);
                        return (
                          <li key={v.rule} data-verdict={v.verdict}>
                            <span aria-hidden="true">{t.icon}</span> {t.text}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </td>
                <td data-testid={`${part}-outcome`}>{outcomeText(r)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
