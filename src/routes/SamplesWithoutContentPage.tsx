import { SamplesWithoutContent } from '../features/content/SamplesWithoutContent.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /plans/samples-without-content: overdue samples and pasting the videos that answer them. */
export default function SamplesWithoutContentPage() {
  return (
    <ScreenPage title={m.ledger_title()}>
      <SamplesWithoutContent />
    </ScreenPage>
  );
}
