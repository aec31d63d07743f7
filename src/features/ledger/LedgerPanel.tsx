/**
 * "Ledger" on the creator page: asked for with a button, so opening a creator never waits for the
 * server or loads the ledger's list, charts and export code (docs/decisions/plans.md, "The ledger").
 */
import { lazy, Suspense, useState } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';

const LedgerView = lazy(() => import('./LedgerView.tsx').then((mod) => ({ default: mod.LedgerView })));

export function LedgerPanel({ creatorId, creatorName }: { creatorId: number; creatorName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="workbench-panel" aria-labelledby="workbench-ledger-title" data-testid="ledger">
      <h2 id="workbench-ledger-title" className="workbench-panel__title">
        {m.ledger_title()}
      </h2>
      {open ? (
        <Suspense fallback={<p role="status">{m.ledger_loading()}</p>}>
          <LedgerView key={creatorId} creatorId={creatorId} creatorName={creatorName} />
        </Suspense>
      ) : (
        <>
          <p className="workbench-empty">{m.ledger_hint()}</p>
          <Button size="sm" onPress={() => setOpen(true)}>
            {m.ledger_show()}
          </Button>
        </>
      )}
    </section>
  );
}
