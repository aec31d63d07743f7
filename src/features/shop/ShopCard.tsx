/**
 * One connected shop: name, code, region and the workspace country it syncs into, its state (a
 * stopped shop says why and what to do next), and per data kind the last successful sync, lines
 * synced, next run and last error with its code. Any member may ask for a sync now; the admin may
 * disconnect (confirmed first).
 */
import { useState } from 'react';
import type { ShopKindStatus, ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { countryName } from '../../ui/CountrySelect.tsx';
import { useConfirmedAction, useInFlight } from '../../ui/Dialog.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Tag, type TagTone } from '../../ui/StatusTag.tsx';
import { toast } from '../../ui/toast-queue.ts';
import { Refusal, type Refused } from './Refusal.tsx';
import { disconnectShop, syncNow, type StatusEnvelope } from './shop-api.ts';
import { countryOf } from './shop-rules.ts';

const KIND_NAMES: Record<string, () => string> = {
  tokens: m.shop_kind_name_tokens,
  shops: m.shop_kind_name_shops,
  orders: m.shop_kind_name_orders,
  samples: m.shop_kind_name_samples,
  content: m.shop_kind_name_content,
  outreach_quota: m.shop_kind_name_outreach_quota,
  marketplace_creators: m.shop_kind_name_marketplace_creators,
};
const kindName = (kind: string): string => KIND_NAMES[kind]?.() ?? kind;

const STATUS: Record<ShopView['status'], { tone: TagTone; label: () => string }> = {
  active: { tone: 'green', label: m.shop_status_active },
  stopped: { tone: 'red', label: m.shop_status_stopped },
  disconnected: { tone: 'off', label: m.shop_status_disconnected },
};

const when = (t: number): string => (t > 0 ? formatDateTime(t) : m.shop_kind_never());

function KindRow({ k }: { k: ShopKindStatus }) {
  return (
    <div className="shop-kind" data-testid={`shop-kind-${k.kind}`}>
      <h4 className="shop-kind__name">
        {kindName(k.kind)}
        {k.running === 1 && <span className="shop-muted"> · {m.shop_kind_running()}</span>}
      </h4>
      <dl className="shop-facts shop-facts--kind">
        <dt>{m.shop_kind_last_success()}</dt>
        <dd data-testid="shop-kind-last-success">{when(k.last_success_at)}</dd>
        <dt>{m.shop_kind_lines()}</dt>
        <dd>{formatNumber(k.lines_synced)}</dd>
        <dt>{m.shop_kind_next()}</dt>
        <dd>{k.next_run_at > 0 ? formatDateTime(k.next_run_at) : '-'}</dd>
        <dt>{m.shop_kind_error()}</dt>
        <dd>
          {k.last_error_code
            ? m.shop_error_line({ msg: k.last_error_msg || k.last_error_code, code: k.last_error_code })
            : m.shop_kind_no_error()}
          {k.last_error_code && k.last_error_at > 0 && (
            <span className="shop-muted"> · {formatDateTime(k.last_error_at)}</span>
          )}
        </dd>
      </dl>
    </div>
  );
}

export function ShopCard({
  shop,
  canManage,
  onStatus,
}: {
  shop: ShopView;
  canManage: boolean;
  onStatus: (s: ShopStatus) => void;
}) {
  const [refused, setRefused] = useState<Refused | null>(null);
  const settle = (env: StatusEnvelope | null) => {
    if (!env) return;
    if (env.code !== 200) return setRefused({ code: env.code, msg: env.msg });
    setRefused(null);
    onStatus(env.data);
    if (env.msg) toast.success(env.msg);
  };
  const sync = useInFlight(async () => settle(await syncNow(shop.id).catch(() => null)));
  const disconnect = useConfirmedAction(
    () => ({ message: m.shop_disconnect_confirm({ shop: shop.shop_name }), tone: 'danger' }),
    async () => settle(await disconnectShop(shop.id).catch(() => null)),
  );
  const country = countryOf(shop);
  const state = STATUS[shop.status];
  const titleId = `shop-${shop.id}-title`;

  return (
    <article className="shop-card" aria-labelledby={titleId} data-testid="shop-card">
      <header className="shop-card__head">
        <h3 id={titleId} className="shop-card__title">
          {shop.shop_name}
        </h3>
        <Tag tone={state.tone}>{state.label()}</Tag>
      </header>
      <p className="shop-card__region" data-testid="shop-region">
        {country
          ? m.shop_region_country({ region: shop.region, country: countryName(country) })
          : m.shop_region_unserved({ region: shop.region })}
      </p>
      {shop.status === 'stopped' && <InlineAlert hint={shop.stop_code}>{shop.stop_msg}</InlineAlert>}
      <dl className="shop-facts">
        <dt>{m.shop_code_label()}</dt>
        <dd>{shop.shop_code || '-'}</dd>
        {shop.seller_name && (
          <>
            <dt>{m.shop_seller_label()}</dt>
            <dd>{shop.seller_name}</dd>
          </>
        )}
        <dt>{m.shop_connected_at()}</dt>
        <dd>{formatDateTime(shop.connect_time)}</dd>
        {shop.authorization_expires_at > 0 && (
          <>
            <dt>{m.shop_auth_expires()}</dt>
            <dd>{formatDateTime(shop.authorization_expires_at)}</dd>
          </>
        )}
      </dl>
      {shop.kinds.length > 0 ? (
        <div className="shop-kinds">
          {shop.kinds.map((k) => (
            <KindRow key={k.kind} k={k} />
          ))}
        </div>
      ) : (
        <p className="shop-muted">{m.shop_kind_none()}</p>
      )}
      <Refusal refused={refused} />
      <div className="shop-actions">
        {shop.status === 'active' && (
          <Button
            variant="primary"
            aria-describedby={titleId}
            isLoading={sync.busy}
            onPress={() => sync.run()}
          >
            {m.shop_sync_now()}
          </Button>
        )}
        {canManage && shop.status !== 'disconnected' && (
          <Button
            variant="danger"
            aria-describedby={titleId}
            isLoading={disconnect.busy}
            onPress={() => disconnect.run()}
          >
            {m.shop_disconnect()}
          </Button>
        )}
      </div>
    </article>
  );
}
