/** The import worker: parses the chosen file off the UI thread (logic: import-session.ts, orders-session.ts, ad-spend-session.ts, content-session.ts). */
import '../../zod-csp.ts';
import { exposeWorker } from '../../workers/start-worker.ts';
import { ImportSession } from './import-session.ts';
import { OrdersSession } from './orders-session.ts';
import { AdSpendSession } from './ad-spend-session.ts';
import { ContentSession } from './content-session.ts';

const session = new ImportSession();
const orders = new OrdersSession();
const ads = new AdSpendSession();
const content = new ContentSession();
const api = {
  /** Seller Center order downloads. */
  loadOrders: (file: File, onProgress?: (fraction: number) => void) =>
    orders.load(file, file.name, onProgress),
  ordersPart: orders.part.bind(orders),
  /** Ad-spend files (any layout, mapped). */
  loadAdSpend: (file: File, onProgress?: (fraction: number) => void) => ads.load(file, file.name, onProgress),
  adSpendPart: ads.part.bind(ads),
  /** Content files (creator-content downloads or any layout, mapped). */
  loadContent: (file: File, onProgress?: (fraction: number) => void) =>
    content.load(file, file.name, onProgress),
  contentPart: content.part.bind(content),
  load: (file: File, onProgress?: (fraction: number) => void) => session.load(file, file.name, onProgress),
  prepare: session.prepare.bind(session),
  chunk: session.chunk.bind(session),
  handles: session.handles.bind(session),
  clear: () => {
    session.clear();
    orders.clear();
    ads.clear();
    content.clear();
  },
};
export type ImportWorkerApi = typeof api;
exposeWorker(api);
