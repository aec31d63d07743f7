/** The outbox row, the optimistic effects it carries (see outbox.ts, overlay.ts) and the notices of its outcome (notices.ts). */
import type { Method } from '../../contract/api.ts';
import type { PlanStage } from '../../contract/limits.ts';
import type { CreatorTag, SyncRow, SyncTable } from '../../contract/sync.ts';

/**
 * The row an upsert shows: a whole row for one made offline (addRow), the changed fields for an
 * edit (editRow); overlay.ts lays it over the mirrored row with the same id.
 */
export type UpsertRow = Partial<SyncRow> & { id: number };

export type OutboxState = 'pending' | 'sending' | 'acked' | 'failed';

/** What the UI shows before the server confirms. Creators are addressed by id. */
export type Effect =
  | { table: 'creators'; kind: 'patch'; ids: number[]; patch: Record<string, unknown> }
  | { table: 'creators'; kind: 'tags'; ids: number[]; op: 'add' | 'del'; tags: CreatorTag[] }
  | { table: SyncTable; kind: 'delete'; ids: number[] }
  | { table: Exclude<SyncTable, 'creators'>; kind: 'upsert'; row: UpsertRow }
  | MembersEffect;

/**
 * Creators joining a plan, moving to a stage or leaving it. Addressed by (plan, creator),
 * not by row id: a creator added offline has no server row yet, and a move made before the add
 * was confirmed must still show once the server's row replaces the temporary one.
 */
export interface MembersEffect {
  table: 'plan_creators';
  kind: 'members';
  op: 'join' | 'stage' | 'leave';
  plan_id: number;
  creator_ids: number[];
  stage?: PlanStage;
  reason?: string;
  /** When the user acted (unix seconds): the stage's start until the server's copy arrives. */
  time: number;
}

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
  /** The server's msg when it accepted the call: the success text the page shows. */
  answer?: string;
  /**
   * The counts the server answered when it accepted a bulk call (`changed`, `already`, … : an
   * answer whose data is numbers only), so the page can say what was done, not what was asked.
   */
  counts?: Record<string, number>;
  effect?: Effect;
  /** Plain words for what the change is about when the call carries only ids (a deleted row's name). */
  about?: string;
  /** The page the user acted on (its path): the outcome is told there while they stay. */
  origin?: string;
}

/**
 * Something the user must be told about a change they made earlier, perhaps on another page or
 * before a reload: the server refused it, or accepted it but skipped part of it (blacklisted or
 * unknown creators). Kept until read; a copy of the call, because a refused entry may be discarded.
 */
export interface Notice {
  id?: number;
  seq: number;
  userId: number;
  workspaceId: number;
  kind: 'refused' | 'partial';
  code: number;
  /** The server's msg, in the language of the sync at that time. */
  msg: string;
  method: Method;
  path: string;
  body: Record<string, unknown>;
  about?: string;
  origin?: string;
  at: number;
}
