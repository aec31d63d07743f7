/**
 * The user menu: avatar, greeting with member name or phone, login time, the
 * tier (and VIP end date, from GET /member/info), and the entries redeem VIP, change password,
 * connect the browser extension and log out (confirmed first; GET /member/logout, then the session is cleared).
 */
import { lazy, memo, Suspense, useEffect, useState, type Key } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { SHOP_SETTINGS_ROUTE } from '../../app/route-table.ts';
import { getSession } from '../../api/session.ts';
import { formatDate, formatDateTime } from '../../i18n/format.ts';
import { confirm, preloadConfirm } from '../../ui/confirm.tsx';
import { m } from '../../paraglide/messages.js';
import { logout, memberInfo, type MemberInfo } from './account-api.ts';
import { Avatar } from './Avatar.tsx';
import { installForceLogout } from './force-logout.ts';
import { leaveSession } from './logout.ts';
import { unsentChanges } from './unsent.ts';
import { onMemberChanged } from '../vip/member-events.ts';
import { rememberTier } from '../vip/tier.ts';
import './account.css';

type Open = 'vip' | 'password' | 'extension' | null;
/** Menu entries that open a page rather than a dialog. */
const PAGES: Record<string, string> = { shop: SHOP_SETTINGS_ROUTE };

// The two dialogs load when their entry is chosen, not with every signed-in page (the JavaScript budget of a cold load).
const VipDialog = lazy(() => import('./VipDialog.tsx').then((mod) => ({ default: mod.VipDialog })));
const ExtensionDialog = lazy(() =>
  import('./ExtensionDialog.tsx').then((mod) => ({ default: mod.ExtensionDialog })),
);
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog.tsx').then((mod) => ({ default: mod.ChangePasswordDialog })),
);

// Every signed-in surface (the main layout, the landing page signed in) shows this menu, and only
// they make calls that can meet a force-logout code or run the sync worker: the handler comes
// with the menu, so signed-out pages never load the client and sync code behind it.
installForceLogout();

/**
 * `useNavigate` reads the route's context, which changes with every page opened; the menu itself
 * (react-aria's trigger and button) takes the navigate function, which stays the same, and so does
 * not render again on every navigation.
 */
export function UserMenu() {
  return <UserMenuView navigate={useNavigate()} />;
}

const UserMenuView = memo(function UserMenuView({ navigate }: { navigate: NavigateFunction }) {
  const session = getSession();
  const [info, setInfo] = useState<MemberInfo | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [infoVersion, setInfoVersion] = useState(0);

  useEffect(() => {
    let live = true;
    memberInfo()
      .then((data) => {
        rememberTier(data.vip); // the limits other screens state and check (vip/tier.ts)
        if (live) setInfo(data);
      })
      .catch(() => undefined); // no tier shown; a force-logout code is handled by the client
    return () => {
      live = false;
    };
  }, [infoVersion]);
  // A redeem elsewhere (the /vip page) changes the tier shown here.
  useEffect(() => onMemberChanged(() => setInfoVersion((v) => v + 1)), []);
  // Logging out asks first, and may be asked offline (unsent changes): its dialog is fetched now.
  useEffect(() => {
    const t = setTimeout(preloadConfirm, 1500);
    return () => clearTimeout(t);
  }, []);

  if (!session.token) return null;
  const name = session.member_name || session.phone || info?.email || '';

  async function onLogout() {
    const unsent = await unsentChanges();
    const ok = await confirm({
      title: m.account_logout_title(),
      message: unsent > 0 ? m.account_logout_unsent({ count: unsent }) : m.account_logout_confirm(),
    });
    if (!ok) return;
    try {
      await logout();
    } catch {
      // signing out locally is what matters; a dead network must not trap the user
    }
    leaveSession();
  }

  function onAction(key: Key) {
    if (key === 'logout') void onLogout();
    else if (typeof key === 'string' && PAGES[key]) navigate(PAGES[key]);
    else setOpen(key as Open);
  }

  const vip = info?.vip.tier === 'vip';
  return (
    <>
      <MenuTrigger>
        {/* Named by what it shows, then what it is (WCAG 2.5.3: the name starts with the visible text). */}
        <Button className="account-menu-trigger">
          <Avatar name={session.member_name || session.phone} />
          <span className="account-menu-name">{name}</span>
          <span className="cd-visually-hidden">{`, ${m.account_menu_label()}`}</span>
        </Button>
        <Popover placement="bottom end" className="account-menu-popover">
          <div className="account-menu-head">
            <div className="account-menu-greeting">{m.account_greeting({ name })}</div>
            <div className="account-menu-meta">
              {m.account_login_time({ time: formatDateTime(session.login_time) })}
            </div>
            {info && (
              <div className={vip ? 'account-tier is-vip' : 'account-tier'} data-testid="account-tier">
                {vip
                  ? m.account_tier_vip_until({ date: formatDate(info.vip.end_time) })
                  : m.account_tier_normal()}
              </div>
            )}
          </div>
          <Menu className="account-menu" onAction={onAction} aria-label={m.account_menu_label()}>
            <MenuItem id="vip" className="account-menu-item">
              {m.account_menu_vip()}
            </MenuItem>
            <MenuItem id="password" className="account-menu-item">
              {m.account_menu_password()}
            </MenuItem>
            <MenuItem id="extension" className="account-menu-item">
              {m.ext_menu()}
            </MenuItem>
            <MenuItem id="shop" className="account-menu-item">
              {m.account_menu_shop()}
            </MenuItem>
            <MenuItem id="logout" className="account-menu-item is-danger">
              {m.account_menu_logout()}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Suspense fallback={null}>
        {open === 'vip' && (
          <VipDialog
            isOpen
            onClose={() => setOpen(null)}
            phone={session.phone ?? ''}
            onRedeemed={() => setInfoVersion((v) => v + 1)}
          />
        )}
        {open === 'extension' && <ExtensionDialog onClose={() => setOpen(null)} />}
        {open === 'password' && (
          <ChangePasswordDialog isOpen onClose={() => setOpen(null)} phone={session.phone ?? ''} />
        )}
      </Suspense>
    </>
  );
});
