/**
 * The sync status's list of changes the server refused, in plain words (issue 20): what the change
 * was, the server's reason, what to do (with the VIP link on 40201), Retry where sending it again
 * could succeed, and Discard. Never the raw method and path.
 */
import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { localDb } from '../../db/local.ts';
import { discard, retry } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { describeChange, nextStep } from './change-text.ts';

export function FailedPanel({ failed }: { failed: OutboxEntry[] }) {
  return (
    <DialogTrigger>
      <Button variant="link" size="sm" className="cd-sync__failed">
        {m.sync_failed({ count: formatNumber(failed.length) })}
      </Button>
      <Popover className="cd-popover cd-sync__panel" placement="bottom end" offset={6}>
        <Dialog aria-label={m.sync_panel_title()}>
          {({ close }) => (
            <>
              <Heading slot="title" className="cd-sync__title">
                {m.sync_panel_title()}
              </Heading>
              {failed.length === 0 && <p>{m.sync_panel_empty()}</p>}
              <ul className="cd-sync__list">
                {failed.map((e) => (
                  <FailedItem key={e.seq} entry={e} close={close} />
                ))}
              </ul>
              <Button size="sm" variant="text" onPress={close}>
                {m.sync_close()}
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

type Act = 'retry' | 'discard';

/** One refused change. Retry and Discard share one guard: a double-click acts once (issue 20). */
function FailedItem({ entry: e, close }: { entry: OutboxEntry; close: () => void }) {
  const [pressed, setPressed] = useState<Act | null>(null);
  const act = useInFlight(async (what: Act) => {
    if (e.seq === undefined) return;
    setPressed(what);
    await (what === 'retry' ? retry(localDb, e.seq) : discard(localDb, e.seq));
    await syncNow();
  });
  const step = nextStep(e.lastError?.code ?? 0, e.path);
  return (
    <li className="cd-sync__item">
      <strong className="cd-sync__change">{describeChange(e)}</strong>
      <span className="cd-sync__error">{e.lastError?.msg}</span>
      <span className="cd-sync__hint">{step.hint}</span>
      <span className="cd-sync__actions">
        {step.action && (
          <Link className="cd-button cd-button--primary cd-button--sm" to={step.action.href} onClick={close}>
            {step.action.label}
          </Link>
        )}
        {step.retryable && (
          <Button
            size="sm"
            isLoading={act.busy && pressed === 'retry'}
            isDisabled={act.busy}
            onPress={() => act.run('retry')}
          >
            {m.sync_retry()}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          isLoading={act.busy && pressed === 'discard'}
          isDisabled={act.busy}
          onPress={() => act.run('discard')}
        >
          {m.sync_discard()}
        </Button>
      </span>
    </li>
  );
}
