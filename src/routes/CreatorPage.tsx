import { useParams } from 'react-router-dom';
import { BackToList, CreatorScreen } from '../features/workbench/CreatorScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /creator/:id: one creator's workbench; back returns to the list it was opened from. */
export default function CreatorPage() {
  const { id } = useParams();
  const n = /^\d{1,15}$/.test(id ?? '') ? Number(id) : 0;
  return (
    <ScreenPage title={m.workbench_title()} back={<BackToList />}>
      <CreatorScreen id={n} />
    </ScreenPage>
  );
}
