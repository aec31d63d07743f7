/**
 * Home's "Add to plan": the selected creators join a plan of the current country at "to contact".
 * The plan's limit, how a large selection is sent and how many of it are in the plan already (they
 * stay at their stage: the server skips them) are said before the user confirms; the toast after
 * the add says how many joined and how many were there, from the server's answer. With "Also send
 * them target invitations" the same selection is invited right after, in TikTok's batches of at
 * most 100, with the batches, terms and weekly quota shown first (InviteDialog.tsx).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_CALL_MAX, PLAN_CREATORS_MAX } from '../../../contract/limits.ts';
import type { Country } from '../../../contract/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { m } from '../../paraglide/messages.js';
import { countryName } from '../../ui/CountrySelect.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { InviteSummary, inviteBlocker } from './InviteDialog.tsx';
import { addToPlan, invitePlan } from './plan-actions.ts';
import './plans.css';
import { usePlans } from './plan-queries.ts';

export function AddToPlanDialog({
  country,
  creatorIds,
  planId,
  onClose,
  onDone,
}: {
  country: Country;
  /** The plan picked at first (default: the country's first plan). */
  planId?: number;
  creatorIds: readonly number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const data = usePlans();
  const plans = useMemo(
    () => (data?.plans ?? []).filter((p) => p.country === country && p.id > 0),
    [data, country],
  );
  const [picked, setPicked] = useState<number | null>(planId ?? null);
  const [invite, setInvite] = useState(false);
  const plan = plans.find((p) => p.id === picked) ?? plans[0];
  const parts = Math.ceil(creatorIds.length / PLAN_CALL_MAX);
  // Said before the add, from this device's copy of the plan (the toast after it counts the server's).
  const already = useMemo(() => {
    if (!plan) return 0;
    const inPlan = new Set(
      (data?.members ?? []).filter((r) => r.plan_id === plan.id).map((r) => r.creator_id),
    );
    return creatorIds.filter((id) => inPlan.has(id)).length;
  }, [plan, data, creatorIds]);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.plans_add_title({ count: formatNumber(creatorIds.length) })}
      footer={
        <DialogFooter
          onCancel={onClose}
          isDisabled={!plan || (invite && Boolean(inviteBlocker(plan)))}
          confirmLabel={m.plans_add_confirm()}
          onConfirm={async () => {
            if (!plan || !(await addToPlan(plan, creatorIds))) return;
            if (!invite || (await invitePlan(plan, creatorIds, data?.members ?? []))) onDone();
          }}
        />
      }
    >
      {data && plans.length === 0 ? (
        <p>{m.plans_add_none({ country: countryName(country) })}</p>
      ) : (
        <Select<number>
          label={m.plans_add_pick()}
          items={plans.map((p) => ({ id: p.id, label: p.name }))}
          value={plan?.id ?? null}
          onChange={setPicked}
        />
      )}
      <p className="plans-muted">
        {m.plans_add_limit({ max: formatNumber(PLAN_CREATORS_MAX) })}
        {parts > 1 &&
          ` ${m.plans_add_parts({ count: formatNumber(creatorIds.length), parts: formatNumber(parts), call: formatNumber(PLAN_CALL_MAX) })}`}
      </p>
      {already > 0 && <p data-testid="plan-add-already">{m.plans_add_already({ count: already })}</p>}
      {plan && (
        <CheckBox isSelected={invite} onChange={setInvite}>
          {m.plans_add_invite()}
        </CheckBox>
      )}
      {plan && invite && <InviteSummary plan={plan} creatorIds={creatorIds} />}
      <Link to="/plans" onClick={onClose}>
        {m.plans_add_manage()}
      </Link>
    </Dialog>
  );
}
