/**
 * "Add sale" on a board card: a sale the Seller Center downloads do not show, entered by
 * hand for one creator and one of the plan's products. Checked here as the server checks it; sent
 * through the outbox (offline too) and counted with the imported sales.
 */
import { useState } from 'react';
import { BUDGET_MAX, inHundredths } from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import { addSale } from './plan-actions.ts';
import { isDay } from './plan-rules.ts';

const today = (): string => new Date().toLocaleDateString('sv');

export function SaleDialog({
  creatorId,
  name,
  plan,
  products,
  currency,
  onClose,
}: {
  creatorId: number;
  name: string;
  plan: RowOf<'plans'>;
  /** The plan's products: TikTok id and title. */
  products: readonly { product_id: string; title: string }[];
  currency: string;
  onClose: () => void;
}) {
  const [product, setProduct] = useState(products[0]?.product_id ?? '');
  const [amount, setAmount] = useState('');
  const [units, setUnits] = useState('1');
  const [commission, setCommission] = useState('');
  const [day, setDay] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save() {
    const e: Record<string, string> = {};
    const gmv = Number(amount);
    if (amount.trim() === '' || !(gmv >= 0 && gmv <= BUDGET_MAX && inHundredths(gmv)))
      e.amount = m.sale_invalid_amount();
    const n = Number(units);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) e.units = m.sale_invalid_units();
    // Empty commission: the plan's rate on the amount.
    const paid = commission.trim() === '' ? (gmv * (plan.commission_rate ?? 0)) / 100 : Number(commission);
    // An empty commission follows the amount: its error is the amount's, said once.
    if (commission.trim() !== '' && !(paid >= 0 && paid <= BUDGET_MAX && inHundredths(paid)))
      e.commission = m.sale_invalid_amount();
    if (!isDay(day)) e.day = m.workbench_followup_date_invalid();
    setErrors(e);
    if (Object.keys(e).length || !product) return;
    const ok = await addSale(creatorId, name, {
      product_id: product,
      gmv: Math.round(gmv * 100) / 100,
      units: n,
      commission: Math.round(paid * 100) / 100,
      day,
      currency,
    });
    if (ok) onClose();
  }

  return (
    <FormDialog title={m.sale_title({ name })} onClose={onClose} onSave={save}>
      <div className="plans-form">
        <p className="plans-muted">{m.sale_hint()}</p>
        <Select<string>
          label={m.sale_product()}
          items={products.map((p) => ({ id: p.product_id, label: p.title }))}
          value={product}
          onChange={setProduct}
        />
        <div className="plans-form__row">
          <Field
            label={`${m.sale_amount()} (${currency})`}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            maxLength={13}
            isRequired
            autoFocus
            errorMessage={errors.amount}
          />
          <Field
            label={m.sale_units()}
            value={units}
            onChange={setUnits}
            inputMode="numeric"
            maxLength={7}
            errorMessage={errors.units}
          />
        </div>
        <div className="plans-form__row">
          <Field
            label={`${m.sale_commission()} (${currency})`}
            description={m.plans_commission_rate_hint({ rate: String(plan.commission_rate ?? 0) })}
            value={commission}
            onChange={setCommission}
            inputMode="decimal"
            maxLength={13}
            errorMessage={errors.commission}
          />
          <Field
            label={m.sale_day()}
            placeholder="YYYY-MM-DD"
            value={day}
            onChange={setDay}
            maxLength={10}
            errorMessage={errors.day}
          />
        </div>
      </div>
    </FormDialog>
  );
}
