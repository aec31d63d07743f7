/**
 * "Add cost" on a plan's creator: a fixed fee, a monthly retainer (first and last day) or ad spend
 * for one of the creator's videos (docs/decisions/plans.md, "Fees, retainers and ad spend"). Sent
 * straight to the server: the dialog closes and the plan's net profit changes only once the server
 * has accepted the line; a refusal keeps the dialog open with the server's reason.
 */
import { useEffect, useState } from 'react';
import type { ContentRow } from '../../../contract/schemas/content.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { addCost, fetchCreatorVideos } from './money-api.ts';
import { isDay } from './plan-rules.ts';

type Kind = 'fee' | 'retainer' | 'ad';
type Channel = 'spark' | 'shop_ads';
const today = (): string => new Date().toLocaleDateString('sv');
/** As the server reads it (contract/schemas/money.ts, costAmount): digits, at most two decimals, above 0. */
const isAmount = (s: string): boolean => /^\d{1,11}(\.\d{1,2})?$/.test(s.trim()) && Number(s) > 0;

export function CostDialog({
  planId,
  country,
  creatorId,
  name,
  currency,
  onClose,
}: {
  planId: number;
  country: string;
  creatorId: number;
  name: string;
  currency: string;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<Kind>('fee');
  const [amount, setAmount] = useState('');
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState('');
  const [video, setVideo] = useState(0);
  const [channel, setChannel] = useState<Channel>('spark');
  const [videos, setVideos] = useState<ContentRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState('');

  useEffect(() => {
    if (kind !== 'ad') return;
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
  }, [kind, creatorId, country]);

  async function save() {
    const e: Record<string, string> = {};
    if (!isAmount(amount)) e.amount = m.money_cost_invalid_amount();
    if (!isDay(start)) e.start = m.workbench_followup_date_invalid();
    if (kind === 'retainer' && !isDay(end)) e.end = m.workbench_followup_date_invalid();
    if (kind === 'ad' && !video) e.video = m.money_cost_no_video();
    setErrors(e);
    setRefused('');
    if (Object.keys(e).length) return;
    try {
      await addCost({
        plan_id: planId,
        creator_id: creatorId,
        kind,
        amount: amount.trim(),
        start_date: start,
        ...(kind === 'retainer' && { end_date: end }),
        ...(kind === 'ad' && { content_id: video, channel }),
      });
    } catch (err) {
      setRefused(m.money_cost_refused({ reason: err instanceof Error ? err.message : String(err) }));
      return;
    }
    toast.success(m.money_cost_saved());
    onClose();
  }

  return (
    <FormDialog title={m.money_cost_title({ name })} onClose={onClose} onSave={save}>
      <div className="plans-form">
        <p className="plans-muted">{m.money_cost_hint()}</p>
        <Select<Kind>
          label={m.money_cost_kind()}
          items={[
            { id: 'fee', label: m.money_cost_kind_fee() },
            { id: 'retainer', label: m.money_cost_kind_retainer() },
            { id: 'ad', label: m.money_cost_kind_ad() },
          ]}
          value={kind}
          onChange={setKind}
        />
        {kind === 'ad' &&
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
        {refused && (
          <p className="plans-error" role="alert">
            {refused}
          </p>
        )}
      </div>
    </FormDialog>
  );
}
