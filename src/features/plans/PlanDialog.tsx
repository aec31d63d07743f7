/**
 * "New plan": name, country, products (at most PLAN_PRODUCTS_MAX of the country's),
 * commission (1–80 %, TikTok's range), budget, dates and a chat template. The server's rules are
 * checked here first, with the same words, so a refusal is rare; the server checks them again.
 */
import { useMemo, useState } from 'react';
import { CheckboxGroup, Label } from 'react-aria-components';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import {
  BUDGET_MAX,
  COMMISSION_MAX,
  COMMISSION_MIN,
  PLAN_NAME_MAX,
  PLAN_PRODUCTS_MAX,
  PLAN_CREATORS_MAX,
  PLANS_MAX,
  POST_WITHIN_DEFAULT,
  POST_WITHIN_MAX,
  inHundredths,
} from '../../../contract/limits.ts';
import { localDb } from '../../db/local.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLocalRows } from '../../db/queries.ts';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { m } from '../../paraglide/messages.js';
import { CountrySelect } from '../../ui/CountrySelect.tsx';
import { FormDialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Select } from '../../ui/Select.tsx';
import type { RowOf } from '../../../contract/sync.ts';
import { createPlan, editPlan, type PlanDraft } from './plan-actions.ts';
import { isDay } from './plan-rules.ts';

