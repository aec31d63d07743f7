/**
 * What TikTok answered, call by call: a created collaboration (its creators' invitations are
 * recorded), the creator and product pairs that conflicted (nothing created, nothing recorded), a
 * refusal with TikTok's message and code, and the calls not sent after it, each naming the
 * creators left uninvited so they can be selected again.
 */
import type { ShopTargetResult } from '../../../contract/schemas/shop-target.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { InlineAlert } from '../../ui/InlineAlert.tsx';

export function ShopTargetOutcome({ result }: { result: ShopTargetResult }) {
  return (
    <section aria-labelledby="shop-target-outcome" data-testid="shop-target-outcome" aria-live="polite">
      <h3 id="shop-target-outcome" className="plans-shop-target__heading">
        {m.plans_shop_target_outcome()}
      </h3>
      <ul className="plans-shop-target__parts">
        {result.parts.map((p) => (
          <li key={p.part} data-status={p.status}>
            {p.status === 'created' && (
              <p>
                {m.plans_shop_target_part_created({
                  part: p.part,
                  id: p.collaboration_id,
                  count: formatNumber(p.creators.length),
                })}
              </p>
            )}
            {p.status === 'conflicts' && (
              <InlineAlert>
                {m.plans_shop_target_part_conflicts({ part: p.part })}
                <ul>
                  {p.conflicts.map((c) => (
                    <li key={`${c.creator}:${c.product_id}`}>
                      {m.plans_shop_target_conflict({ creator: c.creator, product: c.product_id })}
                    </li>
                  ))}
                </ul>
              </InlineAlert>
            )}
            {p.status === 'failed' && (
              <InlineAlert>
                {m.plans_shop_target_part_failed({
                  part: p.part,
                  msg: p.error_msg,
                  code: p.error_code,
                  creators: p.creators.join(', '),
                })}
              </InlineAlert>
            )}
            {p.status === 'not_sent' && (
              <InlineAlert>
                {m.plans_shop_target_part_not_sent({ part: p.part, creators: p.creators.join(', ') })}
              </InlineAlert>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
