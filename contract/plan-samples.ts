/**
 * Whether a plan creator's samples were sent, read the same way by the plan screen (mirrored rows)
 * and by the server's net profit (server/services/plan-money.service.ts): at "shipped" now, or
 * recorded as sent by that move (`sample_time`) and not moved back before it since (the server
 * clears it on such a move).
 */
import { PLAN_STAGES } from './limits.ts';

const BEFORE_SHIPPED = new Set<string>(PLAN_STAGES.slice(0, PLAN_STAGES.indexOf('shipped')));

export const samplesSent = (member: Readonly<Record<string, unknown>>): boolean => {
  const stage = String(member.stage ?? '');
  return stage === 'shipped' || (Number(member.sample_time ?? 0) > 0 && !BEFORE_SHIPPED.has(stage));
};
