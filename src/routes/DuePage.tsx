import { DueScreen } from '../features/workbench/DueScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /followups: follow-ups due today or overdue. */
export default function DuePage() {
  return (
    <ScreenPage title={m.workbench_due_title()}>
      <DueScreen />
    </ScreenPage>
  );
}
