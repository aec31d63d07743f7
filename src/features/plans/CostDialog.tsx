/**
 * "Add cost" on a plan's creator: a fixed fee, a monthly retainer (first and last day) or ad spend
 * for one of the creator's videos (docs/decisions/plans.md, "Fees, retainers and ad spend"); given a
 * `line`, the same form corrects it (amount, dates, channel, note: its kind and video stay). Saved on
 * this device at once, offline too, and sent through the outbox (cost-actions.ts): the form first
 * checks what the server would refuse that it can see (amount, days, a retainer's span), and a
 * refusal the server still makes takes the line back and is told by the sync's notice. The videos
 * to pick from are the creator's records in the mirror (features/ledger/creator-videos.ts).
 */
import { useState } from 'react';
import { COST_NOTE_MAX, RETAINER_MONTHS_MAX } from '../../../contract/limits.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { useCreatorVideos } from '../ledger/creator-videos.ts';
import { addCost, editCost } from './cost-actions.ts';
import { amountText, costDatesProblem, isAmount, type CostLine } from './cost-rules.ts';
import { kindLabel } from './cost-text.ts';
import { useCreatorsOf } from './plan-queries.ts';

type Kind = 'fee' | 'retainer' | 'ad';
type Channel = 'spark' | 'shop_ads';
const COST_KIND_IDS: readonly Kind[] = ['fee', 'retainer', 'ad'];
const today = (): string => new Date().toLocaleDateString('sv');

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
  /** The line to correct (one the server has numbered); absent: a new line. */
  line?: CostLine;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<Kind>(line?.kind ?? 'fee');
  // The stored amount as digits the form reads back the same way ("1200.5" → "1200.50").
  const [amount, setAmount] = useState(line ? amountText(line.amount_cents) : '');
  const [start, setStart] = useState(line?.start_date ?? today);
  const [end, setEnd] = useState(line?.end_date ?? '');
  const [video, setVideo] = useState(line?.content_id ?? 0);
  const [channel, setChannel] = useState<Channel>(line?.channel === 'shop_ads' ? 'shop_ads' : 'spark');
  const [note, setNote] = useState(line?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const handle = useCreatorsOf(kind === 'ad' && !line ? [creatorId] : [])?.get(creatorId)?.unique_id ?? '';
  const videos = useCreatorVideos(localDb, country, handle)?.filter((v) => v.country === country) ?? [];
  // The newest video until the member picks another.
  const picked = videos.some((v) => v.id === video) ? video : (videos[0]?.id ?? 0);

  async function save() {
    const e: Record<string, string> = {};
    if (!isAmount(amount)) e.amount = m.money_cost_invalid_amount();
    const dates = costDatesProblem(kind, start.trim(), end.trim());
    if (dates === 'start') e.start = m.money_cost_day_invalid();
    else if (dates === 'end') e.end = m.money_cost_day_invalid();
    else if (dates === 'end_before_start') e.end = m.money_cost_end_before_start();
    else if (dates === 'too_long') e.end = m.money_cost_too_long({ max: RETAINER_MONTHS_MAX });
    if (kind === 'ad' && !line && !picked) e.video = m.money_cost_no_video();
    setErrors(e);
    if (Object.keys(e).length) return;
    const common = {
      amount: amount.trim(),
      start_date: start.trim(),
      end_date: kind === 'retainer' ? end.trim() : '',
      channel: kind === 'ad' ? channel : ('' as const),
      note: note.trim(),
    };
    const saved = line
      ? await editCost(line, common, name)
      : await addCost(
          {
            plan_id: planId,
            creator_id: creatorId,
            country,
            kind,
            content_id: kind === 'ad' ? picked : 0,
            ...common,
          },
          name,
        );
    if (saved) onClose();
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
                value={String(picked)}
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
      </div>
    </FormDialog>
  );
}
