/**
 * Tags, plus the small request pieces the other catalog lists
 * (chat templates, topics, products) share: a required title with its own message key, a
 * date-range end that covers the whole chosen day, and the id + country pair of edit/delete.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { basedOn, country, dateBound, formInt, listOf, optText, paging } from './common.ts';
import { TAG_TITLE_MAX } from '../limits.ts';

/**
 * A required trimmed string whose "missing" and "empty" both answer `emptyKey` (the spec's
 * placeholder-style message), and "too long" answers `longKey` (default: invalid parameter).
 */
export const titled = (emptyKey: string, max = 255, longKey?: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v),
    z.string().trim().min(1, emptyKey).max(max, longKey),
  );

const DAY = 86_400;

/**
 * The end of a date range. A date (YYYY-MM-DD) means "through that day" (its last second, UTC);
 * unix seconds are taken as sent.
 */
export const rangeEnd = () =>
  z.preprocess((v) => {
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
      const t = Date.parse(`${v}T00:00:00Z`);
      return Number.isNaN(t) ? v : Math.floor(t / 1000) + DAY - 1;
    }
    return v;
  }, dateBound());

/** title/startTime/endTime filters of every catalog list. */
export const catalogFilters = {
  country: country(),
  title: optText(255),
  startTime: dateBound(),
  endTime: rangeEnd(),
};

/** A row id as sent by edit/delete: a positive integer. */
export const rowId = () => formInt().pipe(z.number().int().min(1));

export const TagRow = z.object({
  id: z.number().int(),
  country: z.string(),
  title: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type TagRow = z.infer<typeof TagRow>;

const tagTitle = () => titled('tag_title_required', TAG_TITLE_MAX);

export const TagListRequest = z.object({ ...catalogFilters, ...paging });
export const TagAddRequest = z.object({ country: country(), title: tagTitle() });
export const TagEditRequest = z.object({ id: rowId(), country: country(), title: tagTitle(), ...basedOn });
export const TagDelRequest = z.object({ id: rowId(), country: country(), ...basedOn });

export const tagEndpoints = {
  tagsList: endpoint({
    method: 'POST',
    path: '/tags/lists',
    auth: true,
    request: TagListRequest,
    response: listOf(TagRow),
  }),
  tagsAdd: endpoint({
    method: 'POST',
    path: '/tags/add',
    auth: true,
    request: TagAddRequest,
    response: TagRow,
  }),
  tagsEdit: endpoint({
    method: 'PUT',
    path: '/tags/edit',
    auth: true,
    request: TagEditRequest,
    response: TagRow,
  }),
  tagsDel: endpoint({
    method: 'DELETE',
    path: '/tags/del',
    auth: true,
    request: TagDelRequest,
    response: z.object({ id: z.number().int() }),
  }),
};
