/**
 * The zod schemas of POST /sync/pull (contract/sync.ts has its types, the tables and the decoder,
 * without zod, for the sync worker). The checks at the end keep the two in step: a field added to
 * one and not the other fails the typecheck.
 */
import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import {
  PULL_DEFAULT_LIMIT,
  PULL_MAX_LIMIT,
  SYNC_TABLES,
  type PullRequest,
  type PullWire,
  type SyncTable,
  type TableRows,
} from '../sync.ts';
import { formInt, optFlag } from './common.ts';

export const pullRequest = z.object({
  cursor: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().max(200)),
  limit: formInt().pipe(z.number().int().min(1).max(PULL_MAX_LIMIT)).default(PULL_DEFAULT_LIMIT),
  /** 1: also answer `remaining` (rows left after the cursor), for progress bars. */
  estimate: optFlag(),
});

const perTable = <T extends z.ZodType>(item: T) =>
  z.object(Object.fromEntries(SYNC_TABLES.map((t) => [t, item])) as Record<SyncTable, T>);

export const tableRows = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) });

export const pullResponse = z.object({
  changes: perTable(tableRows),
  creator_tags: z.array(z.tuple([z.number(), z.number(), z.string()])),
  deletes: perTable(z.array(z.number())),
  cursor: z.string(),
  has_more: z.boolean(),
  reset: z.boolean(),
  remaining: z.number().int().optional(),
  user_id: z.number().int(),
  workspace_id: z.number().int(),
});

export const syncEndpoints = {
  syncPull: {
    method: 'POST',
    path: '/sync/pull',
    auth: true,
    request: pullRequest,
    response: pullResponse,
  } satisfies Endpoint<typeof pullRequest, typeof pullResponse>,
};

/**
 * True only when A and B are the same type. Mutual assignability is not enough: it lets an optional
 * field on one side alone through; two generic functions compare their types exactly.
 */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const inStep: [
  Same<z.infer<typeof pullRequest>, PullRequest>,
  Same<z.infer<typeof tableRows>, TableRows>,
  Same<z.infer<typeof pullResponse>, PullWire>,
] = [true, true, true];
void inStep;
