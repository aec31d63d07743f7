import { PlansScreen } from '../features/plans/PlansScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /plans: collaboration plans with their funnels. */
export default function PlansPage() {
  return (
    <ScreenPage title={m.plans_title()}>
      <PlansScreen />
    </ScreenPage>
  );
}
