/**
 * The signed-in shell: header (brand, nine-entry menu, sync status, language,
 * user menu), the stopped-shop banner (loaded after the first paint), the persistent notices of refused changes, one scrolling content area with
 * back-to-top, the footer, and the floating help button. Pages render into the Outlet; the scroller ref is the one BackToTop watches.
 */
import { useRef } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { ShopBannerSlot } from '../features/shop/ShopBannerSlot.tsx';
import { NoticeCenter } from '../features/sync/NoticeCenter.tsx';
import { SyncStatus } from '../features/sync/SyncStatus.tsx';
import { UserMenu } from '../features/account/UserMenu.tsx';
import { DueLink } from '../features/workbench/DueLink.tsx';
import { DueNotifier } from '../features/workbench/DueNotifier.tsx';
import { m } from '../paraglide/messages.js';
import { InAppLinks } from '../ui/in-app-link.tsx';
import { BackToTop } from './BackToTop.tsx';
import { Brand } from './Brand.tsx';
import { Footer } from './Footer.tsx';
import { HelpButton } from './HelpButton.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { MainLandmark } from './SkipLink.tsx';
import { TopMenu } from './TopMenu.tsx';

export function MainLayout() {
  const scroller = useRef<HTMLDivElement>(null);
  return (
    <div className="app-shell">
      <InAppLinks />
      <header className="app-header">
        <Link to="/home" className="app-brand-link" aria-label={m.app_brand()}>
          <Brand />
        </Link>
        <TopMenu />
        <div className="app-header-tools">
          <DueLink />
          <DueNotifier />
          <SyncStatus />
          <LanguageSwitch />
          <UserMenu />
        </div>
      </header>
      <ShopBannerSlot />
      <NoticeCenter />
      <div className="app-scroller" ref={scroller} data-testid="app-scroller">
        <MainLandmark className="app-content">
          <Outlet />
        </MainLandmark>
        <Footer />
      </div>
      <BackToTop scroller={scroller} />
      <HelpButton />
    </div>
  );
}
