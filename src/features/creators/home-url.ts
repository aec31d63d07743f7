/**
 * Home's view in its URL: the filters and sort as a query string, so a view can be
 * bookmarked, sent to a teammate, and saved by name (a saved view keeps exactly this string, see
 * contract/schemas/view.ts). Defaults are left out, so plain /home stays plain.
 *
 *   country=GB & name=anna & topic=summerglow & tag=12 & chat=1 & invited=0 & black=0
 *   & from=2026-11-01 & to=2026-11-20 & ids=101,202,303 & sort=gmv_t30.desc
 *
 * `ids` restricts the view to those creators (row ids: a selection or a lookalike list
 * saved as a view, see selectionQuery), at most VIEW_IDS_MAX of them; the other filters still apply
 * within them. Its commas travel as %2C (a saved view's query allows no bare comma); 50 ids of 8
 * digits still take about 550 of VIEW_QUERY_MAX's 1000 characters.
 *
 * Reading is forgiving: an unknown parameter is ignored and a malformed value falls back to its
 * default, so an old or hand-edited link opens what it can instead of an error. Dates are calendar
 * days in the user's time zone (the picker's own values).
 */
import { COUNTRIES, DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import type { SortState } from '../../ui/DataGrid/grid-types.ts';
import { fromUnixRange, toUnixRange } from '../../ui/date-rules.ts';
import { SORT_FIELDS } from '../../workers/query-types.ts';
import { DEFAULT_FILTERS, type HomeFilterValue, type TriState } from './home-rules.ts';

export { DEFAULT_FILTERS };

/** The most creator ids a view keeps (`ids`); further ones are dropped. */
export const VIEW_IDS_MAX = 50;

export interface HomeView {
  filters: HomeFilterValue;
  sort: SortState | null;
}

/** The text fields' limit, as the filter boxes' own maxLength. */
const TEXT_MAX = 255;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The usable ids of a list, in its order: positive safe integers (numbers or their decimal text),
 * each once, the first VIEW_IDS_MAX of them. Anything else is skipped.
 */
function cleanIds(values: Iterable<unknown>): number[] {
  const out = new Set<number>();
  for (const v of values) {
    if (out.size >= VIEW_IDS_MAX) break;
    const text = typeof v === 'string' ? v.trim() : null;
    const id = text === null ? v : /^\d+$/.test(text) ? Number(text) : NaN;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) out.add(id);
  }
  return [...out];
}

const FLAGS = [
  ['chat', 'isChat'],
  ['invited', 'isInvitation'],
  ['black', 'isBlack'],
] as const;

export function toQuery({ filters: f, sort }: HomeView): string {
  const q = new URLSearchParams();
  if (f.country !== DEFAULT_COUNTRY) q.set('country', f.country);
  if (f.name.trim()) q.set('name', f.name.trim());
  if (f.challenge.trim()) q.set('topic', f.challenge.trim());
  if (f.tagId != null) q.set('tag', String(f.tagId));
  for (const [param, key] of FLAGS) if (f[key] !== 'any') q.set(param, f[key]);
  if (f.range) {
    const days = fromUnixRange(f.range.startTime, f.range.endTime);
    q.set('from', days.start);
    q.set('to', days.end);
  }
  const ids = cleanIds(f.ids ?? []);
  if (ids.length) q.set('ids', ids.join(','));
  if (sort) q.set('sort', `${sort.field}.${sort.order}`);
  return q.toString();
}

/**
 * The query of a view showing only these creators of `country` (at most VIEW_IDS_MAX, see
 * toQuery), no other filter and no sort: a selection or a lookalike list saved as a view.
 */
export const selectionQuery = (country: Country, ids: readonly number[]): string =>
  toQuery({ filters: { ...DEFAULT_FILTERS, country, ids: [...ids] }, sort: null });

/** The view a query asks for; defaults for whatever it leaves out or gets wrong. */
export function fromQuery(query: string): HomeView {
  const q = new URLSearchParams(query);
  const text = (k: string) => (q.get(k) ?? '').trim().slice(0, TEXT_MAX);
  const tri = (k: string): TriState => {
    const v = q.get(k);
    return v === '1' || v === '0' ? v : 'any';
  };
  const country = q.get('country')?.toUpperCase() ?? '';
  const tag = Number(q.get('tag'));
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const range =
    DAY.test(from) && DAY.test(to)
      ? toUnixRange(from <= to ? { start: from, end: to } : { start: to, end: from })
      : null;
  const filters: HomeFilterValue = {
    country: (COUNTRIES as readonly string[]).includes(country) ? (country as Country) : DEFAULT_COUNTRY,
    name: text('name'),
    challenge: text('topic'),
    tagId: Number.isSafeInteger(tag) && tag > 0 ? tag : null,
    isChat: tri('chat'),
    isInvitation: tri('invited'),
    isBlack: tri('black'),
    range,
    ids: null,
  };
  const ids = cleanIds((q.get('ids') ?? '').split(','));
  if (ids.length) filters.ids = ids;
  const [field, order] = (q.get('sort') ?? '').split('.');
  const sort: SortState | null =
    field && (SORT_FIELDS as readonly string[]).includes(field) && (order === 'asc' || order === 'desc')
      ? { field, order }
      : null;
  return { filters, sort };
}

/** Whether a query names any of Home's parameters (a plain /home keeps the tab's own view). */
export const hasView = (query: string): boolean =>
  [...new URLSearchParams(query).keys()].some((k) => PARAMS.has(k));

const PARAMS = new Set([
  'country',
  'name',
  'topic',
  'tag',
  'chat',
  'invited',
  'black',
  'from',
  'to',
  'ids',
  'sort',
]);
