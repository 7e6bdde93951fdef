import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { OrdersPage } from './orders-page';
import { orderList, serveOrderList, summary } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderList() {
  serveOrderList(orderList([summary({ id: '1' }), summary({ id: '2' }), summary({ id: '3' })]));
  const { router } = renderRoutes(
    [
      { path: '/orders', Component: OrdersPage },
      { path: '/orders/view/:id', element: <h1>Order view</h1> },
    ],
    '/orders',
  );
  await screen.findByRole('link', { name: 'SO-1001' });
  const rows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-order-id'));
  return { router, rows, user: userEvent.setup() };
}

describe('order list shortcuts', { timeout: 20_000 }, () => {
  it('j and k move the row focus, x selects, Enter opens', async () => {
    const { router, rows, user } = await renderList();
    await user.keyboard('j');
    expect(rows[0]).toHaveFocus();
    await user.keyboard('jj');
    expect(rows[2]).toHaveFocus();
    // The last row stays the last.
    await user.keyboard('j');
    expect(rows[2]).toHaveFocus();
    await user.keyboard('k');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('x');
    expect(rows[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('toolbar', { name: 'Selected orders' })).toHaveTextContent('1 selected');
    await user.keyboard('x');
    expect(rows[1]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/view/2'));
  });

  it('/ focuses the search, and keys typed there are text, not shortcuts', async () => {
    const { rows, user } = await renderList();
    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search).toHaveFocus();
    // The slash itself is not typed into the field.
    expect(search).toHaveValue('');
    await user.keyboard('jx?');
    expect(search).toHaveValue('jx?');
    expect(rows[0]).not.toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Selected orders' })).not.toBeInTheDocument();
  });

  it('? lists the shortcuts, as the keyboard button does; no shortcut acts while it is open', async () => {
    const { rows, user } = await renderList();
    await user.keyboard('?');
    let dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5_000 });
    const keys = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(keys).toEqual(
      expect.arrayContaining([
        '/Search the orders',
        'j↓Next order',
        'k↑Previous order',
        'xSpaceSelect or unselect the order',
        'EnterOpen the order',
        '?Show these shortcuts',
      ]),
    );
    await user.keyboard('j');
    expect(rows[0]).not.toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, { timeout: 5_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
