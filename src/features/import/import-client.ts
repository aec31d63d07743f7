/**
 * The dialog's handle on its own import worker (one per open dialog, ended when it closes, so a
 * big file's rows leave memory with it) and on the server call. Rows travel as JSON: the form
 * encoding the other calls use costs seconds per 5,000 rows to parse on the server.
 */
import * as Comlink from 'comlink';
import type { Country } from '../../../contract/constants.ts';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';
import type { ImportWorkerApi } from './import.worker.ts';
import { guardWorker } from '../../workers/start-worker.ts';

/** What the file pickers of the import dialogs accept: CSV and XLSX, by extension and type. */
export const IMPORT_FILE_TYPES = [
  '.csv',
  '.xlsx',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

export interface ImportWorker {
  api: Comlink.Remote<ImportWorkerApi>;
  end: () => void;
}

export function startImportWorker(): ImportWorker {
  const w = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'import' });
  const api = guardWorker<ImportWorkerApi>(w, 'import');
  return {
    api,
    end: () => {
      api[Comlink.releaseProxy]();
      w.terminate();
    },
  };
}

/** One chunk to `POST /blogger/import`; errors have been shown by the client when this rejects. */
export const postImportChunk = (
  country: Country,
  rows: Record<string, string>[],
  dryRun: boolean,
  signal?: AbortSignal,
) =>
  request(API.bloggerImport, { country, rows, dryRun: dryRun ? 1 : 0 }, { json: true, long: true, signal });
