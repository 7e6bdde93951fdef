import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AuthContextProps } from 'react-oidc-context';
import { AuthStateContext } from '@/features/auth/auth-state';
import { configureStore } from '@reduxjs/toolkit';
import { ThemeProvider } from '@mui/material/styles';
import { setAppConfig } from '@/config/app-config';
import { SessionContext } from '@/features/auth/session-context';
import { appTheme } from '@/lib/theme/theme';
import { setupGuideLoaded } from '@/lib/state/setup-guide-slice';
import { rootReducer } from './store.ts';
import { api } from '@/lib/api/base-api';
import { routes } from './routes.tsx';

const config = {
  oidcIssuer: 'http://sso.test',
  oidcClientId: 'shipdesk-web',
  oidcAudience: 'https://api.shipdesk.local',
  ssoUrl: 'http://sso.test',
  supportUrl: 'https://support.example.com',
  providerUrl: 'https://provider.example.com',
};

function fakeAuth(overrides: Partial<AuthContextProps>): AuthContextProps {
  return {
    isLoading: false,
    isAuthenticated: false,
    signinRedirect: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => null),
    removeUser: vi.fn(async () => undefined),
    events: { addAccessTokenExpired: () => () => undefined },
    ...overrides,
  } as unknown as AuthContextProps;
}

const signedIn = () =>
  fakeAuth({
    isAuthenticated: true,
    user: {
      access_token: 't',
      profile: { sub: 'u1', email: 'ann@example.com', name: 'Ann Smith', org_id: 'o1', role_id: 2 },
    } as unknown as AuthContextProps['user'],
  });

function renderAt(path: string, auth: AuthContextProps, setupDone = false) {
  const store = configureStore({ reducer: rootReducer, middleware: (gdm) => gdm().concat(api.middleware) });
  if (setupDone) store.dispatch(setupGuideLoaded({ connectStore: true }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <ThemeProvider theme={appTheme()}>
        <AuthStateContext.Provider value={auth}>
          <SessionContext.Provider value={{ logout: vi.fn(async () => undefined) }}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        </AuthStateContext.Provider>
      </ThemeProvider>
    </Provider>,
  );
  return { store, router };
}

beforeEach(() => {
  setAppConfig(config);
  // The start-up loads answer like a reachable server with nothing set up yet.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/call/setupGuide') {
        return Response.json({
          code: 200,
          success: true,
          data: { steps: { connectStore: false }, completed: 0, total: 1 },
        });
      }
      return Response.json({ code: 503, success: false, message: 'unavailable' }, { status: 503 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.title = 'Shipdesk';
});

/** Every route's title in the browser tab. */
const TITLES: Array<[string, string]> = [
  ['/', 'Orders · Shipdesk'],
  ['/orders', 'Orders · Shipdesk'],
  ['/orders/Completed', 'Orders · Shipdesk'],
  ['/orders/add', 'Add order · Shipdesk'],
  ['/orders/view/12', 'Order · Shipdesk'],
  ['/orders/edit/12', 'Order · Shipdesk'],
  // An order action that does not exist is the not-found page, and says so (the page's title wins).
  ['/orders/nonsense/12', 'Page not found · Shipdesk'],
  ['/dashboard', 'Dashboard · Shipdesk'],
  ['/stores', 'Stores · Shipdesk'],
  ['/ship_rule', 'Shipping rules · Shipdesk'],
  ['/settings', 'Settings · Shipdesk'],
  ['/settings/labels', 'Settings · Shipdesk'],
  ['/switch_apps', 'Switch apps · Shipdesk'],
  ['/no/such/page', 'Page not found · Shipdesk'],
  ['/register', 'Register · Shipdesk'],
  ['/bc_instruction_guide', 'Installation guide · Shipdesk'],
];

describe('routes', () => {
  it('public routes render without sign-in, sidebar or header', async () => {
    const auth = fakeAuth({});
    renderAt('/bc_redirect', auth);
    expect(await screen.findByText('App has been successfully registered.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
    expect(auth.signinRedirect).not.toHaveBeenCalled();
  });

  it('a protected path sends an unauthenticated visitor to sign in with returnTo', async () => {
    const auth = fakeAuth({});
    renderAt('/orders/view/12?tab=notes', auth);
    await waitFor(() =>
      expect(auth.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/orders/view/12?tab=notes' } }),
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('before the setup call answers, a signed-in path is a blank placeholder', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    renderAt('/dashboard', signedIn());
    expect(await screen.findByTestId('blank-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();
  });

  it('after the setup call, the shell shows the menu, footer and support button', async () => {
    renderAt('/nope', signedIn());
    // The setup guide opens by itself (a step is not done); it is not modal, so the rest stays reachable.
    expect(await screen.findByText('Steps completed : 0/5')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    for (const title of ['Dashboard', 'Orders', 'Stores', 'Ship Rule', 'Switch Apps', 'Settings']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('version 1.6')).toBeInTheDocument();
    // The support form is told which page the seller was on.
    expect(screen.getByRole('link', { name: /Report an Issue/ })).toHaveAttribute(
      'href',
      `https://support.example.com/?from=${encodeURIComponent(`${window.location.origin}/nope`)}`,
    );
    expect(screen.getByRole('link', { name: 'Shipdesk' })).toHaveAttribute('href', 'https://provider.example.com');
    // Unknown path -> the not-found page inside the shell.
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });

  it.each(TITLES)('%s names the browser tab %j', async (path, title) => {
    renderAt(path, signedIn(), true);
    // The page's module is loaded on first visit: on a busy machine that takes more than waitFor's one second.
    await waitFor(() => expect(document.title).toBe(title), { timeout: 5_000 });
  });

  it('the title follows a navigation inside the app', async () => {
    const { router } = renderAt('/dashboard', signedIn(), true);
    await waitFor(() => expect(document.title).toBe('Dashboard · Shipdesk'));
    await router.navigate('/stores');
    await waitFor(() => expect(document.title).toBe('Stores · Shipdesk'));
  });

  it('a page that throws shows the route error inside the shell', async () => {
    const { router } = renderAt('/dashboard', signedIn(), true);
    await screen.findByRole('navigation', { name: 'Sections' });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    router.patchRoutes(null, [
      {
        path: '/boom',
        Component: () => {
          throw new Error('boom');
        },
      },
    ]);
    await router.navigate('/boom');
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    spy.mockRestore();
  });
});
