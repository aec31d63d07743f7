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
import { Icon } from '../../ui/Icon.tsx';
import type { ShopStatus, ShopView } from '../../../contract/schemas/shop.ts';
import { request } from '../../api/client.ts';
import { lastShopStatus, onShopStatus, publishShopStatus, stoppedShops } from './shop-status-store.ts';
import './shop.css';

const CHECK_GAP_MS = 15_000;

// By path, not through the contract's endpoint: that would bring the shop schemas (and zod) into
// every signed-in page. Silent: a failed background check leaves the last answer shown.
const shopStatusQuiet = () => request<ShopStatus>('GET', '/shop/status', {}, { silent: true });
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
      .catch(() => undefined);
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

  const groups = byReason(stoppedShops(status));
  const admin = status?.can_manage === 1;
  return (
    // Always present, so a screen reader hears a banner that appears while the member works; one
    // box (and one link) however many shops stopped, one line per reason.
    <div role="status" className={groups.length ? 'shop-banner' : undefined} data-testid="shop-banner">
      {groups.length > 0 && (
        <div className="cd-inline-alert">
          <Icon name="warning" className="cd-inline-alert__icon" />
          <div className="cd-inline-alert__text">
            {groups.map((g) => (
              <p key={g.msg} className="shop-banner__line">
                <strong>{m.shop_banner_title({ shop: g.names.join(', ') })}</strong> {g.msg}
              </p>
            ))}
            {!admin && <span className="cd-inline-alert__hint">{m.shop_banner_member_hint()}</span>}
          </div>
          {admin && (
            <div className="cd-inline-alert__action">
              <Link to={SHOP_SETTINGS_ROUTE}>{m.shop_banner_open()}</Link>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** Stopped shops grouped by their reason (the server's words), in the order they come. */
function byReason(shops: ShopView[]): { msg: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const s of shops) groups.set(s.stop_msg, [...(groups.get(s.stop_msg) ?? []), s.shop_name]);
  return [...groups].map(([msg, names]) => ({ msg, names }));
}
