/**
 * /plan/ledger on the server (docs/decisions/plans.md, "The ledger"): reads the plan's net profit
 * inputs exactly as /plan/money does (plan-money.service.ts, planMoneyInput), keeps one creator's
 * when asked, and lays them out (ledger.ts). A creator without a plan named gets their most
 * recently joined plan, with the list of their plans to choose from. Workspace-scoped: another
 * workspace's plan or creator answers as one that does not exist.
 */
import type { Kysely } from 'kysely';
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import { LEDGER_PAGE_MAX } from '../../contract/limits.ts';
import type { LedgerRequest, LedgerResult } from '../../contract/schemas/ledger.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { inputOf, ledgerLines } from './ledger.ts';
import { planMoneyInput } from './plan-money.service.ts';

async function plansOf(db: Kysely<DB>, ws: number, creatorId: number) {
  const creator = await db
    .selectFrom('creators')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (!creator) throw new AppError(40004, 'creator_not_found');
  const rows = await db
    .selectFrom('plan_creators as pc')
    .innerJoin('plans as p', (j) =>
      j.onRef('p.id', '=', 'pc.plan_id').on('p.workspace_id', '=', ws).on('p.deleted_at', 'is', null),
    )
    .select(['p.id', 'p.name', 'pc.add_time'])
    .where('pc.workspace_id', '=', ws)
    .where('pc.creator_id', '=', creatorId)
    .where('pc.deleted_at', 'is', null)
    .orderBy('pc.add_time', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({ plan_id: Number(r.id), name: r.name }));
}

export async function planLedger(db: Kysely<DB>, ws: number, req: LedgerRequest): Promise<LedgerResult> {
  const creatorId = req.creator_id ?? 0;
  const plans = creatorId ? await plansOf(db, ws, creatorId) : [];
  const planId = req.plan_id ?? plans[0]?.plan_id ?? 0;
  // A creator in no plan has an empty ledger rather than an error: nothing was spent or sold yet.
  if (!planId)
    return {
      plan_id: 0,
      creator_id: creatorId,
      currency: '',
      country: '',
      plans,
      total: { gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0, net: 0, roi: null },
      lines: [],
      offset: 0,
      lines_total: 0,
    };
  const input = await planMoneyInput(db, ws, planId, creatorId);
  // A creator taken out of the plan keeps the cost lines they had in it, as /plan/money counts them.
  const inPlan = (r: { creator_id: number }) => r.creator_id === creatorId;
  if (creatorId && !input.members.some(inPlan) && !input.costs.some(inPlan))
    throw new AppError(40004, 'ledger_not_member');
  const { lines, total } = ledgerLines(inputOf(input, creatorId));
  const offset = Math.min(req.offset ?? 0, lines.length);
  return {
    plan_id: planId,
    creator_id: creatorId,
    currency: COUNTRY_CURRENCY[input.country as Country],
    country: input.country,
    plans,
    total,
    lines: lines.slice(offset, offset + (req.limit ?? LEDGER_PAGE_MAX)),
    offset,
    lines_total: lines.length,
  };
}
