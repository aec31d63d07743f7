/**
 * The one redeem step behind both the user menu's VIP dialog and the /vip page: check the code
 * (empty → the code error), POST /common/vip.open (its msg becomes the success notification), then
 * tell the user menu to refresh the tier. A refusal comes back as words for the form to show at
 * the code field, where the keyboard and a screen reader already are, not as a passing toast.
 */
import { isApiError } from '../../api/errors.ts';
import { openVip } from '../account/account-api.ts';
import { checkRedeemCode } from '../account/account-rules.ts';
import { problemMessage } from '../account/problem-message.ts';
import { toast } from '../../ui/toast-queue.ts';
import { notifyMemberChanged } from './member-events.ts';

export type RedeemOutcome = { ok: true } | { ok: false; message: string };

export async function redeemVip(code: string, phone: string): Promise<RedeemOutcome> {
  const problem = checkRedeemCode(code);
  if (problem) return { ok: false, message: problemMessage(problem) };
  let answer;
  try {
    answer = await openVip({ code: code.trim().toUpperCase(), phone });
  } catch (err) {
    // No answer (network, timeout) or a sign-out the client is already handling.
    return { ok: false, message: isApiError(err) ? err.message : String(err) };
  }
  if (answer.code !== 200) return { ok: false, message: answer.msg };
  if (answer.msg) toast.success(answer.msg);
  notifyMemberChanged();
  return { ok: true };
}
