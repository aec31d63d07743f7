import { useParams } from 'react-router-dom';
import { PlanScreen } from '../features/plans/PlanScreen.tsx';
import { localDb } from '../db/local.ts';
import { useLocalRows } from '../db/queries.ts';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /plans/:id: one plan's board; the title is the plan's name once it is read. */
export default function PlanPage() {
  const id = Number(useParams().id);
  const plan = useLocalRows(localDb, 'plans')?.find((p) => p.id === id);
  return (
    <ScreenPage
      title={plan ? plan.name : m.plans_title()}
      breadcrumb={[{ label: m.plans_title(), to: '/plans' }, { label: plan ? plan.name : '…' }]}
    >
      <PlanScreen id={Number.isSafeInteger(id) ? id : 0} />
    </ScreenPage>
  );
}
