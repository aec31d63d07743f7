import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { API } from '../../../contract/api.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { addRow, editCreators, editRow } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { applyPage } from '../../db/mirror.ts';
import { creator, freshDb, page } from '../../db/test-db.ts';
import { readCreator, readCreatorRows } from './workbench-queries.ts';

/** A note added offline; these tests read only its text. */
type NewNote = Omit<RowOf<'creator_notes'>, 'id' | 'version'>;

describe('workbench reads', () => {
  it('finds a creator by id with unsent edits on top, and null for an id the mirror lacks', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { creators: [creator(1500), creator(2500, { country: 'GB' })] } }));
    expect((await readCreator(db, 2500))?.country).toBe('GB');
    expect(await readCreator(db, 1501)).toBeNull();
    await editCreators(db, 'US', [{ id: 1500, unique_id: 'u1500' }], { is_chat: 1 });
    expect((await readCreator(db, 1500))?.is_chat).toBe(1);
  });

  it("reads one creator's notes, mirrored and unsent, with offline edits applied", async () => {
    const db = await freshDb();
    const note = (id: number, creator_id: number, content: string) => ({
      id,
      version: 1,
      creator_id,
      content,
    });
    await applyPage(
      db,
      page({ changes: { creator_notes: [note(1, 7, 'saved'), note(2, 8, 'other creator')] } }),
    );
    const add = call(API.noteAdd, { creator_id: 7, content: 'offline' });
    await addRow(db, 'creator_notes', add, { creator_id: 7, content: 'offline' } as NewNote);
    const rows = await readCreatorRows(db, 'creator_notes', 7);
    expect(rows.map((r) => r.content).sort()).toEqual(['offline', 'saved']);
    expect(rows.find((r) => r.content === 'offline')!.id).toBeLessThan(0);

    await editRow(db, 'creator_notes', call(API.noteEdit, { id: 1, content: 'edited' }), {
      id: 1,
      content: 'edited',
    });
    expect((await readCreatorRows(db, 'creator_notes', 7)).map((r) => r.content).sort()).toEqual([
      'edited',
      'offline',
    ]);
    expect(await readCreatorRows(db, 'creator_notes')).toHaveLength(3);
  });
});
