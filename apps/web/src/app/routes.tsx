import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { LoadingFallback } from '@/components/layout/loading-fallback';
import { RouteError } from '@/components/layout/route-error';
import { RootLayout } from './layouts/root-layout.tsx';
import { ProtectedLayout } from './layouts/protected-layout.tsx';
import type { RouteHandle } from './route-title.ts';

/** A lazily loaded page: the module is fetched on first visit, 'Loading...' shows meanwhile. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: () => load().then((module) => ({ Component: pick(module) })) };
}

/** The route's name in the browser tab ('<title> · Shipdesk', see route-title.ts). */
function titled(title: string): { handle: RouteHandle } {
  return { handle: { title } };
}

// The order screens come with the labels' parts, composed in routes/orders.
const ordersPage = page(
  () => import('./routes/orders/orders-list-route.tsx'),
  (m) => m.OrdersListRoute,
);
const comingSoonPage = page(
  () => import('@/components/coming-soon'),
  (m) => m.ComingSoonPage,
);

/**
 * The route table of spec 2. Public routes render bare; every other path goes through ProtectedLayout
 * (sign-in, then the blank placeholder until the setup-guide call answers, then the sidebar and header).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: LoadingFallback,
    children: [
      // 2.1 public routes: no sidebar, no header, no sign-in.
      {
        path: paths.register,
        ...titled('Register'),
        ...page(
          () => import('@/features/registration/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: paths.bcRedirect,
        ...titled('App registered'),
        ...page(
          () => import('@/features/marketplace/bc-redirect-page'),
          (m) => m.BcRedirectPage,
        ),
      },
      {
        path: paths.bcInstructionGuide,
        ...titled('Installation guide'),
        ...page(
          () => import('@/features/marketplace/bc-instruction-guide-page'),
          (m) => m.BcInstructionGuidePage,
        ),
      },
      // 2.2 signed-in routes.
      {
        Component: ProtectedLayout,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, ...titled('Orders'), ...ordersPage },
              { path: paths.orders, ...titled('Orders'), ...ordersPage },
              {
                path: paths.orderAdd,
                ...titled('Add order'),
                ...page(
                  () => import('@/features/orders/order-add-page'),
                  (m) => m.OrderAddPage,
                ),
              },
              {
                path: paths.orderView,
                ...titled('Order'),
                ...page(
                  () => import('./routes/orders/order-view-route.tsx'),
                  (m) => m.OrderViewRoute,
                ),
              },
              { path: paths.ordersByStatus, ...titled('Orders'), ...ordersPage },
              {
                path: paths.orderAction,
                ...titled('Order'),
                ...page(
                  () => import('./routes/orders/order-view-route.tsx'),
                  (m) => m.OrderActionRoute,
                ),
              },
              {
                path: paths.dashboard,
                ...titled('Dashboard'),
                ...page(
                  () => import('@/features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: paths.problems,
                ...titled('Problems'),
                ...page(
                  () => import('@/features/parcel-problems/parcel-problems-page'),
                  (m) => m.ParcelProblemsPage,
                ),
              },
              {
                path: paths.endOfDay,
                ...titled('End of day'),
                ...page(
                  () => import('@/features/end-of-day/end-of-day-page'),
                  (m) => m.EndOfDayPage,
                ),
              },
              {
                path: paths.welcome,
                ...titled('Welcome'),
                ...page(
                  () => import('@/features/welcome/welcome-page'),
                  (m) => m.WelcomePage,
                ),
              },
              {
                path: paths.stores,
                ...titled('Stores'),
                ...page(
                  () => import('@/features/stores/stores-page'),
                  (m) => m.StoresPage,
                ),
              },
              {
                path: paths.shipRule,
                ...titled('Shipping rules'),
                ...page(
                  () => import('@/features/ship-rule/ship-rule-page'),
                  (m) => m.ShipRulePage,
                ),
              },
              {
                path: paths.settings,
                ...titled('Settings'),
                ...page(
                  () =>
                    Promise.all([import('@/features/settings/settings-page'), import('@/features/users/users-tab')]),
                  ([settings, users]) =>
                    function SettingsRoute() {
                      return <settings.SettingsPage usersTab={<users.UsersTab />} />;
                    },
                ),
              },
              { path: paths.reports, ...titled('Reports'), ...comingSoonPage },
              { path: paths.imports, ...titled('Imports'), ...comingSoonPage },
              {
                path: paths.addons,
                ...titled('Add-ons'),
                ...page(
                  () => import('@/features/addons/addons-page'),
                  (m) => m.AddonsPage,
                ),
              },
              {
                path: paths.switchApps,
                ...titled('Switch apps'),
                ...page(
                  () => import('@/features/switch-apps/switch-apps-page'),
                  (m) => m.SwitchAppsPage,
                ),
              },
              {
                path: '*',
                ...titled('Page not found'),
                ...page(
                  () => import('@/components/not-found-page'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];
