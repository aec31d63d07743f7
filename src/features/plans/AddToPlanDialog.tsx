/**
 * Home's "Add to plan" (issue 23): the selected creators join a plan of the current country at
 * "to contact". The plan's limit and how a large selection is sent are said before the user
 * confirms; creators already in the plan are left where they are (the server skips them).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_CALL_MAX, PLAN_CREATORS_MAX } from '../../../contract/limits.ts';
import type { Country } from '../../../contract/constants.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { countryName } from '../../ui/CountrySelect.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { addToPlan } from './plan-actions.ts';
import { usePlans } from './plan-queries.ts';

export function AddToPlanDialog({
  country,
  creatorIds,
  onClose,
  onDone,
}: {
  country: Country;
  creatorIds: readonly number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const data = usePlans();
  const plans = useMemo(
    () => (data?.plans ?? []).filter((p) => p.country === country && p.id > 0),
    [data, country],
  );
  const [picked, setPicked] = useState<number | null>(null);
  const plan = plans.find((p) => p.id === picked) ?? plans[0];
  const parts = Math.ceil(creatorIds.length / PLAN_CALL_MAX);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.plans_add_title({ count: formatNumber(creatorIds.length) })}
      footer={
        <DialogFooter
          onCancel={onClose}
          isDisabled={!plan}
          confirmLabel={m.plans_add_confirm()}
          onConfirm={async () => {
            if (!plan) return;
            if (await addToPlan(plan, creatorIds)) onDone();
          }}
        />
      }
    >
      {data && plans.length === 0 ? (
        <p>{m.plans_add_none({ country: countryName(country) })}</p>
      ) : (
        <Select<number>
          label={m.plans_add_pick()}
          items={plans.map((p) => ({ id: p.id, label: String(p.name) }))}
          value={plan?.id ?? null}
          onChange={setPicked}
        />
      )}
      <p className="plans-muted">
        {m.plans_add_limit({ max: formatNumber(PLAN_CREATORS_MAX) })}
        {parts > 1 &&
          ` ${m.plans_add_parts({ count: formatNumber(creatorIds.length), parts: formatNumber(parts), call: formatNumber(PLAN_CALL_MAX) })}`}
      </p>
      <Link to="/plans" onClick={onClose}>
        {m.plans_add_manage()}
      </Link>
    </Dialog>
  );
}
