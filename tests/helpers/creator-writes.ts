/**
 * Random creator writes for the property tests of the maintained creator data (counts 0009, tag
 * links 0013): the write kinds both share (flag and country changes, soft deletes, restores, hard
 * deletes) as fast-check arbitraries, and a writer that applies them to one workspace's creators.
 *
 *   const op = fc.oneof(insert, ...creatorWriteOps(flags, COUNTRIES), other);
 *   const w = creatorWriter(db, me.workspaceId);
 *   for (const o of program) {
 *     await w.load();
 *     if (o.kind === 'insert') …  // test-specific kinds, with w.some(pick, n) and w.next()
 *     else await w.apply(o);
 *   }
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.ts';

export interface CreatorFlags {
  is_chat: number;
  is_invitation: number;
  is_black: number;
}

export type CreatorWrite =
  | { kind: 'flags'; pick: number; n: number; flags: Partial<CreatorFlags> }
  | { kind: 'country'; pick: number; country: string }
  | { kind: 'softDelete'; pick: number; n: number }
  | { kind: 'restore'; pick: number }
  | { kind: 'delete'; pick: number };

/** The shared write kinds, in this order (spread them into the test's fc.oneof). */
export function creatorWriteOps<F extends Partial<CreatorFlags>, C extends string>(
  flags: fc.Arbitrary<F>,
  countries: readonly C[],
) {
  return [
    fc.record({ kind: fc.constant('flags' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 4 }), flags }),
    fc.record({ kind: fc.constant('country' as const), pick: fc.nat(), country: fc.constantFrom(...countries) }),
    fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  ] as const; // prettier-ignore
}

export interface CreatorWriter {
  /** The next number of the run's name sequence (new creators, moved and restored ones). */
  next(): number;
  /** Reads the workspace's creator ids (live or not), in id order; call before each write. */
  load(): Promise<void>;
  /** Whether the last load found any creator. */
  readonly any: boolean;
  /** `n` ids from the loaded ones, starting at `pick` (wrapping); none when there are none. */
  some(pick: number, n?: number): number[];
  /** Applies a shared write kind to the picked creators (nothing when there are none). */
  apply(o: CreatorWrite): Promise<void>;
}

export function creatorWriter(db: Kysely<DB>, workspaceId: number): CreatorWriter {
  let seq = 0;
  let ids: number[] = [];
  const some = (pick: number, n = 1): number[] =>
    ids.length
      ? Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[(pick + i) % ids.length]!)
      : [];
  return {
    next: () => ++seq,
    async load() {
      const rows = await db
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute();
      ids = rows.map((r) => Number(r.id));
    },
    get any() {
      return ids.length > 0;
    },
    some,
    async apply(o) {
      if (!ids.length) return;
      const update = db.updateTable('creators');
      if (o.kind === 'flags') {
        if (!Object.keys(o.flags).length) return;
        await update.set(o.flags).where('id', 'in', some(o.pick, o.n)).execute();
      } else if (o.kind === 'country') {
        // A country change may collide with a live creator of the same name there: a new name avoids it.
        await update
          .set({ country: o.country, unique_id: `moved${++seq}` })
          .where('id', 'in', some(o.pick))
          .execute();
      } else if (o.kind === 'softDelete') {
        await update.set({ deleted_at: 1 }).where('id', 'in', some(o.pick, o.n)).execute();
      } else if (o.kind === 'restore') {
        await update
          .set({ deleted_at: null, unique_id: `back${++seq}` })
          .where('id', 'in', some(o.pick))
          .execute();
      } else {
        // The app never leaves tag links behind a deleted creator; a raw delete does.
        await db.deleteFrom('creators').where('id', 'in', some(o.pick)).execute();
      }
    },
  };
}
