/**
 * The check (dry run) and the import: the prepared rows go to `POST /blogger/import` chunk by
 * chunk (at most MAX_INTAKE_ITEMS each, one after the other), and the answers add up to one
 * summary. Shared by the dialog and the bench, so both measure the same path.
 */
import type { IntakeResult } from '../../../contract/schemas/intake.ts';
import type { Chunk, PrepareResult } from './import-session.ts';
import { addChunk, emptySummary, sortSkipped, type Summary } from './import-rules.ts';

export interface RunDeps {
  chunk: (i: number) => Promise<Chunk> | Chunk;
  post: (rows: Record<string, string>[], dryRun: boolean) => Promise<IntakeResult>;
  /** Why an earlier copy of a repeated creator is skipped. */
  duplicateReason: (keptRow: number) => string;
  onProgress?: (s: Summary) => void;
  signal?: AbortSignal;
}

export async function runImport(
  prepared: PrepareResult,
  fileRows: number,
  dryRun: boolean,
  deps: RunDeps,
): Promise<Summary> {
  let s: Summary = {
    ...emptySummary(fileRows),
    done: prepared.duplicates.length,
    skipped: prepared.duplicates.map((d) => ({
      row: d.row,
      unique_id: d.unique_id,
      reason: deps.duplicateReason(d.keptRow),
    })),
  };
  deps.onProgress?.(s);
  for (let i = 0; i < prepared.chunks; i++) {
    if (deps.signal?.aborted) break;
    const c = await deps.chunk(i);
    const r = await deps.post(c.rows, dryRun);
    s = addChunk(s, r, c.rowNumbers);
    deps.onProgress?.(s);
  }
  return sortSkipped(s);
}
