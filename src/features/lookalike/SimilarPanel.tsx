/**
 * "Similar creators" on the creator page: asked for with a button, so opening a creator
 * never waits for the query worker; the list (and its code) loads then.
 */
import { lazy, Suspense, useState } from 'react';
import type { Country } from '../../../contract/constants.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import './lookalike.css';

const SimilarList = lazy(() => import('./SimilarList.tsx').then((mod) => ({ default: mod.SimilarList })));

export function SimilarPanel({ creatorId, country }: { creatorId: number; country: Country }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="workbench-panel" aria-labelledby="workbench-similar-title">
      <h2 id="workbench-similar-title" className="workbench-panel__title">
        {m.similar_title()}
      </h2>
      {open ? (
        <Suspense fallback={<p className="similar__status">{m.similar_loading()}</p>}>
          <SimilarList key={creatorId} country={country} seedIds={[creatorId]} />
        </Suspense>
      ) : (
        <>
          <p className="similar__status">{m.similar_hint()}</p>
          <Button size="sm" onPress={() => setOpen(true)}>
            {m.similar_show()}
          </Button>
        </>
      )}
    </section>
  );
}
