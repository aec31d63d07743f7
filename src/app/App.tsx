/**
 * The router and the app-wide pieces around it: the route table, the guards and
 * the error boundary. Every page is its own chunk, and so is the signed-in layout (header, sync
 * status, user menu, with IndexedDB and the API client behind them): the signed-out pages never
 * download it. Signed-in routes carry `handle.menu`, the top menu's meta key.
 */
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { ErrorBoundary, RouteError } from './ErrorBoundary.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { screenLoadedLater } from './ScreenLoadedLater.tsx';
import { SkipLink } from './SkipLink.tsx';
import { SHOP_SETTINGS_ROUTE, type MenuKey, type RouteHandle } from './route-table.ts';
import { BusyLabel } from '../ui/BusyLabel.tsx';
import { toast } from '../ui/toast-queue.ts';
import './layout.css';

type PageModule = { default: ComponentType };
/** A page whose chunk could not be downloaded says so in its place and opens once it can. */
const page = (load: () => Promise<PageModule>) => async () => {
  try {
    return { Component: (await load()).default };
  } catch {
    return { Component: screenLoadedLater(load) };
  }
};

const signedIn = (path: string, menu: MenuKey | undefined, load: () => Promise<PageModule>): RouteObject => ({
  path,
  handle: { menu } satisfies RouteHandle,
  lazy: page(load),
});

export const ROUTES: RouteObject[] = [
  {
    element: <PageScope />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <div className="app-loading" aria-busy="true" />,
    children: [
      { path: '/', lazy: page(() => import('../routes/LandingRoute.tsx')) },
      { path: '/extension', lazy: page(() => import('../routes/ExtensionGuidePage.tsx')) },
      {
        element: <GuestOnlyOutlet />,
        children: [
          { path: '/login', lazy: page(() => import('../routes/LoginRoute.tsx')) },
          { path: '/register', lazy: page(() => import('../routes/RegisterRoute.tsx')) },
        ],
      },
      {
        element: <RequireAuthOutlet />,
        children: [
          {
            // Loaded beside the page's own chunk, not before it.
            lazy: async () => ({ Component: (await import('./MainLayout.tsx')).MainLayout }),
            children: [
              signedIn('/home', 'home', () => import('../routes/HomePage.tsx')),
              signedIn('/invited', 'invited', () => import('../routes/InvitedPage.tsx')),
              signedIn('/amateur', 'amateur', () => import('../routes/AmateurPage.tsx')),
              signedIn('/blacklist', 'blacklist', () => import('../routes/BlacklistPage.tsx')),
              signedIn('/chatTmp', 'chatTmp', () => import('../routes/ChatTmpPage.tsx')),
              signedIn('/topic', 'topic', () => import('../routes/TopicPage.tsx')),
              signedIn('/topicVideo', 'topic', () => import('../routes/TopicVideoPage.tsx')),
              signedIn('/topicInfluencer', 'topic', () => import('../routes/TopicInfluencerPage.tsx')),
              signedIn('/product', 'product', () => import('../routes/ProductPage.tsx')),
              signedIn('/tag', 'tag', () => import('../routes/TagPage.tsx')),
              signedIn('/team', 'team', () => import('../routes/TeamPage.tsx')),
              signedIn('/invite/:id', 'team', () => import('../routes/InvitePage.tsx')),
              signedIn('/vip', undefined, () => import('../routes/VipPage.tsx')),
              signedIn('/creator/:id', undefined, () => import('../routes/CreatorPage.tsx')),
              signedIn('/followups', 'followups', () => import('../routes/DuePage.tsx')),
              signedIn('/plans', 'plans', () => import('../routes/PlansPage.tsx')),
              signedIn(
                '/plans/samples-without-content',
                'plans',
                () => import('../routes/SamplesWithoutContentPage.tsx'),
              ),
              signedIn('/plans/sample-requests', 'plans', () => import('../routes/SampleRequestsPage.tsx')),
              signedIn('/plans/:id', 'plans', () => import('../routes/PlanPage.tsx')),
              signedIn(SHOP_SETTINGS_ROUTE, undefined, () => import('../routes/ShopSettingsPage.tsx')),
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('../routes/NotFoundPage.tsx')) },
    ],
  },
];

/** Toasts belong to their page: moving to another route closes the ones raised on the last. */
function PageScope() {
  const { pathname } = useLocation();
  useEffect(() => toast.leavePage(pathname), [pathname]);
  return (
    <>
      <Outlet />
      <BusyLabel />
    </>
  );
}

function RequireAuthOutlet() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

function GuestOnlyOutlet() {
  return (
    <GuestOnly>
      <Outlet />
    </GuestOnly>
  );
}

/*
 * Made on the first render, not when this module loads: the router starts the first navigation
 * (matching, the route's lazy chunks) as it is made, ~100 ms at 4× CPU that would otherwise join
 * the evaluation of every module of the entry in one main-thread task (docs/benchmarks.md).
 */
let router: ReturnType<typeof createBrowserRouter> | null = null;
const appRouter = () => (router ??= createBrowserRouter(ROUTES));

export function App() {
  return (
    <ErrorBoundary>
      <SkipLink />
      <RouterProvider router={appRouter()} />
    </ErrorBoundary>
  );
}
