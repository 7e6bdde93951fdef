import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, ok, stubApi } from '@/lib/testing/api-stub';
import { fullOrder } from '@/lib/testing/order-fixtures';
import { delivery, labelFlow, PARCEL_DEFAULTS } from '../testing';
import { DeliveriesCard } from './deliveries-card';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The card's dialogs come on first use: "Split or merge boxes" still opens its dialog, which Cancel closes.
describe('DeliveriesCard dialogs', { timeout: 20_000 }, () => {
  it('opens the boxes dialog of a planned delivery, and Cancel closes it', async () => {
    stubApi((call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery()]);
      if (call.path === '/call/orders/5/shipLabel/fsmFlow') return labelFlow({ ...PARCEL_DEFAULTS, rates: [] });
      if (call.path === '/api/v1/configs') return ok([]);
      if (call.path === '/api/v1/orderBoxSizes') return ok([]);
      return fail(404, 'Not found');
    });
    const user = userEvent.setup();
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);
    await user.click(await screen.findByRole('button', { name: 'Split or merge boxes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Boxes — order SO-1005' });
    expect(within(dialog).getByRole('table', { name: 'Units per box' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
