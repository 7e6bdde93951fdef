/**
 * The build's render of the signed-in frame (docs/decisions.md, "The signed-in frame as HTML"): the app's own routes
 * and components, rendered with react-dom's prerender (which waits for every lazy part) as a user who is signed in but
 * not yet known, so the HTML is the same for everyone. scripts/render-frames.ts writes it into the route's HTML file;
 * the browser hydrates it (main.tsx). Runs in Node, never in the browser.
 */
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import storage from 'redux-persist/es/storage';
import { ORDER_STATUSES } from '@shipdesk/contract';
import { setAppConfig } from '@/config/app-config';
import { hrefs, paths } from '@/config/paths';
import { FrameRenderContext } from '@/features/auth/require-auth';
import { AuthStateContext, LOADING_SESSION } from '@/features/auth/auth-state';
import { SessionProvider } from '@/features/auth/session-provider';
import { FrameHydration } from '@/lib/hydration/frame-hydration';
import { createFrameEmotionCache, frameStyles } from '@/lib/theme/emotion-cache';

export { frameGlobalStyleTag } from '@/lib/theme/emotion-cache';
import { BaseProviders } from '../base-providers.tsx';
import { routes } from '../routes.tsx';
import { makeStore } from '../store.ts';
import { SignInLibrary } from '../sign-in-library.tsx';
import { Toasts } from '../toasts.tsx';
import { whenRouterReady } from './hydrate-frame.ts';

const ignore = () => undefined;

/** The deployment's addresses are not known at build time: the frame draws nothing that needs them. */
const NO_ADDRESSES = {
  oidcIssuer: '',
  oidcClientId: '',
  oidcAudience: '',
  ssoUrl: '',
  supportUrl: '',
  providerUrl: '',
};

interface RenderedFrame {
  /** The markup of `#root`. */
  html: string;
  /**
   * The emotion rules the markup uses, by name (for the browser's emotion cache), in the order first used; `global`
   * for a global style's (adopted by the browser's `<Global>` from an empty tag).
   */
  styles: Array<{ name: string; rules: string; global: boolean }>;
}

interface FrameRoute {
  /** The file under dist/frames. */
  name: string;
  /** The app path rendered. */
  path: string;
  /** The paths the server answers with it: exact, or ending in '/' for any one segment after it. */
  serves: string[];
  /** The page's module (as the build's manifest names it), whose code and CSS the HTML preloads. */
  module: string;
}

const ORDERS_MODULE = 'src/app/routes/orders/orders-list-route.tsx';

/** The pages opened first, whose HTML is their frame: the order list (each status tab), the dashboard, an order. */
export const FRAME_ROUTES: FrameRoute[] = [
  { name: 'orders', path: hrefs.orders(), serves: ['/', hrefs.orders()], module: ORDERS_MODULE },
  ...ORDER_STATUSES.map((status) => ({
    name: `orders-${status.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    path: hrefs.ordersByStatus(status),
    serves: [hrefs.ordersByStatus(status)],
    module: ORDERS_MODULE,
  })),
  {
    name: 'dashboard',
    path: paths.dashboard,
    serves: [paths.dashboard],
    module: 'src/features/dashboard/dashboard-page.tsx',
  },
  {
    name: 'order-view',
    path: hrefs.orderView(0),
    serves: [hrefs.orderView('')],
    module: 'src/app/routes/orders/order-view-route.tsx',
  },
];

/** Renders the signed-in frame of `path` (a path of the app, e.g. '/orders'). */
export async function renderFrame(path: string): Promise<RenderedFrame> {
  setAppConfig(NO_ADDRESSES);
  // The browser's own router component over a router in memory (the same tree, so the same `useId`s), once it has
  // loaded the page's lazy module.
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await whenRouterReady(router);
  const cache = createFrameEmotionCache();
  const { prelude } = await prerender(
    <FrameHydration hydrating>
      <BaseProviders store={makeStore(storage)} cache={cache}>
        <FrameRenderContext.Provider value={true}>
          <AuthStateContext.Provider value={LOADING_SESSION}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </AuthStateContext.Provider>
        </FrameRenderContext.Provider>
        <Toasts />
        <SignInLibrary config={NO_ADDRESSES} onChange={ignore} />
      </BaseProviders>
    </FrameHydration>,
  );
  router.dispose();
  const html = await new Response(prelude).text();
  return { html, styles: frameStyles(cache) };
}
