import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@shipdesk/contract';
import { renderRoutes } from '@/lib/testing/render-with-store';
import { bulkRefusal } from './hooks/use-bulk-order-event';
import { OrdersPage } from './orders-page';
import { fail, ok, orderList, serveOrderList, summary, type ApiCall } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const rows = [
  summary({ id: '1', orderStatus: 'Draft Order', version: 3 }),
  summary({ id: '2', orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }),
  summary({ id: '3', orderStatus: 'Sales Order', paymentStatus: 'Paid', version: 7 }),
  summary({ id: '4', orderStatus: 'Sales Order', shipmentStatus: 'Shipped Partial', version: 2 }),
];

const serve = (flow: (call: ApiCall) => Response) =>
  serveOrderList(orderList(rows), (call) => (call.path.endsWith('/orderFlow') ? flow(call) : undefined));

async function selectAll() {
  renderRoutes([{ path: '/orders', Component: OrdersPage }], '/orders');
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'SO-1001' });
  await user.click(screen.getByRole('checkbox', { name: 'Select all orders on this page' }));
  // The bar's buttons come with their code, loaded at the first selection if not before.
  await within(bar()).findByRole('button', { name: 'Clear selection' }, { timeout: 5_000 });
  return user;
}

const bar = () => screen.getByRole('toolbar', { name: 'Selected orders' });
const flows = (calls: ApiCall[]) => calls.filter((c) => c.path.endsWith('/orderFlow'));

/** Where the focus is when the first alert is added to the page (seen before anything else runs after that change). */
function focusAsAlertAppears() {
  return new Promise<Element | null>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="alert"]')) return;
      observer.disconnect();
      resolve(document.activeElement);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** The report's failures as "SO-1002: reason". */
async function reported(title: string, listName: string) {
  // The confirmation has closed (while it closes, the page behind it is hidden from the accessibility tree).
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const heading = await screen.findByText(title);
  const alert = heading.closest('[role="alert"]') as HTMLElement;
  return within(within(alert).getByRole('list', { name: listName })).getAllByRole('listitem');
}

describe('which orders a bulk event is sent for', () => {
  it('follows the lifecycle table: statuses that cannot take the event are named', () => {
    const [draft, completed, sales, partial] = rows as [OrderSummary, OrderSummary, OrderSummary, OrderSummary];
    expect(bulkRefusal('shipComplete', sales)).toBeNull();
    expect(bulkRefusal('shipComplete', partial)).toBeNull();
    expect(bulkRefusal('shipComplete', draft)).toBe('is a Draft Order, not a Sales Order waiting to ship');
    expect(bulkRefusal('cancel', draft)).toBeNull();
    expect(bulkRefusal('cancel', completed)).toMatch(/^is Completed, not an open order/);
    expect(bulkRefusal('approve', sales)).toBe('is a Sales Order, not a draft');
    const shipped = { ...sales, shipmentStatus: 'Shipped Complete' as const };
    expect(bulkRefusal('shipComplete', shipped)).toBe('is Shipped Complete, not a Sales Order waiting to ship');
  });
});

describe('bulk mark as shipped and cancel', { timeout: 20_000 }, () => {
  it('cancels after a confirmation, and reports each order not canceled with its reason and a link', async () => {
    const calls = serve((call) =>
      call.path === '/call/orders/3/cancel/orderFlow'
        ? fail(409, 'The order changed meanwhile (now version 8); reload it and try again', {
            reason: 'stale_version',
          })
        : ok({ order: {}, createdOrderId: null }),
    );
    const user = await selectAll();
    await user.click(within(bar()).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel orders?' });
    // What will happen, and to which orders.
    expect(dialog).toHaveTextContent(/becomes Canceled/);
    expect(dialog).toHaveTextContent(/cannot be undone/);
    expect(dialog).toHaveTextContent(
      '3 of the 4 selected orders will be sent. 1 cannot take it and will be left as it is: SO-1002.',
    );
    expect(flows(calls)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Customer asked');
    const focusWhenShown = focusAsAlertAppears();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 3 orders' }));

    const failures = await reported('Canceled 2 of 4 orders', 'Orders not canceled');
    // The report takes the focus (the confirmation gave it back to the Cancel button first), and has it as soon as it
    // is in the page: nothing is read out from nowhere meanwhile, however late the next task runs.
    const alert = screen.getByText('Canceled 2 of 4 orders').closest('[role="alert"]');
    expect(alert).toHaveFocus();
    expect(await focusWhenShown).toBe(alert);
    expect(failures.map((item) => item.textContent)).toEqual([
      'SO-1002: is Completed, not an open order (a draft or sales order not shipped in full)',
      'SO-1003: The order changed meanwhile (now version 8); reload it and try again',
    ]);
    expect(within(failures[1]!).getByRole('link', { name: 'SO-1003' })).toHaveAttribute('href', '/orders/view/3');
    expect(flows(calls).map((c) => [c.path, c.body])).toEqual(
      expect.arrayContaining([
        ['/call/orders/1/cancel/orderFlow', { version: 3, reason: 'Customer asked' }],
        ['/call/orders/3/cancel/orderFlow', { version: 7, reason: 'Customer asked' }],
        ['/call/orders/4/cancel/orderFlow', { version: 2, reason: 'Customer asked' }],
      ]),
    );
    expect(flows(calls)).toHaveLength(3);
    expect(new Set(flows(calls).map((c) => c.headers.get('Idempotency-Key'))).size).toBe(3);
    // The orders not canceled stay selected.
    expect(bar()).toHaveTextContent('2 selected');
  });

  it('sends nothing when the confirmation is declined', async () => {
    const calls = serve(() => ok({ order: {}, createdOrderId: null }));
    const user = await selectAll();
    await user.click(within(bar()).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel orders?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(flows(calls)).toHaveLength(0);
    expect(bar()).toHaveTextContent('4 selected');
  });

  it('marks the sales orders as shipped with their versions, and says why the others were not', async () => {
    const calls = serve(() => ok({ order: {}, createdOrderId: null }));
    const user = await selectAll();
    await user.click(within(bar()).getByRole('button', { name: 'Mark as shipped' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark orders as shipped?' });
    expect(dialog).toHaveTextContent(/No label is bought/);
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 as shipped' }));
    const failures = await reported('Marked 2 of 4 orders as shipped', 'Orders not marked as shipped');
    expect(failures.map((item) => item.textContent)).toEqual([
      'SO-1001: is a Draft Order, not a Sales Order waiting to ship',
      'SO-1002: is Completed, not a Sales Order waiting to ship',
    ]);
    expect(flows(calls).map((c) => [c.path, c.body])).toEqual(
      expect.arrayContaining([
        ['/call/orders/3/shipComplete/orderFlow', { version: 7 }],
        ['/call/orders/4/shipComplete/orderFlow', { version: 2 }],
      ]),
    );
    expect(flows(calls)).toHaveLength(2);
  });
});
