/**
 * Settings → TikTok Shop (/settings/shop): the workspace's Partner Center app, this install's
 * callback address and "Authorize", and the connected shops with their sync state. Every member
 * reads it; only the team admin changes it (the server decides: `can_manage`). The screen shows
 * only what the server answered; while it is open it reads the status again now and then (more
 * often right after a sync was asked for), so a finished sync shows its new time.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { Result } from '../../ui/Result.tsx';
import { ConnectPanel } from './ConnectPanel.tsx';
import { CredentialsPanel } from './CredentialsPanel.tsx';
import { ShopCard } from './ShopCard.tsx';
import { shopStatus, shopStatusQuiet, type ShopStatus } from './shop-api.ts';
import { consentReturn, listedShops, type ConsentReturn } from './shop-rules.ts';
import { publishShopStatus } from './shop-status-store.ts';
import './shop.css';

/** While open, the status is read again this often; right after a change, faster for a minute. */
const SLOW_MS = 30_000;
const FAST_MS = 2_000;
const FAST_FOR_MS = 60_000;

function ConsentNote({ outcome }: { outcome: ConsentReturn }) {
  if (!outcome) return null;
  if (outcome.kind === 'connected')
    return (
      <p role="status" className="shop-note shop-note--ok" data-testid="shop-consent-note">
        {m.shop_connected_note({ count: String(outcome.count) })}
      </p>
    );
  const key = `shop_callback_error_${outcome.code}` as const;
  return (
    <div data-testid="shop-consent-note">
      <InlineAlert hint={m[key]()}>{m.shop_callback_failed()}</InlineAlert>
    </div>
  );
}

export function ShopScreen() {
  const [status, setStatus] = useState<ShopStatus | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  // The consent's outcome is read once from the address, then the address is cleaned so a reload
  // does not announce it again.
  const [outcome] = useState(() => consentReturn(location.search));
  const fastUntil = useRef(outcome ? Date.now() + FAST_FOR_MS : 0);

  useEffect(() => {
    if (location.search) navigate(location.pathname, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const show = useCallback((s: ShopStatus) => {
    setStatus(s);
    publishShopStatus(s);
  }, []);
  const changed = useCallback(
    (s: ShopStatus) => {
      fastUntil.current = Date.now() + FAST_FOR_MS;
      show(s);
    },
    [show],
  );

  // The server words a stop and a sync error in the request's language: a switch reads them again.
  const locale = useLocale();
  const load = useCallback(() => {
    setFailed(false);
    shopStatus()
      .then(show)
      .catch(() => setFailed(true));
  }, [show]);
  useEffect(() => load(), [load, locale]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const tick = () => {
      const wait = Date.now() < fastUntil.current ? FAST_MS : SLOW_MS;
      timer = setTimeout(() => {
        if (document.visibilityState === 'visible')
          shopStatusQuiet()
            .then((s) => live && show(s))
            .catch(() => undefined);
        if (live) tick();
      }, wait);
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [show]);

  if (!status) {
    return (
      <div className="screen-panel shop">
        {failed ? (
          <Result status="error" extra={<Button onPress={load}>{m.shop_retry()}</Button>} />
        ) : (
          <p className="shop-muted">{m.common_loading()}</p>
        )}
      </div>
    );
  }

  const shops = listedShops(status);
  const admin = status.can_manage === 1;
  return (
    <div className="shop">
      <ConsentNote outcome={outcome} />
      {!admin && <p className="shop-note">{m.shop_readonly_note()}</p>}
      {admin && status.secrets_ready === 0 && <InlineAlert>{m.shop_secrets_missing()}</InlineAlert>}
      <CredentialsPanel status={status} onStatus={changed} />
      <ConnectPanel status={status} />
      <section className="screen-panel shop-panel" aria-labelledby="shop-list-title">
        <h2 id="shop-list-title" className="shop-heading">
          {m.shop_shops_heading()}
        </h2>
        {shops.length === 0 ? (
          <p className="shop-muted">{m.shop_none()}</p>
        ) : (
          <div className="shop-list">
            {shops.map((s) => (
              <ShopCard key={s.id} shop={s} canManage={admin} onStatus={changed} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
