/**
 * "Ledger" on the creator page: asked for with a button, so opening a creator never waits for the
 * server or loads the ledger's list, charts and export code (docs/decisions/plans.md, "The ledger").
 * Offline before that code was ever loaded, its import fails: the panel then says the ledger needs a
 * connection, with "Try again", instead of breaking the page.
 */
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import type { LedgerProps } from './LedgerView.tsx';
import { useCreatorSampleFunnel } from './sample-funnel.ts';
import { SampleFunnelLine } from './SampleFunnelLine.tsx';

function NeedsConnection({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <p role="status" data-testid="ledger-offline">
        {m.ledger_offline()}
      </p>
      <Button size="sm" onPress={onRetry}>
        {m.ledger_retry()}
      </Button>
    </>
  );
}

export function LedgerPanel(props: LedgerProps) {
  const { creatorId } = props;
  const [open, setOpen] = useState(false);
  const funnel = useCreatorSampleFunnel(creatorId);
  const [attempt, setAttempt] = useState(0);
  const View = useMemo(
    () =>
      lazy((): Promise<{ default: ComponentType<LedgerProps> }> =>
        import('./LedgerView.tsx').then(
          (mod) => ({ default: mod.LedgerView }),
          () => ({ default: () => <NeedsConnection onRetry={() => setAttempt((n) => n + 1)} /> }),
        ),
      ),
    // A new attempt makes a new lazy component, so a failed import is tried again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attempt],
  );
  return (
    <section className="workbench-panel" aria-labelledby="workbench-ledger-title" data-testid="ledger">
      <h2 id="workbench-ledger-title" className="workbench-panel__title">
        {m.ledger_panel_title()}
      </h2>
      <SampleFunnelLine funnel={funnel} scope="creator" />
      {open ? (
        <Suspense fallback={<p role="status">{m.ledger_loading()}</p>}>
          <View key={creatorId} {...props} />
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
