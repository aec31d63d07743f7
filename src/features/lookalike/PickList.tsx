/**
 * A ranked list of creators to pick from: similar creators and a plan's best fits. Each
 * item has a checkbox; the chosen ones are added to a plan, tagged, or saved as a Home view (a view
 * of those creators' ids, home-url.ts) like any selection. A switch (on by default: the weekly quota
 * rations new contacts) leaves out creators already chatted with or invited.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Country } from '../../../contract/constants.ts';
import type { CreatorRow, CreatorTag } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { tagCreators } from '../creators/creator-actions.ts';
import { selectionQuery } from '../creators/home-url.ts';
import { useSavedViews } from '../creators/SavedViews.tsx';
import { tellOutcome } from '../sync/outcome.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import '../plans/plans.css';
import './lookalike.css';

const loadPlanDialog = () => import('../plans/AddToPlanDialog.tsx');
const loadTagDialog = () => import('../creators/TagDialog.tsx');
const loadViewDialogs = () => import('../creators/SavedViewDialogs.tsx');
const AddToPlanDialog = lazy(() => loadPlanDialog().then((mod) => ({ default: mod.AddToPlanDialog })));
const TagDialog = lazy(() => loadTagDialog().then((mod) => ({ default: mod.TagDialog })));
const SaveViewDialog = lazy(() => loadViewDialogs().then((mod) => ({ default: mod.SaveViewDialog })));

export interface PickItem {
  row: CreatorRow;
  /** What the list says about the creator under its name. */
  body: ReactNode;
}

export function PickList({
  country,
  items,
  status,
  skipContacted,
  onSkipContacted,
  onChanged,
  planId,
}: {
  country: Country;
  items: readonly PickItem[];
  /** The list's state in words (loading, how many, none), announced as a status. */
  status: string;
  skipContacted: boolean;
  onSkipContacted: (on: boolean) => void;
  /** The chosen creators were tagged: the list asks again to show it. */
  onChanged: () => void;
  /** The plan "Add to a plan" starts with. */
  planId?: number;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // The dialogs' code is fetched with the list: a list ranked offline (it works offline) must open
  // them too, even before the service worker has cached every chunk of a first visit.
  useEffect(() => {
    for (const load of [loadPlanDialog, loadTagDialog, loadViewDialogs]) load().catch(() => undefined);
  }, []);
  const [dialog, setDialog] = useState<'plan' | 'tags' | 'view' | null>(null);
  const tagRows = useLocalRows(localDb, 'tags', country);
  const tags = useMemo<CreatorTag[]>(
    () => (tagRows ?? []).map((t) => ({ tag_id: t.id, tag_title: t.title ?? '' })),
    [tagRows],
  );
  const { views, me } = useSavedViews();
  const picked = items.filter((r) => chosen.has(r.row.id));
  const allChosen = items.length > 0 && picked.length === items.length;

  function toggle(id: number, on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function applyTags(op: 'add' | 'del', t: CreatorTag[]) {
    try {
      const refs = picked.map((r) => ({ id: r.row.id, unique_id: r.row.unique_id }));
      const seq = await tagCreators(country, refs, op, t);
      setDialog(null);
      setChosen(new Set());
      tellOutcome(seq, m.catalog_updated());
      onChanged();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div className="similar">
      <CheckBox isSelected={skipContacted} onChange={onSkipContacted}>
        {m.similar_skip_contacted()}
      </CheckBox>
      <p className="similar__status" role="status">
        {status}
      </p>
      {items.length > 0 && (
        <div className="similar__actions">
          <CheckBox
            isSelected={allChosen}
            isIndeterminate={picked.length > 0 && !allChosen}
            onChange={(on) => setChosen(on ? new Set(items.map((r) => r.row.id)) : new Set())}
          >
            {m.similar_select_all()}
          </CheckBox>
          {picked.length > 0 && (
            <>
              <Button size="sm" variant="primary" onPress={() => setDialog('plan')}>
                {m.similar_add_plan({ count: formatNumber(picked.length) })}
              </Button>
              <Button size="sm" onPress={() => setDialog('tags')}>
                {m.similar_tag({ count: formatNumber(picked.length) })}
              </Button>
              <Button size="sm" onPress={() => setDialog('view')}>
                {m.views_save_selection()}
              </Button>
            </>
          )}
        </div>
      )}
      <ol className="similar__list" data-testid="similar-list">
        {items.map(({ row, body }) => {
          const name = (row.daren_name || '').trim() || `@${row.unique_id}`;
          return (
            <li key={row.id} className="similar__item" data-testid="similar-item">
              <CheckBox
                isSelected={chosen.has(row.id)}
                onChange={(on) => toggle(row.id, on)}
                aria-label={m.similar_select({ name })}
              />
              <div className="similar__body">
                <CreatorNameLink id={row.id} name={row.daren_name} handle={row.unique_id} />
                {body}
              </div>
            </li>
          );
        })}
      </ol>
      {dialog === 'plan' && (
        <Suspense fallback={null}>
          <AddToPlanDialog
            country={country}
            planId={planId}
            creatorIds={picked.map((r) => r.row.id)}
            onClose={() => setDialog(null)}
            onDone={() => {
              setChosen(new Set());
              setDialog(null);
              onChanged();
            }}
          />
        </Suspense>
      )}
      {dialog === 'tags' && (
        <Suspense fallback={null}>
          <TagDialog count={picked.length} tags={tags} onClose={() => setDialog(null)} onApply={applyTags} />
        </Suspense>
      )}
      {dialog === 'view' && (
        <Suspense fallback={null}>
          <SaveViewDialog
            query={selectionQuery(
              country,
              picked.map((r) => r.row.id),
            )}
            views={views}
            me={me}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The large, dismissable dialog a ranked list opens in, closed by its footer's "Close". */
export function ListDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      isDismissable
      title={title}
      footer={<Button onPress={onClose}>{m.common_close()}</Button>}
    >
      {children}
    </Dialog>
  );
}
