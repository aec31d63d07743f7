/**
 * /plan/ledger on the server (docs/decisions/plans.md, "The ledger"): reads the plan's net profit
 * inputs exactly as /plan/money does (plan-money.service.ts, planMoneyInput), keeps one creator's
 * when asked, and lays them out (ledger.ts). A creator without a plan named gets their most
 * recently joined plan, with the list of their plans to choose from. Workspace-scoped: another
 * workspace's plan or creator answers as one that does not exist.
 */
import type { Kysely } from 'kysely';
import { COUNTRY_CURRENCY } from '../../contract/constants.ts';
import { LEDGER_PAGE_MAX } from '../../contract/limits.ts';
import type { LedgerLine, LedgerRequest, LedgerResult } from '../../contract/schemas/ledger.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { ledgerCharts } from './ledger-charts.ts';
import { inputOf, keyOf, ledgerLines } from './ledger.ts';
import { countedLines, planMoneyBase, salesUpTo } from './plan-money.service.ts';

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
      weeks: [],
      videos: [],
      lines: [],
      offset: 0,
      lines_total: 0,
      next: null,
    };
  // The plan's members, videos and cost lines are read once; the sales three ways below.
  const base = await planMoneyBase(db, ws, planId, creatorId);
  const mine = inputOf({ ...base.input, lines: [] }, creatorId);
  // A creator taken out of the plan keeps the cost lines they had in it, as /plan/money counts them.
  if (creatorId && !mine.members.length && !mine.costs.length) throw new AppError(40004, 'ledger_not_member');
  // The whole ledger's totals, count and charts from sums per creator, video and shop week (SQL).
  const weekSums = await countedLines(db, ws, base, 'week');
  const sums = inputOf({ ...base.input, lines: weekSums }, creatorId);
  const whole = ledgerLines(sums);
  const sales = sums.lines.reduce((n, l) => n + (l.count ?? 0), 0);
  const linesTotal = whole.lines.length - sums.lines.length + sales;
  const limit = req.limit ?? LEDGER_PAGE_MAX;
  const answer = {
    plan_id: planId,
    creator_id: creatorId,
    currency: COUNTRY_CURRENCY[base.input.country],
    country: base.input.country,
    plans,
    total: whole.total,
    ...ledgerCharts(sums.lines, sums.contents, base.input.country),
    lines_total: linesTotal,
  };
  if (req.offset) {
    // By position, for apps installed before `after`: every line before the page is read.
    const offset = Math.min(req.offset, linesTotal);
    const each = inputOf({ ...base.input, lines: await countedLines(db, ws, base, 'each') }, creatorId);
    const { lines } = ledgerLines(each);
    const page = lines.slice(offset, offset + limit);
    return { ...answer, lines: page, offset, next: nextOf(page, offset + limit < lines.length) };
  }
  // By key: the sales after the cursor (one more than a page, to know whether a line follows), and
  // the running totals up to it summed in SQL, so no earlier line is read and a line that comes or
  // goes before the cursor moves no line of this page.
  const key = req.after === undefined ? null : keyOf(req.after);
  if (req.after !== undefined && !key) throw new AppError(40001, 'invalid_param', { field: 'after' });
  const upTo = key ? await salesUpTo(db, ws, base, key) : { n: 0, gmv_cents: 0, commission_cents: 0 };
  const pageSales = await countedLines(db, ws, base, { first: limit + 1, after: key ?? undefined });
  const { lines, before } = ledgerLines(
    inputOf({ ...base.input, lines: pageSales }, creatorId),
    key ? { key, gmv_cents: upTo.gmv_cents, cost_cents: upTo.commission_cents } : undefined,
  );
  const page = lines.slice(0, limit);
  return { ...answer, lines: page, offset: before + upTo.n, next: nextOf(page, lines.length > limit) };
}

/** The cursor for the page after `page`: its last line's key, when a line follows. */
const nextOf = (page: readonly LedgerLine[], more: boolean): string | null =>
  more && page.length ? page.at(-1)!.key : null;
