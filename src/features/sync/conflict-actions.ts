/**
 * "Keep theirs" on a conflict (40012): the member's refused change is dropped and the
 * server is told, through the outbox (so it works offline too), so the history records the
 * conflict and its outcome. "Save mine" is the outbox's retry (src/db/outbox.ts: `force`).
 */
import { API } from '../../../contract/routes.ts';
import { enqueue } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { discard } from '../../db/outbox.ts';
import type { OutboxEntry } from '../../db/outbox-types.ts';
import { conflictSubject, describeChange } from './change-text.ts';

export async function keepTheirs(e: OutboxEntry): Promise<void> {
  if (e.seq === undefined) return;
  const subject = conflictSubject(e);
  const base = Number(e.body.base_version);
  await discard(localDb, e.seq);
  if (!subject || !Number.isSafeInteger(base)) return;
  await enqueue(
    localDb,
    call(API.keepTheirs, { record: subject.table, id: subject.id, base_version: base }, describeChange(e)),
  );
}
