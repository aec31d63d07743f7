/**
 * Target invitations of a plan's creators. TikTok takes at most 100 creators and 10
 * products per invitation, with a commission of 1–80 %, and counts new creators against the shop's
 * weekly quota. Everything is said before anything is sent: how the creators split into
 * invitations, the terms each carries (or what is missing from the plan), and what the quota has
 * left. The invitations are recorded through the outbox (offline too) as POST /plan/invite calls.
 */
import {
  COMMISSION_MAX,
  COMMISSION_MIN,
  PLAN_INVITE_MAX,
  PLAN_PRODUCTS_MAX,
} from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { invitePlan } from './plan-actions.ts';
import { useQuota } from './plan-queries.ts';
import { batchSizes } from './plan-rules.ts';
import { checkBatch, type QuotaCheck } from './quota-rules.ts';
import './plans.css';

const productCount = (plan: RowOf<'plans'>): number =>
  (plan.product_ids ?? '').split(',').filter((id) => Number(id) > 0).length;

/** What the plan lacks for a target invitation, in words; null when it can be sent. */
export function inviteBlocker(plan: RowOf<'plans'>): string | null {
  if (productCount(plan) === 0) return m.plans_invite_no_products({ max: PLAN_PRODUCTS_MAX });
  const rate = plan.commission_rate;
  if (!(rate >= COMMISSION_MIN && rate <= COMMISSION_MAX))
    return m.plans_invite_no_commission({ min: COMMISSION_MIN, max: COMMISSION_MAX });
  return null;
}

/** This week's quota against these creators; undefined until read. */
export function useInviteQuota(
  creatorIds: readonly number[],
): (QuotaCheck & { quota: number; next: number }) | undefined {
  const quota = useQuota();
  if (!quota) return undefined;
  return {
    ...checkBatch(creatorIds, quota.contacted, quota.connected, quota.quota),
    quota: quota.quota,
    next: quota.next,
  };
}

/** The batches, the terms and the quota for inviting `creatorIds` from `plan`. */
export function InviteSummary({ plan, creatorIds }: { plan: RowOf<'plans'>; creatorIds: readonly number[] }) {
  const sizes = batchSizes(creatorIds.length);
  const blocker = inviteBlocker(plan);
  const quota = useInviteQuota(creatorIds);
  const time = quota ? formatDateTime(quota.next) : '';
  return (
    <div className="plans-invite" data-testid="invite-summary">
      <p>
        {m.plans_invite_batches({
          max: PLAN_INVITE_MAX,
          count: formatNumber(creatorIds.length),
          batches: formatNumber(sizes.length),
          sizes: sizes.map(formatNumber).join(' · '),
        })}
      </p>
      {blocker ? (
        <InlineAlert>{blocker}</InlineAlert>
      ) : (
        <p>
          {m.plans_invite_terms({
            products: formatNumber(productCount(plan)),
            rate: formatNumber(plan.commission_rate),
          })}
        </p>
      )}
      {quota &&
        (quota.left === null ? (
          <p className="plans-muted">{m.quota_batch_unset({ fresh: formatNumber(quota.fresh) })}</p>
        ) : (
          <p className="plans-muted" data-testid="invite-quota">
            {m.quota_batch({
              used: formatNumber(quota.used),
              quota: formatNumber(quota.quota),
              fresh: formatNumber(quota.fresh),
              left: formatNumber(quota.left),
              time,
            })}
          </p>
        ))}
      {quota && quota.over > 0 && (
        <InlineAlert>
          {m.quota_batch_over({ over: formatNumber(quota.over), quota: formatNumber(quota.quota), time })}
        </InlineAlert>
      )}
    </div>
  );
}

export function InviteDialog({
  plan,
  creatorIds,
  members,
  onClose,
}: {
  plan: RowOf<'plans'>;
  creatorIds: readonly number[];
  /** Every plan's creators as the screen has them (the invitation shows only on those it moves). */
  members: readonly RowOf<'plan_creators'>[];
  onClose: () => void;
}) {
  const sizes = batchSizes(creatorIds.length);
  const quota = useInviteQuota(creatorIds);
  const blocked = Boolean(inviteBlocker(plan)) || creatorIds.length === 0;
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={m.plans_invite_title({ count: formatNumber(creatorIds.length) })}
      footer={
        <DialogFooter
          onCancel={onClose}
          isDisabled={blocked}
          confirmLabel={
            quota && quota.over > 0
              ? m.plans_invite_anyway()
              : m.plans_invite_confirm({ batches: formatNumber(sizes.length) })
          }
          onConfirm={async () => {
            if (await invitePlan(plan, creatorIds, members)) onClose();
          }}
        />
      }
    >
      {creatorIds.length === 0 ? (
        <p>{m.plans_invite_none()}</p>
      ) : (
        <InviteSummary plan={plan} creatorIds={creatorIds} />
      )}
    </Dialog>
  );
}
