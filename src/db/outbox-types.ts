/** The outbox row and the optimistic effects it carries (see outbox.ts, overlay.ts). */
import type { Method } from '../../contract/api.ts';
import type { CreatorTag, SyncRow, SyncTable } from '../../contract/sync.ts';

export type OutboxState = 'pending' | 'sending' | 'acked' | 'failed';

/** What the UI shows before the server confirms. Creators are addressed by id. */
export type Effect =
  | { table: 'creators'; kind: 'patch'; ids: number[]; patch: Record<string, unknown> }
  | { table: 'creators'; kind: 'tags'; ids: number[]; op: 'add' | 'del'; tags: CreatorTag[] }
  | { table: SyncTable; kind: 'delete'; ids: number[] }
  | { table: Exclude<SyncTable, 'creators'>; kind: 'upsert'; row: SyncRow };

export interface OutboxEntry {
  seq?: number;
  /** One of the spec's calls, replayed as is. */
  method: Method;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  userId: number;
  workspaceId: number;
  createdAt: number;
  state: OutboxState;
  attempts: number;
  lastError?: { code: number; msg: string };
  /** When the server accepted it; the entry's overlay stays until a pull started after this. */
  ackedAt?: number;
  effect?: Effect;
}
