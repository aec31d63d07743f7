/**
 * The sync status's list of changes the server refused, in plain words: what the change
 * was, the server's reason, what to do (with the VIP link on 40201), Retry where sending it again
 * could succeed, and Discard. Never the raw method and path.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { localDb } from '../../db/local.ts';
import { discard, retry } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { syncNow } from '../../workers/sync-client.ts';
import { conflictSubject, describeChange, nextStep } from './change-text.ts';
import { keepTheirs } from './conflict-actions.ts';
import { SyncPopover } from './SyncPopover.tsx';

export function FailedPanel({ failed }: { failed: OutboxEntry[] }) {
  return (
    <SyncPopover
      label={m.sync_failed({ count: formatNumber(failed.length) })}
      className="cd-sync__failed"
      title={m.sync_panel_title()}
    >
      {(close) => (
        <>
          {failed.length === 0 && <p>{m.sync_panel_empty()}</p>}
          <ul className="cd-sync__list">
            {failed.map((e) => (
              <FailedItem key={e.seq} entry={e} close={close} />
            ))}
          </ul>
        </>
      )}
    </SyncPopover>
  );
}

type Act = 'retry' | 'discard';

/** One refused change. Retry and Discard share one guard: a double-click acts once. */
function FailedItem({ entry: e, close }: { entry: OutboxEntry; close: () => void }) {
  const [pressed, setPressed] = useState<Act | null>(null);
  const step = nextStep(e.lastError?.code ?? 0, e.path);
  const act = useInFlight(async (what: Act) => {
    if (e.seq === undefined) return;
    setPressed(what);
    if (what === 'retry') await retry(localDb, e.seq);
    else if (step.conflict) await keepTheirs(e);
    else await discard(localDb, e.seq);
    await syncNow();
  });
  return (
    <li className="cd-sync__item">
      <strong className="cd-sync__change">{describeChange(e)}</strong>
      <span className="cd-sync__error">{e.lastError?.msg}</span>
      {/* A conflict's reason already says what to choose, and the two buttons below are the choice. */}
      {step.conflict ? <BothTexts entry={e} /> : <span className="cd-sync__hint">{step.hint}</span>}
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
            isDisabled={act.busy && pressed !== 'retry'}
            onPress={() => act.run('retry')}
          >
            {step.conflict ? m.sync_keep_mine() : m.sync_retry()}
          </Button>
        )}
        <Button
          size="sm"
          variant="danger"
          isLoading={act.busy && pressed === 'discard'}
          isDisabled={act.busy && pressed !== 'discard'}
          onPress={() => act.run('discard')}
        >
          {step.conflict ? m.sync_keep_theirs() : m.sync_discard()}
        </Button>
      </span>
    </li>
  );
}

/** A conflict shows the member's text and the teammate's current one (from the mirror). */
function BothTexts({ entry }: { entry: OutboxEntry }) {
  const subject = conflictSubject(entry);
  const theirs = useLiveQuery(
    async () => (subject ? ((await localDb.small(subject.table).get(subject.id)) ?? null) : null),
    [subject?.table, subject?.id],
  );
  if (!subject) return null;
  return (
    <span className="cd-sync__texts">
      {subject.yours && <span>{m.sync_conflict_yours({ text: subject.yours })}</span>}
      {theirs !== undefined && (
        <span>
          {theirs
            ? m.sync_conflict_theirs({
                text: String((theirs as Record<string, unknown>)[subject.field] ?? ''),
              })
            : m.sync_conflict_theirs_gone()}
        </span>
      )}
    </span>
  );
}
