/**
 * The content import call (contract/schemas/content-import.ts): a part of a mapped file, checked (a
 * dry run that writes nothing) or imported, and the parts' answers added up. Content records are
 * read from and written to the server directly (src/features/content/content-api.ts says why).
 */
import type { Country } from '../../../contract/constants.ts';
import { dateOrderField, type DateOrder } from '../../../contract/date-order.ts';
import { API } from '../../../contract/routes.ts';
import type { ContentImportResult, ContentImportRowInput } from '../../../contract/schemas/content-import.ts';
import { request } from '../../api/client.ts';

export const postContentPart = (
  country: Country,
  rows: ContentImportRowInput[],
  dryRun: boolean,
  dateOrder: DateOrder = 'ymd',
) =>
  request(
    API.contentImport,
    {
      country,
      rows,
      ...(dryRun && { dryRun: 1 }),
      ...dateOrderField(dateOrder),
    } as never,
    {
      json: true,
      long: true,
      silent: true,
    },
  );

export const NO_CONTENT_RESULT: ContentImportResult = {
  added: 0,
  updated: 0,
  unchanged: 0,
  moved: 0,
  rows: 0,
  refused: [],
};

/** Two parts' answers as one: counts summed, refusals in row order. */
export const addContentResults = (a: ContentImportResult, b: ContentImportResult): ContentImportResult => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  moved: a.moved + b.moved,
  rows: a.rows + b.rows,
  refused: [...a.refused, ...b.refused],
});
