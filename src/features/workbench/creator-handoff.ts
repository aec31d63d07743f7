/**
 * The row a list click opened, handed to the creator page: its header (who this is) paints in the
 * click's own render instead of after a round trip to the query worker or IndexedDB
 * (docs/benchmarks.md, the Home table's creator page row). Only a stand-in: the page shows the
 * mirror's row as soon as its live read answers, so the hand-off is the row the seller was looking
 * at a moment ago, unsent edits included, never something the list did not show.
 */
import type { CreatorRow } from '../../../contract/sync.ts';

let handed: CreatorRow | null = null;

/** The list's row of the creator about to open (the last one wins). */
export function handOffCreator(row: CreatorRow): void {
  handed = row;
}

/** The handed-off row of creator `id`, if the last list click opened it. */
export function handedOffCreator(id: number): CreatorRow | null {
  return handed && handed.id === id ? handed : null;
}

/** Drops the hand-off of creator `id`: its page has the mirror's own row now. */
export function forgetHandOff(id: number): void {
  if (handed?.id === id) handed = null;
}
