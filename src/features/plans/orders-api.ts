/**
 * The orders calls that are not outbox writes (contract/schemas/plan.ts) through the shared client:
 * an import part and its dry run (JSON, large bodies; the file is on the device, so it is sent while
 * the dialog is open), and a creator's stored lines (read from the server: lines are not mirrored).
 */
import type { Country } from '../../../contract/constants.ts';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';
import type { OrderLine, OrdersLayout } from '../import/orders-rules.ts';

export interface OrdersPart {
  country: Country;
  layout: OrdersLayout;
  lines: OrderLine[];
  /** One per file: its parts make one import, undone together. */
  importRef: string;
  fileName: string;
  /** Rows of the file refused on the device. */
  refused: number;
}

export const postOrders = (p: OrdersPart, signal?: AbortSignal) =>
  request(
    API.planOrdersImport,
    {
      country: p.country,
      layout: p.layout,
      lines: p.lines,
      import_ref: p.importRef,
      file_name: p.fileName,
      refused: p.refused,
    },
    { json: true, long: true, signal },
  );

/** What a part would add, replace and move; writes nothing, shows nothing. */
export const checkOrders = (p: OrdersPart, signal?: AbortSignal) =>
  request(
    API.planOrdersImport,
    { country: p.country, layout: p.layout, lines: p.lines, dryRun: 1 },
    { json: true, long: true, silent: true, signal },
  );

export const fetchLines = (creatorId: number, signal?: AbortSignal) =>
  request(API.planOrderLines, { creator_id: creatorId }, { silent: true, signal });