/** `plan`: edit its terms (its country stays); otherwise a new plan in `country`. */
export function PlanDialog({
  country: initial,
  plan,
  onClose,
}: {
  country: Country;
  plan?: RowOf<'plans'>;
  onClose: () => void;
}) {
  const was = (k: keyof RowOf<'plans'>): string => (plan && plan[k] !== undefined ? String(plan[k]) : '');
  const positive = (k: keyof RowOf<'plans'>): string => (Number(plan?.[k] ?? 0) > 0 ? was(k) : '');
  const [country, setCountry] = useState<Country>(plan ? (plan.country as Country) : initial);
  const [name, setName] = useState(was('name'));
  const [products, setProducts] = useState<string[]>(() => was('product_ids').split(',').filter(Boolean));
  const [commission, setCommission] = useState(positive('commission_rate'));
  const [budget, setBudget] = useState(positive('budget'));
  const [sampleCost, setSampleCost] = useState(positive('sample_cost'));
  const [shippingCost, setShippingCost] = useState(positive('shipping_cost'));
  const [postWithin, setPostWithin] = useState(positive('post_within_days'));
  const [start, setStart] = useState(was('start_date'));
  const [end, setEnd] = useState(was('end_date'));
  const [template, setTemplate] = useState(plan?.chat_template_id ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Money is entered in the plan's market currency, and the labels say which.
  const currency = COUNTRY_CURRENCY[country];
  const productRows = useLocalRows(localDb, 'products', country);
  const templateRows = useLocalRows(localDb, 'chat_templates', country);
  const templates = useMemo(
    () => [
      { id: 0, label: m.plans_template_none() },
      ...(templateRows ?? []).filter((t) => t.id > 0).map((t) => ({ id: t.id, label: t.title ?? '' })),
    ],
    [templateRows],
  );

  async function save() {
    const e: Record<string, string> = {};
    const title = name.trim();
    if (!title) e.name = m.plans_name_required();
    const rate = commission.trim() === '' ? '' : Number(commission);
    if (rate !== '' && !(rate >= COMMISSION_MIN && rate <= COMMISSION_MAX && inHundredths(rate)))
      e.commission = m.plans_commission_invalid();
    const money = budget.trim() === '' ? '' : Number(budget);
    if (money !== '' && !(money >= 0 && money <= BUDGET_MAX && inHundredths(money)))
      e.budget = m.plans_budget_invalid();
    const amount = (v: string): number | '' => (v.trim() === '' ? '' : Number(v));
    const sample = amount(sampleCost);
    const shipping = amount(shippingCost);
    if (sample !== '' && !(sample >= 0 && sample <= BUDGET_MAX && inHundredths(sample)))
      e.sampleCost = m.plans_cost_invalid();
    if (shipping !== '' && !(shipping >= 0 && shipping <= BUDGET_MAX && inHundredths(shipping)))
      e.shippingCost = m.plans_cost_invalid();
    const within = postWithin.trim() === '' ? '' : Number(postWithin);
    if (within !== '' && !(Number.isInteger(within) && within >= 1 && within <= POST_WITHIN_MAX))
      e.postWithin = m.plans_post_within_invalid();
    if (start && !isDay(start)) e.start = m.workbench_followup_date_invalid();
    if (end && !isDay(end)) e.end = m.workbench_followup_date_invalid();
    if (!e.start && !e.end && start && end && start > end) e.end = m.plans_dates_order();
    if (products.length > PLAN_PRODUCTS_MAX)
      e.products = m.plans_products_too_many({ max: PLAN_PRODUCTS_MAX });
    setErrors(e);
    if (Object.keys(e).length) return;
    const draft: PlanDraft = {
      name: title,
      country,
      product_ids: products.map(Number).filter((id) => id > 0),
      commission_rate: rate,
      budget: money,
      sample_cost: sample,
      shipping_cost: shipping,
      post_within_days: within,
      start_date: start,
      end_date: end,
      chat_template_id: template,
    };
    const ok = plan ? await editPlan(plan, draft) : await createPlan(draft);
    if (ok) onClose();
  }

  const saved = (productRows ?? []).filter((p) => p.id > 0);
  return (
    <FormDialog
      title={plan ? m.plans_edit_title({ name: was('name') }) : m.plans_new()}
      onClose={onClose}
      onSave={save}
    >
      <div className="plans-form">
        {!plan && (
          <p className="plans-muted">
            {m.plans_limits({ max: formatNumber(PLANS_MAX), creators: formatNumber(PLAN_CREATORS_MAX) })}
          </p>
        )}
        <Field
          label={m.plans_name()}
          value={name}
          onChange={setName}
          maxLength={PLAN_NAME_MAX}
          isRequired
          autoFocus
          errorMessage={errors.name}
        />
        <CountrySelect
          isDisabled={Boolean(plan)}
          value={country}
          onChange={(c) => {
            setCountry(c);
            setProducts([]);
            setTemplate(0);
          }}
        />
        <CheckboxGroup
          value={products}
          onChange={setProducts}
          className="plans-products"
          isInvalid={Boolean(errors.products)}
        >
          <Label className="cd-field__label">{m.plans_products({ max: PLAN_PRODUCTS_MAX })}</Label>
          {saved.length === 0 && <p className="plans-muted">{m.plans_products_none()}</p>}
          <div className="plans-products__list">
            {saved.map((p) => (
              <CheckBox
                key={p.id}
                value={String(p.id)}
                isDisabled={products.length >= PLAN_PRODUCTS_MAX && !products.includes(String(p.id))}
              >
                {p.product_title ?? p.product_id ?? ''}
              </CheckBox>
            ))}
          </div>
          {errors.products && <p className="cd-field__error">{errors.products}</p>}
        </CheckboxGroup>
        <div className="plans-form__row">
          <Field
            label={m.plans_commission()}
            description={m.plans_commission_hint()}
            value={commission}
            onChange={setCommission}
            inputMode="decimal"
            maxLength={6}
            errorMessage={errors.commission}
          />
          <Field
            label={`${m.plans_budget()} (${currency})`}
            value={budget}
            onChange={setBudget}
            inputMode="decimal"
            maxLength={13}
            errorMessage={errors.budget}
          />
        </div>
        <div className="plans-form__row">
          <Field
            label={`${m.plans_sample_cost()} (${currency})`}
            description={m.plans_sample_cost_hint()}
            value={sampleCost}
            onChange={setSampleCost}
            inputMode="decimal"
            maxLength={13}
            errorMessage={errors.sampleCost}
          />
          <Field
            label={`${m.plans_shipping_cost()} (${currency})`}
            value={shippingCost}
            onChange={setShippingCost}
            inputMode="decimal"
            maxLength={13}
            errorMessage={errors.shippingCost}
          />
        </div>
        <div className="plans-form__row">
          <Field
            label={m.plans_post_within()}
            description={m.plans_post_within_hint()}
            placeholder={String(POST_WITHIN_DEFAULT)}
            value={postWithin}
            onChange={setPostWithin}
            inputMode="numeric"
            maxLength={3}
            errorMessage={errors.postWithin}
          />
        </div>
        <div className="plans-form__row">
          <Field
            label={m.plans_start()}
            placeholder="YYYY-MM-DD"
            value={start}
            onChange={setStart}
            maxLength={10}
            errorMessage={errors.start}
          />
          <Field
            label={m.plans_end()}
            placeholder="YYYY-MM-DD"
            value={end}
            onChange={setEnd}
            maxLength={10}
            errorMessage={errors.end}
          />
        </div>
        <Select<number>
          label={m.plans_template()}
          items={templates}
          value={template}
          onChange={setTemplate}
        />
      </div>
    </FormDialog>
  );
}
