import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { listFilters, readListParams, paramsOfView, viewFilters, writeListParams } from '../list-params';
import { OrdersPage } from '../orders-page';
import { orderList, serveOrderList, summary, type ApiCall } from '../testing';
import { ParcelStatusCell } from './parcel-status-cell';

vi.mock('@/lib/toast/toast', () => ({ toast: { info: vi.fn(), success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LIST = orderList([summary({ id: '1' }), summary({ id: '2' })]);
const listGets = (calls: ApiCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/orders');
const filtersOf = (call: ApiCall | undefined) => JSON.parse(call?.query.get('filters') ?? '{}');

describe('the orders list: Delivery filter', { timeout: 20_000 }, () => {
  it('filters by where the parcels are, or late, kept in the URL and shown as a chip', async () => {
    const calls = serveOrderList(LIST);
    const { router } = renderRoutes([{ path: '/orders', Component: OrdersPage }], '/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Delivery' }, { timeout: 5_000 }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any delivery',
      'Label created',
      'In transit',
      'Out for delivery',
      'Ready for pickup',
      'Delivered',
      'Exception',
      'Returned to sender',
      'Late',
    ]);
    await user.click(screen.getByRole('option', { name: 'Late' }));
    await waitFor(() => expect(router.state.location.search).toBe('?delivery=late'));
    await waitFor(() => expect(filtersOf(listGets(calls).at(-1))).toEqual({ parcelStatus: 'late' }));
    const chips = screen.getByRole('list', { name: 'Filters in force' });
    expect(within(chips).getByText('Delivery: Late')).toBeInTheDocument();
  });

  it('reads the filter from the URL and sends the status; a value it does not offer is dropped', async () => {
    const calls = serveOrderList(LIST);
    renderRoutes([{ path: '/orders', Component: OrdersPage }], '/orders?delivery=out_for_delivery');
    await screen.findByRole('link', { name: 'SO-1001' }, { timeout: 5_000 });
    expect(filtersOf(listGets(calls)[0])).toEqual({ parcelStatus: 'out_for_delivery' });
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toHaveTextContent('Out for delivery');
    const dropped = readListParams(new URLSearchParams('delivery=voided'));
    expect(dropped.parcelStatus).toBe('');
    expect(listFilters(dropped, null)).toEqual({});
  });

  it('round-trips the URL and a saved view', () => {
    const params = readListParams(new URLSearchParams('delivery=exception'));
    expect(writeListParams(params).toString()).toBe('delivery=exception');
    const filters = viewFilters(params, null);
    expect(filters).toEqual({ parcelStatus: 'exception' });
    expect(paramsOfView({ filters, sort: 'id desc' }, 10).params.parcelStatus).toBe('exception');
  });
});

describe('the Delivery cell of the list', () => {
  const TODAY = '2026-03-04';
  it("shows the order's parcel status, late in the warning colour with the promised day, a dash without a label", () => {
    const { rerender } = render(
      <ParcelStatusCell
        row={{ parcelStatus: 'in_transit', parcelExpected: '2026-03-05' }}
        today={TODAY}
        locale="en-US"
      />,
    );
    expect(screen.getByLabelText('Delivery: In transit')).toBeInTheDocument();
    rerender(
      <ParcelStatusCell
        row={{ parcelStatus: 'in_transit', parcelExpected: '2026-03-03' }}
        today={TODAY}
        locale="en-US"
      />,
    );
    expect(screen.getByLabelText('Delivery: Late').parentElement).toHaveAttribute(
      'title',
      'Promised Tue, Mar 3; in transit',
    );
    rerender(
      <ParcelStatusCell
        row={{ parcelStatus: 'delivered', parcelExpected: '2026-03-03' }}
        today={TODAY}
        locale="en-US"
      />,
    );
    expect(screen.getByLabelText('Delivery: Delivered')).toBeInTheDocument();
    rerender(<ParcelStatusCell row={{ parcelStatus: null, parcelExpected: null }} today={TODAY} locale="en-US" />);
    expect(document.body).toHaveTextContent('—');
  });
});
