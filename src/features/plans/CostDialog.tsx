/**
 * "Add cost" on a plan's creator: a fixed fee, a monthly retainer (first and last day) or ad spend
 * for one of the creator's videos (docs/decisions/plans.md, "Fees, retainers and ad spend"); given a
 * `line`, the same form corrects it (amount, dates, channel, note: its kind and video stay). Sent
 * straight to the server: the dialog closes and the plan's net profit changes only once the server
 * has accepted the change; a refusal keeps the dialog open with the server's reason and what to do.
 */
import { useEffect, useState } from 'react';
import { COST_NOTE_MAX } from '../../../contract/limits.ts';
import type { ContentRow } from '../../../contract/schemas/content.ts';
import type { CostRow } from '../../../contract/schemas/money.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { addCost, editCost, fetchCreatorVideos } from './money-api.ts';
import { kindLabel } from './cost-text.ts';
import { isDay } from './plan-rules.ts';

type Kind = 'fee' | 'retainer' | 'ad';
type Channel = 'spark' | 'shop_ads';
const COST_KIND_IDS: readonly Kind[] = ['fee', 'retainer', 'ad'];
/** A cost line's kind in words (the dialog, the plan's list of lines, their history). */
const today = (): string => new Date().toLocaleDateString('sv');
/** As the server reads it (contract/schemas/money.ts, costAmount): digits, at most two decimals, above 0. */
const isAmount = (s: string): boolean => /^\d{1,11}(\.\d{1,2})?$/.test(s.trim()) && Number(s) > 0;

export function CostDialog({
  planId,
  country,
  creatorId,
  name,
  currency,
  line,
  onClose,
}: {
  planId: number;
  country: string;
  creatorId: number;
  name: string;
  currency: string;
  /** The line to correct; absent: a new line. */
  line?: CostRow;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<Kind>(line?.kind ?? 'fee');
  // The stored amount as digits the form reads back the same way ("1200.5" → "1200.50").
  const [amount, setAmount] = useState(line ? line.amount.toFixed(2) : '');
  const [start, setStart] = useState(line?.start_date ?? today);
  const [end, setEnd] = useState(line?.end_date ?? '');
  const [video, setVideo] = useState(line?.content_id ?? 0);
  const [channel, setChannel] = useState<Channel>(line?.channel === 'shop_ads' ? 'shop_ads' : 'spark');
  const [note, setNote] = useState(line?.note ?? '');
  const [videos, setVideos] = useState<ContentRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState('');

  useEffect(() => {
    if (kind !== 'ad' || line) return;
    const ctl = new AbortController();
    fetchCreatorVideos(creatorId, ctl.signal).then(
      (d) => {
        const own = d.rows.filter((r) => r.country === country);
        setVideos(own);
        setVideo((v) => v || own[0]?.id || 0);
      },
      () => undefined,
    );
    return () => ctl.abort();
  }, [kind, creatorId, country, line]);

  async function save() {
    const e: Record<string, string> = {};
    if (!isAmount(amount)) e.amount = m.money_cost_invalid_amount();
    if (!isDay(start)) e.start = m.workbench_followup_date_invalid();
    if (kind === 'retainer' && !isDay(end)) e.end = m.workbench_followup_date_invalid();
    if (kind === 'ad' && !video) e.video = m.money_cost_no_video();
    setErrors(e);
    setRefused('');
    if (Object.keys(e).length) return;
    const common = {
      amount: amount.trim(),
      start_date: start.trim(),
      ...(kind === 'retainer' && { end_date: end.trim() }),
      ...(kind === 'ad' && { channel }),
      note: note.trim(),
    };
    try {
      if (line) await editCost(planId, { id: line.id, ...common });
      else
        await addCost({
          plan_id: planId,
          creator_id: creatorId,
          kind,
          ...common,
          ...(kind === 'ad' && { content_id: video }),
        });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      setRefused(line ? m.money_cost_edit_refused({ reason }) : m.money_cost_refused({ reason }));
      return;
    }
    toast.success(line ? m.money_cost_edited() : m.money_cost_saved());
    onClose();
  }

  return (
    <FormDialog
      title={line ? m.money_cost_edit_title({ name }) : m.money_cost_title({ name })}
      onClose={onClose}
      onSave={save}
    >
      <div className="plans-form">
        <p className="plans-muted">{line ? m.money_cost_edit_hint() : m.money_cost_hint()}</p>
        {line ? (
          <p>{kindLabel(kind)}</p>
        ) : (
          <Select<Kind>
            label={m.money_cost_kind()}
            items={COST_KIND_IDS.map((id) => ({ id, label: kindLabel(id) }))}
            value={kind}
            onChange={setKind}
          />
        )}
        {kind === 'ad' && line && (
          <Select<Channel>
            label={m.money_cost_channel()}
            items={[
              { id: 'spark', label: m.money_cost_channel_spark() },
              { id: 'shop_ads', label: m.money_cost_channel_shop_ads() },
            ]}
            value={channel}
            onChange={setChannel}
          />
        )}
        {kind === 'ad' &&
          !line &&
          (videos.length ? (
            <div className="plans-form__row">
              <Select<string>
                label={m.money_cost_video()}
                items={videos.map((v) => ({ id: String(v.id), label: v.video_id }))}
                value={String(video)}
                onChange={(v) => setVideo(Number(v))}
              />
              <Select<Channel>
                label={m.money_cost_channel()}
                items={[
                  { id: 'spark', label: m.money_cost_channel_spark() },
                  { id: 'shop_ads', label: m.money_cost_channel_shop_ads() },
                ]}
                value={channel}
                onChange={setChannel}
              />
            </div>
          ) : (
            <p className="plans-muted" role="status">
              {errors.video ?? m.money_cost_no_video()}
            </p>
          ))}
        <Field
          label={`${kind === 'retainer' ? m.money_cost_amount_month() : m.money_cost_amount()} (${currency})`}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          maxLength={14}
          isRequired
          autoFocus
          errorMessage={errors.amount}
        />
        <div className="plans-form__row">
          <Field
            label={kind === 'retainer' ? m.money_cost_start() : m.money_cost_date()}
            placeholder="YYYY-MM-DD"
            value={start}
            onChange={setStart}
            maxLength={10}
            errorMessage={errors.start}
          />
          {kind === 'retainer' && (
            <Field
              label={m.money_cost_end()}
              placeholder="YYYY-MM-DD"
              value={end}
              onChange={setEnd}
              maxLength={10}
              errorMessage={errors.end}
            />
          )}
        </div>
        <Field label={m.money_cost_note()} value={note} onChange={setNote} maxLength={COST_NOTE_MAX} />
        {refused && (
          <p className="plans-error" role="alert">
            {refused}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
