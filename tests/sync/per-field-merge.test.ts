/**
 * Flags, tags and blacklist membership merge per field. Two members of one team each
 * queue edits offline; their outboxes reach the server later, in any interleaving. Every queued
 * call names only what it changes (one flag, one tag link, one blacklist entry), so each field ends
 * at the value of the last call that touched it, whoever sent it, and one member's change to a
 * field never undoes the other member's change to another field of the same creator.
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { insertCreator, insertTag, storedCreator } from '../helpers/creator-fixtures.ts';
import { teamOfTwo } from '../helpers/live-stream.ts';
import { describeEngines, type SignedIn } from '../helpers/test-app.ts';

const CREATORS = ['mia', 'noa'] as const;
const FLAGS = { isChat: 'is_chat', isInvitation: 'is_invitation' } as const;

type Op =
  | { kind: 'flag'; creator: number; field: keyof typeof FLAGS; value: 0 | 1 }
  | { kind: 'tag'; creator: number; tag: number; add: boolean }
  | { kind: 'black'; creator: number; add: boolean };

const creatorIndex = fc.integer({ min: 0, max: CREATORS.length - 1 });
const anOp: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('flag' as const),
    creator: creatorIndex,
    field: fc.constantFrom('isChat' as const, 'isInvitation' as const),
    value: fc.constantFrom(0 as const, 1 as const),
  }),
  fc.record({
    kind: fc.constant('tag' as const),
    creator: creatorIndex,
    tag: fc.integer({ min: 0, max: 1 }),
    add: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('black' as const), creator: creatorIndex, add: fc.boolean() }),
);

/** Two members' offline queues and the order their calls reach the server (true: member A's next). */
const scenario = fc.record({
  a: fc.array(anOp, { maxLength: 8 }),
  b: fc.array(anOp, { maxLength: 8 }),
  order: fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
});

/** What the workspace holds per field: `c:flag`, `c:tag:t` and `c:black`. */
type State = Map<string, number | boolean>;

describeEngines('per-field merge of two members’ offline edits', (t) => {
  let admin: SignedIn;
  let member: SignedIn;
  let ws: number;
  const tags: number[] = [];

  beforeAll(async () => {
    ({ admin, member } = await teamOfTwo(t(), 'Merge'));
    const row = await t()
      .database.db.selectFrom('users')
      .select('workspace_id')
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    ws = Number(row.workspace_id);
    for (const name of CREATORS) await insertCreator(t(), ws, name);
    tags.push(await insertTag(t(), ws, 'gifting'), await insertTag(t(), ws, 'replied'));
  });

  async function stored(): Promise<State> {
    const state: State = new Map();
    for (const [c, name] of CREATORS.entries()) {
      const row = (await storedCreator(t(), ws, name))!;
      for (const [field, column] of Object.entries(FLAGS)) state.set(`${c}:${field}`, Number(row[column]));
      state.set(`${c}:black`, Number(row.is_black) === 1);
      const links = await t()
        .database.db.selectFrom('creator_tags')
        .select('tag_id')
        .where('creator_id', '=', row.id)
        .execute();
      const linked = new Set(links.map((l) => Number(l.tag_id)));
      for (const [i, id] of tags.entries()) state.set(`${c}:tag:${i}`, linked.has(id));
    }
    return state;
  }

  /** Sends one queued call as the sync worker would, and applies it to the model. */
  async function send(who: SignedIn, op: Op, model: State) {
    const bloggers = [CREATORS[op.creator]];
    const res =
      op.kind === 'flag'
        ? await t().call('PUT', '/blogger/edit', { country: 'US', bloggers, [op.field]: op.value }, who)
        : op.kind === 'tag'
          ? await t().call(
              'PUT',
              '/blogger/set.tags',
              { country: 'US', bloggers, type: op.add ? 'add' : 'del', tagIds: [tags[op.tag]] },
              who,
            )
          : op.add
            ? await t().call(
                'POST',
                '/blogger/black.add',
                { country: 'US', bloggers, reason: 'merge test' },
                who,
              )
            : await t().call('DELETE', '/blogger/black.del', { country: 'US', bloggers }, who);
    // Removing what is not there may answer 40004 (nothing to remove); the field's value is the same.
    expect([200, 40004], `${JSON.stringify(op)} → ${res.code} ${res.msg}`).toContain(res.code);
    if (op.kind === 'flag') model.set(`${op.creator}:${op.field}`, op.value);
    else if (op.kind === 'tag') model.set(`${op.creator}:tag:${op.tag}`, op.add);
    else model.set(`${op.creator}:black`, op.add);
  }

  it('ends every field at its last write, in any interleaving of the two queues', async () => {
    let mixed = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ a, b, order }) => {
        const model = await stored();
        let i = 0;
        let j = 0;
        for (const pickA of order) {
          if (i < a.length && (pickA || j >= b.length)) await send(admin, a[i++]!, model);
          else if (j < b.length) await send(member, b[j++]!, model);
        }
        while (i < a.length) await send(admin, a[i++]!, model);
        while (j < b.length) await send(member, b[j++]!, model);
        // Both members touched one creator with different fields: the case a whole-row write loses.
        if (a.some((x) => b.some((y) => x.creator === y.creator && x.kind !== y.kind))) mixed++;
        expect(Object.fromEntries(await stored())).toEqual(Object.fromEntries(model));
      }),
      { numRuns: 30 },
    );
    expect(mixed).toBeGreaterThan(5);
  });

  it('keeps both members’ changes to different flags of one creator', async () => {
    await t().call(
      'PUT',
      '/blogger/edit',
      { country: 'US', bloggers: ['mia'], isChat: 0, isInvitation: 0 },
      admin,
    );
    // Offline, A marks Mia chatted and B marks her invited; B's call happens to arrive first.
    await t().call('PUT', '/blogger/edit', { country: 'US', bloggers: ['mia'], isInvitation: 1 }, member);
    await t().call('PUT', '/blogger/edit', { country: 'US', bloggers: ['mia'], isChat: 1 }, admin);
    const mia = (await storedCreator(t(), ws, 'mia'))!;
    expect([mia.is_chat, mia.is_invitation]).toEqual([1, 1]);
  });
});
