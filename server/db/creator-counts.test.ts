/**
 * The maintained creator counts of migration 0009: after random inserts (one row or many per
 * statement), flag and country changes, soft deletes, restores and hard deletes, the list's
 * `count` for a country and any flag filter equals a `count(*)` of the matching live rows, on
 * both engines; other workspaces never leak into it.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { creatorWriteOps, creatorWriter } from '../../tests/helpers/creator-writes.ts';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { blankCreator } from './creator.repository.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const COUNTRIES = ['US', 'GB'] as const;
const flag = fc.constantFrom(0, 1);
const flags = fc.record({ is_chat: flag, is_invitation: flag, is_black: flag });
const op = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 5 }), country: fc.constantFrom(...COUNTRIES), flags, other: fc.boolean(), deleted: fc.boolean() }),
  ...creatorWriteOps(flags, COUNTRIES),
  fc.record({ kind: fc.constant('version' as const), pick: fc.nat() }),
); // prettier-ignore

describeEngines('creator counts (0009)', (t) => {
  it('the list count equals count(*) after any sequence of writes', { timeout: 120_000 }, async () => {
    const app = t();
    const { db } = app.database;
    const me: SignedIn = await app.signUp();
    const other: SignedIn = await app.signUp();
    const programs = fc.sample(fc.array(op, { minLength: 5, maxLength: 25 }), { seed: SEED, numRuns: 12 });
    const w = creatorWriter(db, me.workspaceId);
    let checked = 0;
    for (const program of programs) {
      for (const o of program) {
        await w.load();
        if (o.kind === 'insert') {
          const ws = o.other ? other.workspaceId : me.workspaceId;
          const rows = Array.from({ length: o.n }, () => {
            const seq = w.next();
            return {
              ...blankCreator(ws, o.country, `c${seq}`, 1, 1_700_000_000 + seq),
              ...o.flags,
              deleted_at: o.deleted ? 1_700_000_000 : null,
            };
          });
          await db.insertInto('creators').values(rows).execute(); // one statement, many rows
        } else if (o.kind === 'version') {
          if (w.any) await db.updateTable('creators').set({ version: 2 }).where('id', 'in', w.some(o.pick, 3)).execute(); // prettier-ignore
        } else {
          await w.apply(o);
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
