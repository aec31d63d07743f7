/**
 * "Draft reminder" for an overdue sample: choose one of the country's chat templates (the plan's
 * own first) and the reminder is filled with the creator's name and the plan's product, shown to
 * copy. Nothing is sent from here; the seller pastes it into TikTok's chat.
 */
import { useState } from 'react';
import type { OverdueSampleRow } from '../../../contract/schemas/content.ts';
import { getSession } from '../../api/session.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { draftReminder } from './content-rules.ts';

export function ReminderDialog({ row, onClose }: { row: OverdueSampleRow; onClose: () => void }) {
  const templates = useLocalRows(localDb, 'chat_templates', row.country);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = templates ?? [];
  const key =
    chosen ??
    (list.some((t) => t.id === row.chat_template_id)
      ? String(row.chat_template_id)
      : list[0]
        ? String(list[0].id)
        : null);
  const template = list.find((t) => String(t.id) === key);
  const text = template ? draftReminder(template.content, row, getSession().member_name ?? '') : '';
  const who = row.name || `@${row.handle}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(m.ledger_reminder_copied());
    } catch {
      toast.error(m.ledger_reminder_copy_failed());
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={m.ledger_reminder_title({ name: who })}
      footer={
        <>
          <Button onPress={onClose}>{m.common_close()}</Button>
          <Button variant="primary" isDisabled={!text} onPress={() => void copy()}>
            {m.ledger_reminder_copy()}
          </Button>
        </>
      }
    >
      {templates && list.length === 0 ? (
        <p>{m.ledger_reminder_no_templates()}</p>
      ) : (
        <div className="ledger-reminder">
          <Select
            label={m.ledger_reminder_template()}
            items={list.map((t) => ({ id: String(t.id), label: t.title }))}
            value={key}
            onChange={setChosen}
          />
          <p className="ledger-muted">{m.ledger_reminder_hint()}</p>
          <div
            className="ledger-reminder__text"
            data-testid="ledger-reminder"
            tabIndex={0}
            role="region"
            aria-label={m.ledger_reminder_preview()}
          >
            {text}
          </div>
        </div>
      )}
    </Dialog>
  );
}
