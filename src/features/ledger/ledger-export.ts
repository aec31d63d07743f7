/**
 * The ledger as an XLSX file, per creator (creator page) or per plan (plan screen): every page read
 * from the server, written by the house table writer (src/files/table-writer.ts) on this device,
 * creators named by handle from the local mirror. The writer and the save code load only when a
 * file is asked for. Resolves with the number of lines written.
 */
import { fetchWholeLedger, type LedgerScope } from './ledger-api.ts';

export async function exportLedger(
  scope: LedgerScope,
  planName: string,
  creatorName?: string,
): Promise<number> {
  const [{ ledgerTable, ledgerFileName }, { writeTable, MIME_TYPE }, { saveFile }, q, data] =
    await Promise.all([
      import('./ledger-rules.ts'),
      import('../../files/table-writer.ts'),
      import('../export/save-file.ts'),
      import('../plans/plan-queries.ts'),
      fetchWholeLedger(scope),
    ]);
  const names = new Map<number, string>();
  const ids = [...new Set(data.lines.map((l) => l.creator_id))];
  for (const [id, c] of await q.creatorsOf(ids)) names.set(id, `@${c.unique_id}`);
  if (scope.creator_id && creatorName) names.set(scope.creator_id, creatorName);
  const table = ledgerTable(data, names, creatorName ?? planName);
  saveFile(await writeTable('xlsx', table), ledgerFileName(planName, creatorName), MIME_TYPE.xlsx);
  return table.rowCount;
}
