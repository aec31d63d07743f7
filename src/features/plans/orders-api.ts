/** The orders import call (contract/schemas/plan.ts) through the shared client, as JSON (large bodies). */
import type { Country } from '../../../contract/constants.ts';
import { planEndpoints } from '../../../contract/schemas/plan.ts';
import { request } from '../../api/client.ts';
import type { OrderLine, OrdersLayout } from '../import/orders-rules.ts';

export const postOrders = (
  country: Country,
  layout: OrdersLayout,
  lines: OrderLine[],
  signal?: AbortSignal,
) => request(planEndpoints.planOrdersImport, { country, layout, lines }, { json: true, long: true, signal });
