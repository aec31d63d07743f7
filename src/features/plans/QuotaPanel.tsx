/**
 * TikTok's weekly quota of new creators on /plans: how many unconnected creators the
 * workspace contacted since Sunday's reset, against the number the seller copied from Seller Center,
 * and when it resets (in the user's time). Stated here before any move would go over it.
 */
import { useState } from 'react';
import { WEEKLY_QUOTA_MAX } from '../../../contract/limits.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { setWeeklyQuota } from './plan-actions.ts';
import { fromShopNote } from './quota-note.ts';
import { useQuota } from './plan-queries.ts';

export function QuotaPanel() {
  const q = useQuota();
  const [editing, setEditing] = useState(false);
  if (!q) return null;
  const used = q.contacted.size;
  return (
    <section className="plans-quota" aria-labelledby="plans-quota-title">
      <h2 id="plans-quota-title" className="plans-quota__title">
        {m.quota_title()}
      </h2>
      <p className="plans-muted" data-testid="quota-text">
        {q.unlimited
          ? m.quota_unlimited({ used: formatNumber(used) })
          : q.quota < 0
            ? m.quota_unset({ used: formatNumber(used) })
            : m.quota_used({
                used: formatNumber(used),
                quota: formatNumber(q.quota),
                left: formatNumber(Math.max(0, q.quota - used)),
                time: formatDateTime(q.next),
              })}
      </p>
      {q.fromShop && <p className="plans-muted">{fromShopNote(q)}</p>}
      <Button size="sm" onPress={() => setEditing(true)}>
        {m.quota_set()}
      </Button>
      {editing && <QuotaDialog current={q.quota} row={q.row} onClose={() => setEditing(false)} />}
    </section>
  );
}

function QuotaDialog({
  current,
  row,
  onClose,
}: {
  current: number;
  row: Parameters<typeof setWeeklyQuota>[0];
  onClose: () => void;
}) {
  const [text, setText] = useState(current < 0 ? '' : String(current));
  const [error, setError] = useState<string>();
  async function save() {
    const v = text.trim();
    const n = v === '' ? -1 : Number(v);
    if (!Number.isInteger(n) || n < -1 || n > WEEKLY_QUOTA_MAX || (v !== '' && n < 0)) {
      setError(m.quota_invalid());
      return;
    }
    if (await setWeeklyQuota(row, n)) onClose();
  }
  return (
    <FormDialog title={m.quota_set()} onClose={onClose} onSave={save}>
      <Field
        label={m.quota_field()}
        description={m.quota_field_hint()}
        value={text}
        onChange={setText}
        inputMode="numeric"
        maxLength={6}
        autoFocus
        errorMessage={error}
      />
    </FormDialog>
  );
}
