/**
 * The ledger call (contract/schemas/ledger.ts) through the shared client. The lines are read from
 * the server: order lines are not mirrored (docs/decisions/plans.md, "The ledger").
 */
import { LEDGER_PAGE_MAX } from '../../../contract/limits.ts';
import { API } from '../../../contract/routes.ts';
import type { LedgerResult } from '../../../contract/schemas/ledger.ts';
import { request } from '../../api/client.ts';

export interface LedgerScope {
  plan_id?: number;
  creator_id?: number;
}

/**
 * A page of the ledger: from its first line, or after the line whose `key` is `after` (the
 * previous answer's `next`), so a sync between pages neither repeats nor skips a line.
 */
export const fetchLedger = (
  scope: LedgerScope,
  after: string | null = null,
  signal?: AbortSignal,
  limit = LEDGER_PAGE_MAX,
) =>
  request(API.planLedger, { ...scope, ...(after === null ? {} : { after }), limit } as never, {
    silent: true,
    signal,
  });

/** Every page of a ledger, for an export: the first answer with all lines in it. */
export async function fetchWholeLedger(scope: LedgerScope): Promise<LedgerResult> {
  const first = await fetchLedger(scope);
  const lines = [...first.lines];
  // Each `next` is a later key than the one before, so the loop ends.
  for (let next = first.next; next !== null;) {
    const page = await fetchLedger({ ...scope, plan_id: first.plan_id }, next);
    lines.push(...page.lines);
    next = page.next;
  }
  return { ...first, lines, next: null };
}

/** A record's last reading of each day over its first `days` days since posting. */
export const fetchSnapshots = (id: number, days: 7 | 30, signal?: AbortSignal) =>
  request(API.contentSnapshots, { id, days }, { silent: true, signal });
