/**
 * The check (dry run) and the import: the prepared rows go to `POST /blogger/import` chunk by
 * chunk (at most MAX_INTAKE_ITEMS each, one after the other), and the answers add up to one
 * summary. Shared by the dialog and the bench, so both measure the same path.
 */
import type { IntakeResult } from '../../../contract/schemas/intake.ts';
import type { Chunk, PrepareResult } from './import-session.ts';
import { addChunk, emptySummary, sortSkipped, type Summary } from './import-rules.ts';

/** Calls to the server at once. */
export const IN_FLIGHT = 2;

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
  // Two calls in flight: while the server works on one chunk the next is being prepared and
  // sent, so neither side waits for the other. Chunks hold distinct creators (duplicates were
  // merged above), so their order does not matter; answers are still added in file order.
  const inflight: Promise<readonly [Chunk, IntakeResult]>[] = [];
  let next = 0;
  const start = () => {
    const i = next++;
    const p = (async () => {
      const c = await deps.chunk(i);
      return [c, await deps.post(c.rows, dryRun)] as const;
    })();
    p.catch(() => undefined); // awaited below; this only keeps a later failure from going unhandled
    inflight.push(p);
  };
  while (next < prepared.chunks && inflight.length < IN_FLIGHT) start();
  while (inflight.length > 0) {
    let c: Chunk;
    let r: IntakeResult;
    try {
      [c, r] = await inflight.shift()!;
    } catch (e) {
      // count what the other call still in flight did before reporting the failure
      for (const settled of await Promise.allSettled(inflight)) {
        if (settled.status === 'fulfilled') {
          s = addChunk(s, settled.value[1], settled.value[0].rowNumbers);
          deps.onProgress?.(s);
        }
      }
      throw e;
    }
    s = addChunk(s, r, c.rowNumbers);
    deps.onProgress?.(s);
    if (next < prepared.chunks && !deps.signal?.aborted) start();
  }
  return sortSkipped(s);
}
