/**
 * The reason asked for when creators leave a plan's path (declined, no reply, dropped): shown by
 * PlanScreen for requestMove (plan-move.ts). Optional, up to PLAN_REASON_MAX characters (the limit is
 * said in the hint and the field stops there).
 */
import { useState, useSyncExternalStore } from 'react';
import { PLAN_REASON_MAX } from '../../../contract/limits.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { reasonRequest, subscribeReason, type ReasonRequest } from './plan-move.ts';
import { stageLabel } from './plan-rules.ts';

export function ReasonHost() {
  const req = useSyncExternalStore(subscribeReason, reasonRequest, reasonRequest);
  return req ? <ReasonDialog key={`${req.stage}|${req.who}`} req={req} /> : null;
}

function ReasonDialog({ req }: { req: ReasonRequest }) {
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      title={m.plans_reason_title({ name: req.who, stage: stageLabel(req.stage) })}
      onClose={() => req.answer(null)}
      onSave={() => req.answer(reason.slice(0, PLAN_REASON_MAX))}
      confirmLabel={m.plans_reason_move()}
    >
      <Field
        label={m.plans_reason()}
        description={m.plans_reason_hint({ max: formatNumber(PLAN_REASON_MAX) })}
        value={reason}
        onChange={setReason}
        maxLength={PLAN_REASON_MAX}
        showCount
        autoFocus
      />
    </FormDialog>
  );
}
