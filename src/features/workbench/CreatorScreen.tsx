/**
 * /creator/:id: one creator from the local mirror, with notes, follow-ups and the
 * timeline. An id the mirror does not hold (another workspace's, a typo) shows the 404 result.
 */
import { useDeferredValue } from 'react';
import { useNavigate } from 'react-router-dom';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Result } from '../../ui/Result.tsx';
import type { Country } from '../../../contract/constants.ts';
import type { CreatorRow } from '../../../contract/sync.ts';
import { LedgerPanel } from '../ledger/LedgerPanel.tsx';
import { SimilarPanel } from '../lookalike/SimilarPanel.tsx';
import { ContactPanel } from './ContactPanel.tsx';
import { CreatorHeader } from './CreatorHeader.tsx';
import { CreatorTimeline } from './CreatorTimeline.tsx';
import { FollowupsPanel } from './FollowupsPanel.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { useCreator } from './workbench-queries.ts';
import './workbench.css';

/** Back to the list the creator was opened from (its filters and scroll are kept), else Home. */
function goBack(navigate: ReturnType<typeof useNavigate>) {
  const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate('/home');
}

/** Above the page's title (ScreenPage `back`), where a reader starts, not between title and card. */
export function BackToList() {
  const navigate = useNavigate();
  return (
    <Button size="sm" variant="link" onPress={() => goBack(navigate)}>
      {m.workbench_back()}
    </Button>
  );
}

export function CreatorScreen({ id }: { id: number }) {
  const creator = useCreator(id);
  const navigate = useNavigate();
  // The header (who this is) paints in the frame the creator arrives in; the panels follow in a
  // render React may split and interrupt, so a list click shows its creator without waiting for
  // forms, timeline and ledger (docs/benchmarks.md, the Home table's creator page row).
  const panelsFor = useDeferredValue(creator ? id : 0, 0);
  if (creator === undefined) return <div className="app-loading" aria-busy="true" />;
  if (creator === null)
    return (
      <Result
        status="404"
        title={m.workbench_not_found_title()}
        description={m.workbench_not_found_body()}
        extra={
          <Button variant="primary" onPress={() => navigate('/home')}>
            {m.workbench_back_to_list()}
          </Button>
        }
      />
    );
  return (
    <div className="workbench">
      <CreatorHeader creator={creator} />
      {panelsFor === id && <CreatorPanels id={id} creator={creator} />}
    </div>
  );
}

function CreatorPanels({ id, creator }: { id: number; creator: CreatorRow }) {
  return (
    <>
      <div className="workbench-columns">
        <div className="workbench-column">
          <FollowupsPanel creatorId={id} />
          <NotesPanel creatorId={id} />
          <ContactPanel creator={creator} />
        </div>
        <CreatorTimeline creatorId={id} />
      </div>
      <LedgerPanel creatorId={id} country={creator.country} uniqueId={creator.unique_id} />
      <SimilarPanel creatorId={id} country={creator.country as Country} />
    </>
  );
}
