/**
 * The one redeem step behind both the user menu's VIP dialog and the /vip page: check the code
 * (empty → the code error toast), POST /common/vip.open (its msg becomes the success notification),
 * then tell the user menu to refresh the tier.
 */
import { openVip } from '../account/account-api.ts';
import { checkRedeemCode } from '../account/account-rules.ts';
import { problemMessage } from '../account/problem-message.ts';
import { toast } from '../../ui/toast-queue.ts';
import { notifyMemberChanged } from './member-events.ts';

/** True when the code was accepted; otherwise the user has already been told why. */
export async function redeemVip(code: string, phone: string): Promise<boolean> {
  const problem = checkRedeemCode(code);
  if (problem) {
    toast.error(problemMessage(problem));
    return false;
  }
  try {
    await openVip({ code: code.trim().toUpperCase(), phone });
  } catch {
    return false; // reported by the client
  }
  notifyMemberChanged();
  return true;
}
