/**
 * The dialogs of Home's saved views (SavedViews.tsx): save the current filters under a name, and
 * manage the workspace's views (replace one's query with the current one, delete). Loaded when one
 * opens.
 */
import { useState } from 'react';
import { VIEW_TITLE_MAX, VIEWS_MAX } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { deleteRows } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { Dialog, FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { addCatalogRow, confirmDelete, editCatalogRow } from '../catalog/catalog-actions.ts';
import { record } from '../sync/outcome.ts';
import { isDuplicate } from '../catalog/catalog-rules.ts';
import { isPending } from '../../db/temp-id.ts';

export interface View extends RowOf<'saved_views'> {
  title: string;
  query: string;
  user_id: number;
  user_name: string;
}

interface ViewDialogProps {
  /** Home's query now. */
  query: string;
  views: View[];
  /** The signed-in user's id. */
  me: number | undefined;
  onClose: () => void;
}

export function SaveViewDialog({ query, views, me, onClose }: ViewDialogProps) {
  const [title, setTitle] = useState('');
  const full = views.length >= VIEWS_MAX;
  const save = async () => {
    const t = title.trim();
    if (!t) return toast.error(m.views_name_required());
    if (isDuplicate(views, 'title', t)) return toast.error(m.views_name_taken());
    if (full) return toast.error(m.views_limit_reached({ max: VIEWS_MAX }));
    const ok = await addCatalogRow(
      'saved_views',
      { method: 'POST', path: '/view/add', body: { title: t, query } },
      { title: t, query, user_id: me ?? 0, user_name: '' },
    );
    if (ok) onClose();
  };
  return (
    <FormDialog title={m.views_save_title()} onClose={onClose} onSave={save}>
      <Field label={m.views_name()} value={title} onChange={setTitle} maxLength={VIEW_TITLE_MAX} autoFocus />
      <p className="home-views-hint">{m.views_save_hint({ count: views.length, max: VIEWS_MAX })}</p>
    </FormDialog>
  );
}

export function ManageViewsDialog({ query, views, me, onClose }: ViewDialogProps) {
  const remove = async (v: View) => {
    const message =
      v.user_id === me
        ? m.views_delete_message({ title: v.title })
        : m.views_delete_message_other({ title: v.title, name: v.user_name });
    if (!(await confirmDelete(isPending(v) ? 0 : 1, m.views_delete_title(), message))) return;
    const call = { method: 'DELETE', path: '/view/del', body: { id: v.id }, about: v.title } as const;
    await record(() => deleteRows(localDb, 'saved_views', call, [v.id]), m.catalog_deleted());
  };
  const replace = (v: View) =>
    editCatalogRow('saved_views', { method: 'PUT', path: '/view/edit', body: { id: v.id, query } }, v, {
      query,
    });
  return (
    <Dialog isOpen onClose={onClose} title={m.views_manage_title()} size="md">
      <ul className="home-views-list" aria-label={m.views_menu_label()}>
        {views.map((v) => (
          <li key={v.id} className="home-views-row">
            <span className="home-views-title">{v.title}</span>
            {v.user_name && <span className="home-views-by">{m.views_by({ name: v.user_name })}</span>}
            <span className="home-views-actions">
              {v.user_id === me && (
                <Button
                  size="sm"
                  variant="link"
                  isDisabled={v.query === query}
                  onPress={() => void replace(v)}
                >
                  {m.views_replace()}
                </Button>
              )}
              <Button
                size="sm"
                variant="link"
                onPress={() => void remove(v)}
                aria-label={m.views_delete({ title: v.title })}
              >
                {m.common_delete()}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
