/**
 * The ad-spend import call (contract/schemas/ad-spend.ts): a part of a mapped file, checked (a dry
 * run that writes nothing) or imported, and the parts' answers added up. Sent straight to the server
 * (its check is the server's); the lines it adds reach the cost list through the mirror, and the
 * plan's money panel reads again once an import was accepted.
 */
import { dateOrderField, type DateOrder } from '../../../contract/date-order.ts';
import { API } from '../../../contract/routes.ts';
import type { AdSpendImportResult, AdSpendRowInput } from '../../../contract/schemas/ad-spend.ts';
import { request } from '../../api/client.ts';

export type AdChannel = 'spark' | 'shop_ads';

export const postAdSpend = (
  planId: number,
  channel: AdChannel,
  rows: AdSpendRowInput[],
  dryRun: boolean,
  dateOrder: DateOrder = 'ymd',
  signal?: AbortSignal,
) =>
  request(
    API.costImport,
    {
      plan_id: planId,
      channel,
      rows,
      ...(dryRun && { dryRun: 1 }),
      ...dateOrderField(dateOrder),
    } as never,
    {
      json: true,
      long: true,
      silent: true,
      signal,
    },
  );

export const NO_RESULT: AdSpendImportResult = {
  added: 0,
  updated: 0,
  unchanged: 0,
  rows: 0,
  refused: [],
  change: 0,
  currency: '',
};

/** Two parts' answers as one: counts and the spend change summed (in cents, so exactly), refusals in row order. */
export const addResults = (a: AdSpendImportResult, b: AdSpendImportResult): AdSpendImportResult => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  rows: a.rows + b.rows,
  refused: [...a.refused, ...b.refused],
  change: (Math.round(a.change * 100) + Math.round(b.change * 100)) / 100,
  currency: b.currency || a.currency,
});
