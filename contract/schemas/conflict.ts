/**
 * Conflicts on text records. An edit or delete refused with 40012 is resolved on the
 * member's device: "Save mine" sends the same call with `force` (the server records the conflict
 * as it writes), "Keep theirs" drops it and sends this call so the history has it too. Resolved
 * conflicts are mirrored (`text_conflicts`) and listed in the sync panel.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { formInt } from './common.ts';
import { rowId } from './tag.ts';

export const TEXT_RECORDS = ['tags', 'chat_templates', 'products', 'creator_notes'] as const;
export type TextRecord = (typeof TEXT_RECORDS)[number];
export const CONFLICT_OUTCOMES = ['kept_mine', 'restored', 'kept_theirs'] as const;
export type ConflictOutcome = (typeof CONFLICT_OUTCOMES)[number];

export const KeepTheirsRequest = z.object({
  record: z.enum(TEXT_RECORDS),
  id: rowId(),
  base_version: formInt().pipe(z.number().int().min(0)),
});

export const TextConflictRow = z.object({
  id: z.number().int(),
  record: z.enum(TEXT_RECORDS),
  record_id: z.number().int(),
  title: z.string(),
  outcome: z.enum(CONFLICT_OUTCOMES),
  user_id: z.number().int(),
  user_name: z.string(),
  other_user_id: z.number().int(),
  other_name: z.string(),
  add_time: z.number().int(),
});
export type TextConflictRow = z.infer<typeof TextConflictRow>;

export const conflictEndpoints = {
  keepTheirs: endpoint({
    method: 'POST',
    path: '/conflict/keep.theirs',
    auth: true,
    request: KeepTheirsRequest,
    response: z.object({ recorded: z.number().int() }),
  }),
};
