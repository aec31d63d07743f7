/** The import worker: parses the chosen file off the UI thread (logic: import-session.ts, orders-session.ts). */
import '../../zod-csp.ts';
import * as Comlink from 'comlink';
import { ImportSession } from './import-session.ts';
import { OrdersSession } from './orders-session.ts';
import { AdSpendSession } from './ad-spend-session.ts';

const session = new ImportSession();
const orders = new OrdersSession();
const ads = new AdSpendSession();
const api = {
  /** Seller Center order downloads. */
  loadOrders: (file: File, onProgress?: (fraction: number) => void) =>
    orders.load(file, file.name, onProgress),
  ordersPart: orders.part.bind(orders),
  /** Ad-spend files (any layout, mapped). */
  loadAdSpend: (file: File, onProgress?: (fraction: number) => void) => ads.load(file, file.name, onProgress),
  adSpendPart: ads.part.bind(ads),
  load: (file: File, onProgress?: (fraction: number) => void) => session.load(file, file.name, onProgress),
  prepare: session.prepare.bind(session),
  chunk: session.chunk.bind(session),
  handles: session.handles.bind(session),
  clear: () => {
    session.clear();
    orders.clear();
    ads.clear();
  },
};
export type ImportWorkerApi = typeof api;
Comlink.expose(api);
