/**
 * Building blocks for request schemas. Form bodies arrive as strings (or arrays/objects from
 * qs), so numbers are coerced and lists accept one value, `key[]`, `key[0]` or repeated keys.
 * An issue message that is a message key (e.g. 'phone_required') is localised by the server.
 */
import { z } from 'zod';
import { COUNTRIES, DEFAULT_COUNTRY, DEFAULT_PAGE_SIZE, ID_LIST_MAX, TEXTAREA_MAX } from '../constants.ts';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An integer sent as a form string; '' counts as absent. */
export const formInt = () =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(-2_147_483_648).max(Number.MAX_SAFE_INTEGER));
export const optInt = () => formInt().optional();
/** A 0/1 flag sent as a form string. */
export const flag = () => z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1));
export const optFlag = () => flag().optional();
/** A trimmed string; `max` defaults to the spec's textarea limit. */
export const text = (max = TEXTAREA_MAX) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
export const requiredText = (msgKey: string, max = TEXTAREA_MAX) => text(max).pipe(z.string().min(1, msgKey));
export const optText = (max = TEXTAREA_MAX) => z.preprocess(blankToUndefined, text(max).optional());

/**
 * A list from a form body: accepts a single value, an array, or qs's index object. Longer than
 * `max` is 40001 naming the field and the limit (server/http/validate.ts).
 */
export const formList = <T extends z.ZodType>(item: T, max = ID_LIST_MAX) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) return v;
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>);
    return [v];
  }, z.array(item).max(max));

export const country = () =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? DEFAULT_COUNTRY : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(COUNTRIES),
  );

/** page/limit as the pager sends them. */
export const paging = {
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE)),
};

/** startTime/endTime as unix seconds or YYYY-MM-DD; either may be absent. */
export const dateBound = () =>
  z.preprocess((v) => {
    if (v === '' || v === undefined || v === null) return undefined;
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v))
      return Math.floor(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v) / 1000);
    return v;
  }, z.coerce.number().int().min(0).max(4_102_444_800).optional());

/** `sort` order as sent by grids: asc/desc (also ascend/descend). */
export const sortOrder = () =>
  z.preprocess(
    (v) => (v === 'ascend' ? 'asc' : v === 'descend' ? 'desc' : v === '' ? undefined : v),
    z.enum(['asc', 'desc']).optional(),
  );

/** The list envelope's data (spec: list, count, limit, page). */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), count: z.number().int(), limit: z.number().int(), page: z.number().int() });

export const empty = z.object({}).passthrough();

/**
 * What an edit or delete of a text record (tag, chat template, product, note) was based on:
 * `base_version` is the row's `version` the editor saw. When another member changed
 * or deleted the row's text after that version, the server refuses with 40012 instead of writing
 * over it; `force` 1 is the editor's answer "save mine anyway" (a deleted row comes back with it).
 * Both are optional: a call without them is last-writer-wins, as the spec's calls always were.
 */
export const basedOn = {
  base_version: formInt().pipe(z.number().int().min(0)).optional(),
  force: optFlag(),
};
