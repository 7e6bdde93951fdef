import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/lib/testing/render-with-store';
import type { OrderViewAction } from '../hooks/use-order-view-action';
import { returnDefaults } from '../returns/returns-testing';
import { fail, fullOrder, ok, stubApi } from '../testing';
import { OrderViewDialogs } from './order-view-dialogs';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The view's action state as the dialogs read it: one dialog open, the rest closed. */
function action(open: Partial<Pick<OrderViewAction, 'dialog' | 'slipOpen'>>): OrderViewAction {
  return {
    dialog: null,
    slipOpen: false,
    closeEvent: vi.fn(),
    setSlipOpen: vi.fn(),
    leaveActionUrl: vi.fn(),
    ...open,
  } as unknown as OrderViewAction;
}

function renderDialogs(viewAction: OrderViewAction) {
  stubApi((call) => {
    if (call.path === '/api/v1/configs') return ok([]);
    if (call.path === '/call/order/5/returnLabelDefaults') return ok(returnDefaults());
    return fail(404, 'Not Found');
  });
  renderRoutes(
    [
      {
        path: '/orders/view/:id',
        element: (
          <OrderViewDialogs order={fullOrder({ id: '5' })} flows={undefined} locale="en-US" action={viewAction} />
        ),
      },
    ],
    '/orders/view/5',
  );
  return userEvent.setup();
}

// The dialogs' code comes on first use: each still opens, and its Cancel closes it through the view's action.
describe('OrderViewDialogs', { timeout: 20_000 }, () => {
  it('opens the packing slip with its paper choices, and Cancel closes it', async () => {
    const slip = action({ slipOpen: true });
    const user = renderDialogs(slip);
    const dialog = await screen.findByRole('dialog', { name: 'Packing slip — SO-1005' });
    expect(within(dialog).getAllByRole('radio').length).toBeGreaterThan(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(slip.setSlipOpen).toHaveBeenCalledWith(false);
    expect(slip.leaveActionUrl).toHaveBeenCalled();
  });

  it("opens the return label's form, and Cancel closes it", async () => {
    const returning = action({ dialog: { event: 'returnLabel', key: 'key-1' } });
    const user = renderDialogs(returning);
    const dialog = await screen.findByRole('dialog', { name: 'Return label — order SO-1005' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Make return label' })).toBeInTheDocument());
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(returning.closeEvent).toHaveBeenCalled();
    expect(returning.leaveActionUrl).toHaveBeenCalled();
  });

  it('draws nothing while no dialog is open', async () => {
    renderDialogs(action({}));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
