/** The import worker: parses the chosen file off the UI thread (logic: import-session.ts). */
import '../../zod-csp.ts';
import * as Comlink from 'comlink';
import { ImportSession } from './import-session.ts';

const session = new ImportSession();
const api = {
  load: (file: File, onProgress?: (fraction: number) => void) => session.load(file, file.name, onProgress),
  prepare: session.prepare.bind(session),
  chunk: session.chunk.bind(session),
  clear: session.clear.bind(session),
};
export type ImportWorkerApi = typeof api;
Comlink.expose(api);
