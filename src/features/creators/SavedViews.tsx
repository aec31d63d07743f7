/**
 * Saved views beside Home's filters. A view is a name for Home's URL query (home-url.ts):
 * "Save this view" keeps the filters and sort shown now for the whole team, picking one from the
 * menu opens it, and "Copy link" hands the same view to someone by URL. Views are a mirrored table
 * written through the outbox, so they list, open and save offline; a refusal (a name taken, the
 * workspace's limit, someone else's view) is rolled back and told by the sync engine.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import { Menu, MenuItem, MenuTrigger, Popover, Separator } from 'react-aria-components';
import type { RowOf } from '../../../contract/sync.ts';
import { META, getMeta, type LocalSession } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { useInFlight } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast-queue.ts';
import type { View } from './SavedViewDialogs.tsx';
import '../export/export.css';

/** The URL follows the filters once typing settles (a replace, not a new history entry per key). */
const URL_SETTLE_MS = 250;

/**
 * Writes the query into the URL once it settles, and answers the settled query: the views menu
 * follows that one, so a keystroke in the name box does not re-render it (a keystroke's one-frame budget).
 */
export function useViewInUrl(query: string): string {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const t = setTimeout(() => {
      const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
      if (url !== `${location.pathname}${location.search}${location.hash}`)
        history.replaceState(history.state, '', url);
      setSettled(query);
    }, URL_SETTLE_MS);
    return () => clearTimeout(t);
  }, [query]);
  return settled;
}

// The save and manage dialogs load when one opens, not with Home (the /home JS budget).
const SaveViewDialog = lazy(() =>
  import('./SavedViewDialogs.tsx').then((mod) => ({ default: mod.SaveViewDialog })),
);
const ManageViewsDialog = lazy(() =>
  import('./SavedViewDialogs.tsx').then((mod) => ({ default: mod.ManageViewsDialog })),
);

const asView = (r: RowOf<'saved_views'>): View => ({
  ...r,
  title: r.title ?? '',
  query: r.query ?? '',
  user_id: r.user_id ?? 0,
  user_name: r.user_name ?? '',
});

/** The workspace's saved views by title, and the signed-in user's id (what the save dialog needs). */
export function useSavedViews(): { views: View[]; me: number | undefined; loaded: boolean } {
  const rows = useLocalRows(localDb, 'saved_views');
  const session = useLiveQuery(() => getMeta<LocalSession>(localDb, META.session), []);
  const views = useMemo(
    () => (rows ?? []).map(asView).sort((a, b) => a.title.localeCompare(b.title)),
    [rows],
  );
  return { views, me: session?.userId, loaded: rows !== undefined };
}

export const SavedViews = memo(function SavedViews({
  query,
  onOpen,
}: {
  query: string;
  onOpen: (query: string) => void;
}) {
  const { views, me, loaded } = useSavedViews();
  const current = views.find((v) => v.query === query);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const copy = useInFlight(async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast.success(m.views_link_copied());
    } catch {
      // Clipboard access needs a secure context and permission; the address bar holds the same link.
      toast.error(m.views_copy_failed());
    }
  });

  const act = (key: string | number) => {
    const k = String(key);
    if (k === 'save') setDialog('save');
    else if (k === 'manage') setDialog('manage');
    else if (k === 'copy') copy.run();
    else {
      const view = views.find((v) => `view:${v.id}` === k);
      if (view) onOpen(view.query);
    }
  };

  return (
    <>
      <MenuTrigger>
        <Button size="sm" className="home-views-button" data-testid="saved-views">
          {current ? m.views_button_current({ title: current.title }) : m.views_button()}
        </Button>
        <Popover placement="bottom end" className="cd-export-popover">
          <Menu
            className="cd-export-menu home-views-menu"
            aria-label={m.views_menu_label()}
            onAction={act}
            disabledKeys={[...(views.length === 0 ? ['none'] : []), ...(loaded ? [] : ['save'])]}
          >
            {views.length === 0 && (
              <MenuItem id="none" className="cd-export-item">
                {m.views_none()}
              </MenuItem>
            )}
            {views.map((v) => (
              <MenuItem key={v.id} id={`view:${v.id}`} textValue={v.title} className="cd-export-item">
                <span className="home-views-title">{v.title}</span>
                {v.user_id !== me && v.user_name && (
                  <span className="home-views-by">{m.views_by({ name: v.user_name })}</span>
                )}
              </MenuItem>
            ))}
            <Separator className="home-views-separator" />
            <MenuItem id="save" className="cd-export-item">
              {m.views_save()}
            </MenuItem>
            <MenuItem id="copy" className="cd-export-item">
              {m.views_copy_link()}
            </MenuItem>
            {views.length > 0 && (
              <MenuItem id="manage" className="cd-export-item">
                {m.views_manage()}
              </MenuItem>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      <Suspense fallback={null}>
        {dialog === 'save' && (
          <SaveViewDialog query={query} views={views} me={me} onClose={() => setDialog(null)} />
        )}
        {dialog === 'manage' && (
          <ManageViewsDialog query={query} views={views} me={me} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </>
  );
});
