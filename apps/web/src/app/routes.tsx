import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { LoadingFallback } from '@/components/layout/loading-fallback';
import { RouteError } from '@/components/layout/route-error';
import { RootLayout } from './layouts/root-layout.tsx';
import { ProtectedLayout } from './layouts/protected-layout.tsx';

/** A lazily loaded page: the module is fetched on first visit, 'Loading...' shows meanwhile. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: () => load().then((module) => ({ Component: pick(module) })) };
}

const ordersPage = page(
  () => import('@/features/orders/orders-page'),
  (m) => m.OrdersPage,
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
        ...page(
          () => import('@/features/registration/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: paths.bcRedirect,
        ...page(
          () => import('@/features/marketplace/bc-redirect-page'),
          (m) => m.BcRedirectPage,
        ),
      },
      {
        path: paths.bcInstructionGuide,
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
              { index: true, ...ordersPage },
              { path: paths.orders, ...ordersPage },
              {
                path: paths.orderAdd,
                ...page(
                  () => import('@/features/orders/order-add-page'),
                  (m) => m.OrderAddPage,
                ),
              },
              {
                path: paths.orderView,
                ...page(
                  () => import('@/features/orders/order-view-page'),
                  (m) => m.OrderViewPage,
                ),
              },
              { path: paths.ordersByStatus, ...ordersPage },
              {
                path: paths.orderAction,
                ...page(
                  () => import('@/features/orders/order-action-page'),
                  (m) => m.OrderActionPage,
                ),
              },
              {
                path: paths.dashboard,
                ...page(
                  () => import('@/features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: paths.welcome,
                ...page(
                  () => import('@/features/welcome/welcome-page'),
                  (m) => m.WelcomePage,
                ),
              },
              {
                path: paths.stores,
                ...page(
                  () => import('@/features/stores/stores-page'),
                  (m) => m.StoresPage,
                ),
              },
              {
                path: paths.shipRule,
                ...page(
                  () => import('@/features/ship-rule/ship-rule-page'),
                  (m) => m.ShipRulePage,
                ),
              },
              {
                path: paths.settings,
                ...page(
                  () =>
                    Promise.all([import('@/features/settings/settings-page'), import('@/features/users/users-tab')]),
                  ([settings, users]) =>
                    function SettingsRoute() {
                      return <settings.SettingsPage usersTab={<users.UsersTab />} />;
                    },
                ),
              },
              { path: paths.reports, ...comingSoonPage },
              { path: paths.imports, ...comingSoonPage },
              {
                path: paths.addons,
                ...page(
                  () => import('@/features/addons/addons-page'),
                  (m) => m.AddonsPage,
                ),
              },
              {
                path: paths.switchApps,
                ...page(
                  () => import('@/features/switch-apps/switch-apps-page'),
                  (m) => m.SwitchAppsPage,
                ),
              },
              {
                path: '*',
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
