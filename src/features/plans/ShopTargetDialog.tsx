/**
 * "Invite in TikTok Shop": a plan's selected creators become target collaborations in the seller's
 * shop (docs/decisions/shop-connection.md, "Target collaborations from a plan"). Online only: the
 * shop answers at once, and the screen shows only what the server says TikTok accepted, per call.
 * The limits are stated before anything is sent; one request key per opening makes a double
 * submit one request.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import {
  PLAN_PRODUCTS_MAX,
  SHOP_TARGET_CREATORS_MAX,
  SHOP_TARGET_END_MARGIN_DAYS,
  SHOP_TARGET_END_MAX_DAYS,
  SHOP_TARGET_MESSAGE_MAX,
  SHOP_TARGET_NAME_MAX,
  SHOP_TARGET_PER_CALL,
  SHOP_TARGET_PRODUCTS_MAX,
} from '../../../contract/limits.ts';
import type { ShopView } from '../../../contract/schemas/shop.ts';
import type { ShopTargetResult } from '../../../contract/schemas/shop-target.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { request } from '../../api/client.ts';
import { localDb } from '../../db/local.ts';
import { readRows } from '../../db/queries.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { Dialog, DialogFooter } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Input } from '../../ui/Input.tsx';
import { Select } from '../../ui/Select.tsx';
import { Refusal, type Refused } from '../shop/Refusal.tsx';
import { callsFor, endTimeOf, endWindow, isEmail, parsePercent } from './shop-target-rules.ts';
import { ShopTargetOutcome } from './ShopTargetOutcome.tsx';
import { initialShop, rememberShop } from './shop-choice.ts';
import './plans.css';

const readProducts = () => readRows(localDb, 'products');

export function ShopTargetDialog({
  plan,
  shops,
  creatorIds,
  onClose,
}: {
  plan: RowOf<'plans'>;
  /** The plan's country's syncing shops: with several, the member picks one (never a guess). */
  shops: readonly ShopView[];
  creatorIds: readonly number[];
  onClose: (sent: boolean) => void;
}) {
  const [key] = useState(() => crypto.randomUUID());
  const [now] = useState(() => Date.now());
  const window_ = endWindow(now);
  const products = useLiveQuery(readProducts, []);
  const planProducts = useMemo(() => {
    const ids = String(plan.product_ids ?? '')
      .split(',')
      .map(Number)
      .filter((n) => n > 0);
    return (products ?? [])
      .filter((p) => ids.includes(Number(p.id)) && /^\d+$/.test(String(p.product_id ?? '')))
      .slice(0, PLAN_PRODUCTS_MAX);
  }, [products, plan.product_ids]);
  const planRate = Number(plan.commission_rate);
  const [name, setName] = useState(String(plan.name ?? '').slice(0, SHOP_TARGET_NAME_MAX));
  const [message, setMessage] = useState('');
  const [end, setEnd] = useState(window_.min);
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const [rates, setRates] = useState<Record<number, string>>({});
  const [sample, setSample] = useState(true);
  const [email, setEmail] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && !navigator.onLine);
  const [result, setResult] = useState<ShopTargetResult | null>(null);
  const [shop, setShop] = useState<number | null>(() => initialShop(shops));
  const shopLabel = (s: ShopView) => m.plans_shop_target_shop_label({ name: s.shop_name, region: s.region });

  const isChosen = (id: number) => chosen[id] ?? true;
  const rateText = (id: number) => rates[id] ?? (planRate >= 1 ? String(planRate) : '');
  const picked = planProducts.filter((p) => isChosen(Number(p.id)));
  const endTime = endTimeOf(end, now);
  const errors = {
    shop: shop === null ? m.plans_shop_target_shop_required() : undefined,
    name: name.trim() === '' ? m.plans_shop_target_name_required() : undefined,
    end:
      endTime === null
        ? m.plans_shop_target_end_invalid({
            days: SHOP_TARGET_END_MARGIN_DAYS,
            max: SHOP_TARGET_END_MAX_DAYS,
          })
        : undefined,
    products: picked.length === 0 ? m.plans_shop_target_pick_product() : undefined,
    email: isEmail(email) ? undefined : m.plans_shop_target_email_invalid(),
  };
  const badRate = (id: number) => parsePercent(rateText(id)) === null;
  const tooMany = creatorIds.length > SHOP_TARGET_CREATORS_MAX;
  const invalid = Object.values(errors).some(Boolean) || picked.some((p) => badRate(Number(p.id))) || tooMany;

  const send = async () => {
    setTried(true);
    if (invalid || endTime === null || shop === null) return;
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setRefused(null);
    try {
      const res = await request<ShopTargetResult>(
        'POST',
        '/shop/target.create',
        {
          plan_id: Number(plan.id),
          request_key: key,
          shop,
          name: name.trim(),
          message: message.trim(),
          end_time: endTime,
          products: picked.map((p) => ({ id: Number(p.id), rate: parsePercent(rateText(Number(p.id)))! })),
          creator_ids: [...creatorIds],
          free_sample: sample ? 1 : 0,
          email: email.trim(),
        },
        { raw: true },
      );
      if (res.code === 200) setResult(res.data);
      else setRefused({ code: res.code, msg: res.msg });
    } catch {
      setOffline(true);
    }
  };

  const show = (e: string | undefined) => (tried ? e : undefined);
  return (
    <Dialog
      isOpen
      onClose={() => onClose(result !== null)}
      size="lg"
      title={m.plans_shop_target_title()}
      footer={
        result ? (
          <Button variant="primary" onPress={() => onClose(true)}>
            {m.common_close()}
          </Button>
        ) : (
          <DialogFooter
            onCancel={() => onClose(false)}
            onConfirm={send}
            isDisabled={tooMany || planProducts.length === 0}
            confirmLabel={m.plans_shop_target_send()}
          />
        )
      }
    >
      <div className="plans-shop-target" data-testid="shop-target-dialog">
        <p>
          {m.plans_shop_target_limits({
            creators: formatNumber(SHOP_TARGET_CREATORS_MAX),
            products: formatNumber(SHOP_TARGET_PRODUCTS_MAX),
            per_call: formatNumber(SHOP_TARGET_PER_CALL),
          })}
        </p>
        <p data-testid="shop-target-selected">
          {m.plans_shop_target_selected({
            count: formatNumber(creatorIds.length),
            calls: formatNumber(callsFor(creatorIds.length)),
          })}
        </p>
        {tooMany && (
          <InlineAlert>
            {m.plans_shop_target_too_many({
              max: formatNumber(SHOP_TARGET_CREATORS_MAX),
              count: formatNumber(creatorIds.length),
            })}
          </InlineAlert>
        )}
        {offline && <InlineAlert>{m.plans_shop_target_offline()}</InlineAlert>}
        {result ? (
          <ShopTargetOutcome result={result} />
        ) : (
          <>
            {shops.length > 1 ? (
              <div className="cd-field">
                <Select
                  label={m.plans_shop_target_shop()}
                  items={shops.map((s) => ({ id: String(s.id), label: shopLabel(s) }))}
                  value={shop === null ? null : String(shop)}
                  onChange={(v) => {
                    setShop(Number(v));
                    rememberShop(shops, Number(v));
                  }}
                  placeholder={m.plans_shop_target_shop_choose()}
                  isRequired
                />
                {show(errors.shop) && <p className="cd-field__error">{errors.shop}</p>}
              </div>
            ) : (
              shops[0] && (
                <p data-testid="shop-target-shop">
                  {m.plans_shop_target_shop_only({ shop: shopLabel(shops[0]) })}
                </p>
              )
            )}
            <Field
              label={m.plans_shop_target_name()}
              value={name}
              onChange={setName}
              maxLength={SHOP_TARGET_NAME_MAX}
              errorMessage={show(errors.name)}
              isRequired
            />
            <Field
              label={m.plans_shop_target_message()}
              value={message}
              onChange={setMessage}
              maxLength={SHOP_TARGET_MESSAGE_MAX}
              multiline
              rows={3}
            />
            <div className="cd-field">
              <Input
                label={m.plans_shop_target_end()}
                type="date"
                value={end}
                min={window_.min}
                max={window_.max}
                onChange={(e) => setEnd(e.target.value)}
                isInvalid={Boolean(show(errors.end))}
                aria-describedby="shop-target-end-hint"
              />
              <p id="shop-target-end-hint" className={show(errors.end) ? 'cd-field__error' : 'plans-muted'}>
                {show(errors.end) ??
                  m.plans_shop_target_end_hint({
                    days: SHOP_TARGET_END_MARGIN_DAYS,
                    max: SHOP_TARGET_END_MAX_DAYS,
                  })}
              </p>
            </div>
            <fieldset className="plans-shop-target__products">
              <legend>{m.plans_shop_target_products({ max: formatNumber(SHOP_TARGET_PRODUCTS_MAX) })}</legend>
              {products && planProducts.length === 0 && (
                <InlineAlert>{m.plans_shop_target_no_products()}</InlineAlert>
              )}
              {planProducts.map((p) => {
                const id = Number(p.id);
                const title = String(p.product_title || p.product_id);
                const bad = tried && isChosen(id) && badRate(id);
                return (
                  <div key={id} className="plans-shop-target__product">
                    <CheckBox
                      isSelected={isChosen(id)}
                      onChange={(v) => setChosen((c) => ({ ...c, [id]: v }))}
                    >
                      {title}
                    </CheckBox>
                    <Field
                      label={m.plans_shop_target_rate({ product: title })}
                      value={rateText(id)}
                      onChange={(v) => setRates((r) => ({ ...r, [id]: v }))}
                      inputMode="decimal"
                      isDisabled={!isChosen(id)}
                      errorMessage={bad ? m.plans_shop_target_rate_invalid() : undefined}
                    />
                  </div>
                );
              })}
              {show(errors.products) && <InlineAlert>{errors.products}</InlineAlert>}
            </fieldset>
            <CheckBox isSelected={sample} onChange={setSample}>
              {m.plans_shop_target_free_sample()}
            </CheckBox>
            <Field
              label={m.plans_shop_target_email()}
              type="email"
              value={email}
              onChange={setEmail}
              maxLength={254}
              errorMessage={show(errors.email)}
              isRequired
            />
            <Refusal refused={refused} />
          </>
        )}
      </div>
    </Dialog>
  );
}
