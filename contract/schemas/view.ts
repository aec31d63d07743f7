/**
 * Saved views of the Home list: a named set of filters and sort, shared with the
 * workspace (the team sees every view) and mirrored like the other tables (contract/sync.ts).
 * `query` is Home's own URL query (src/features/creators/home-url.ts reads and writes it): the
 * server keeps it as opaque text, checked only for length and URL-safe characters, so a view
 * opened from the list and one opened from a bookmarked link are the same thing.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { rowId, titled } from './tag.ts';
import { RowIdRequest } from './workbench.ts';
import { VIEW_TITLE_MAX, VIEW_QUERY_MAX } from '../limits.ts';

/** A URL query as URLSearchParams writes it: no '#', no spaces, nothing that needs escaping twice. */
const QUERY_PATTERN = /^[A-Za-z0-9%._~=&+*-]*$/;

const viewTitle = () => titled('view_title_required', VIEW_TITLE_MAX, 'view_title_too_long');
const viewQuery = () =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string()
      .trim()
      .transform((s) => s.replace(/^\?/, ''))
      .pipe(z.string().max(VIEW_QUERY_MAX, 'view_query_invalid').regex(QUERY_PATTERN, 'view_query_invalid')),
  );

export const SavedViewRow = z.object({
  id: z.number().int(),
  title: z.string(),
  query: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type SavedViewRow = z.infer<typeof SavedViewRow>;

export const ViewAddRequest = z.object({ title: viewTitle(), query: viewQuery() });
export const ViewEditRequest = z.object({
  id: rowId(),
  title: viewTitle().optional(),
  query: viewQuery().optional(),
});

const idOnly = z.object({ id: z.number().int() });

export const viewEndpoints = {
  viewAdd: endpoint({
    method: 'POST',
    path: '/view/add',
    auth: true,
    request: ViewAddRequest,
    response: SavedViewRow,
  }),
  viewEdit: endpoint({
    method: 'PUT',
    path: '/view/edit',
    auth: true,
    request: ViewEditRequest,
    response: SavedViewRow,
  }),
  viewDel: endpoint({
    method: 'DELETE',
    path: '/view/del',
    auth: true,
    request: RowIdRequest,
    response: idOnly,
  }),
};
