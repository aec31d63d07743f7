/**
 * The stopped-shop banner: on every signed-in screen, to every member, while a shop's sync is
 * stopped (a failed refresh, a revoked authorization, a missing scope, a refused signature:
 * whatever /shop/status reports), with the server's words for why and what to do next, and for
 * the admin a link to Settings → TikTok Shop. The layout loads this after the first paint
 * (ShopBannerSlot.tsx); it checks on mount, when the member moves to another screen or comes back
 * to the tab (at most every CHECK_GAP_MS), every few minutes, and again when the language changes
 * (the reason comes in the request's language). It shows the settings screen's reads at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SHOP_SETTINGS_ROUTE } from '../../app/route-table.ts';
import { useLocale } from '../../i18n/LocaleProvider.tsx';
import { m } from '../../paraglide/messages.js';
import { InlineAlert } from '../../ui/InlineAlert.tsx';
import { shopStatusQuiet, type ShopStatus } from './shop-api.ts';
import { lastShopStatus, onShopStatus, publishShopStatus, stoppedShops } from './shop-status-store.ts';
import './shop.css';

const CHECK_GAP_MS = 15_000;
const CHECK_EVERY_MS = 5 * 60_000;

export default function ShopBanner() {
  const [status, setStatus] = useState<ShopStatus | null>(lastShopStatus);
  const { pathname } = useLocation();
  const locale = useLocale();
  const lastCheck = useRef(0);
  const lastLocale = useRef(locale);

  useEffect(() => onShopStatus(setStatus), []);

  // A check when the screen or the language changes (throttled: moving between screens is cheap).
  useEffect(() => {
    const languageChanged = lastLocale.current !== locale;
    lastLocale.current = locale;
    if (!languageChanged && Date.now() - lastCheck.current < CHECK_GAP_MS) return;
    lastCheck.current = Date.now();
    shopStatusQuiet()
      .then(publishShopStatus)
      .catch(() => undefined); // a failed background check leaves the last answer shown
  }, [pathname, locale]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck.current < CHECK_GAP_MS) return;
      lastCheck.current = Date.now();
      shopStatusQuiet()
        .then(publishShopStatus)
        .catch(() => undefined);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);

  const stopped = stoppedShops(status);
  const admin = status?.can_manage === 1;
  return (
    // Always present, so a screen reader hears a banner that appears while the member works.
    <div role="status" className={stopped.length ? 'shop-banner' : undefined} data-testid="shop-banner">
      {stopped.map((s) => (
        <InlineAlert
          key={s.id}
          hint={admin ? undefined : m.shop_banner_member_hint()}
          action={admin ? <Link to={SHOP_SETTINGS_ROUTE}>{m.shop_banner_open()}</Link> : undefined}
        >
          <strong>{m.shop_banner_title({ shop: s.shop_name })}</strong> {s.stop_msg}
        </InlineAlert>
      ))}
    </div>
  );
}
