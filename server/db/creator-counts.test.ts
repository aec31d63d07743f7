/**
 * The maintained creator counts of migration 0009: after random inserts (one row or many per
 * statement), flag and country changes, soft deletes, restores and hard deletes, the list's
 * `count` for a country and any flag filter equals a `count(*)` of the matching live rows, on
 * both engines; other workspaces never leak into it.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { blankCreator } from './creator.repository.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const COUNTRIES = ['US', 'GB'] as const;
const flag = fc.constantFrom(0, 1);
const flags = fc.record({ is_chat: flag, is_invitation: flag, is_black: flag });
const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 5 }), country: fc.constantFrom(...COUNTRIES), flags, other: fc.boolean(), deleted: fc.boolean() }),
  fc.record({ kind: fc.constant('flags' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 4 }), flags }),
  fc.record({ kind: fc.constant('country' as const), pick: fc.nat(), country: fc.constantFrom(...COUNTRIES) }),
  fc.record({ kind: fc.constant('softDelete' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('restore' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('version' as const), pick: fc.nat() }),
); // prettier-ignore

describeEngines('creator counts (0009)', (t) => {
  it('the list count equals count(*) after any sequence of writes', { timeout: 120_000 }, async () => {
    const app = t();
    const { db } = app.database;
    const me: SignedIn = await app.signUp();
    const other: SignedIn = await app.signUp();
    const programs = fc.sample(fc.array(op, { minLength: 5, maxLength: 25 }), { seed: SEED, numRuns: 12 });
    let seq = 0;
    let checked = 0;
    for (const program of programs) {
      for (const o of program) {
        const ids = (await db.selectFrom('creators').select('id').where('workspace_id', '=', me.workspaceId).orderBy('id').execute()).map((r) => Number(r.id)); // prettier-ignore
        const some = (pick: number, n = 1) =>
          ids.length
            ? Array.from({ length: Math.min(n, ids.length) }, (_, i) => ids[(pick + i) % ids.length]!)
            : [];
        if (o.kind === 'insert') {
          const ws = o.other ? other.workspaceId : me.workspaceId;
          const rows = Array.from({ length: o.n }, () => ({
            ...blankCreator(ws, o.country, `c${++seq}`, 1, 1_700_000_000 + seq),
            ...o.flags,
            deleted_at: o.deleted ? 1_700_000_000 : null,
          }));
          await db.insertInto('creators').values(rows).execute(); // one statement, many rows
        } else if (o.kind === 'flags' && ids.length) {
          await db.updateTable('creators').set(o.flags).where('id', 'in', some(o.pick, o.n)).execute();
        } else if (o.kind === 'country' && ids.length) {
          // A country change may collide with a live creator of the same name there: skip that case.
          await db
            .updateTable('creators')
            .set({ country: o.country, unique_id: `moved${++seq}` })
            .where('id', 'in', some(o.pick))
            .execute();
        } else if (o.kind === 'softDelete' && ids.length) {
          await db
            .updateTable('creators')
            .set({ deleted_at: 1 })
            .where('id', 'in', some(o.pick, o.n))
            .execute();
        } else if (o.kind === 'restore' && ids.length) {
          await db
            .updateTable('creators')
            .set({ deleted_at: null, unique_id: `back${++seq}` })
            .where('id', 'in', some(o.pick))
            .execute();
        } else if (o.kind === 'delete' && ids.length) {
          await db.deleteFrom('creators').where('id', 'in', some(o.pick)).execute();
        } else if (o.kind === 'version' && ids.length) {
          await db.updateTable('creators').set({ version: 2 }).where('id', 'in', some(o.pick, 3)).execute();
        }
      }
      for (const country of COUNTRIES) {
        for (const filter of [
          {},
          { isChat: 1 },
          { isChat: 0, isBlack: 1 },
          { isInvitation: 1, isBlack: 0 },
        ]) {
          const res = await app.call('POST', '/blogger/lists', { country, ...filter }, { token: me.token });
          expect(res.code).toBe(200);
          const column = { isChat: 'is_chat', isInvitation: 'is_invitation', isBlack: 'is_black' } as const;
          const where = Object.entries(filter).map(
            ([k, v]) => sql` and ${sql.ref(column[k as keyof typeof column])} = ${v}`,
          );
          const { rows } = await sql<{ n: number | string }>`select count(*) as n from creators
            where workspace_id = ${me.workspaceId} and country = ${country} and deleted_at is null${sql.join(where, sql``)}`.execute(
            db,
          );
          expect(res.data.count, `${country} ${JSON.stringify(filter)}`).toBe(Number(rows[0]!.n));
          checked += Number(rows[0]!.n);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
