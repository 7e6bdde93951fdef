import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { RouteError } from './route-error';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

/** A route whose page chunk a deployment replaced, as the browser reports it. */
function renderStaleRoute() {
  const router = createMemoryRouter(
    [
      {
        path: '/orders/view/:id',
        errorElement: <RouteError />,
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/order-view.js')),
      },
    ],
    { initialEntries: ['/orders/view/7'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it('reloads once for a page chunk a new deployment replaced, then shows the error page if it is still missing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStaleRoute();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    // The reload was asked for (jsdom does not navigate): the tab remembers it. The page asks in an effect, after the
    // status is drawn.
    await waitFor(() => expect(Number(sessionStorage.getItem('newBuildReloadAt'))).toBeGreaterThan(Date.now() - 5_000));

    // After the reload the chunk is still missing: no second reload, the error page with its way out.
    renderStaleRoute();
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText(/A newer version of Shipdesk is available/)).toBeInTheDocument();
  });
});
