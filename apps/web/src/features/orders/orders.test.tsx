import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { OrdersPage } from './orders-page';
import { OrderActionPage } from './order-action-page';
import { OrderAddPage } from './order-add-page';
import { OrderViewPage } from './order-view-page';
import { orderActionTitle, parseOrderAction, parseOrderStatus } from './order-routes';

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/orders', Component: OrdersPage },
      { path: '/orders/add', Component: OrderAddPage },
      { path: '/orders/view/:id', Component: OrderViewPage },
      { path: '/orders/:filterStatus', Component: OrdersPage },
      { path: '/orders/:action/:id', Component: OrderActionPage },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
}

describe('order routes', () => {
  it('parses statuses case-insensitively and rejects others', () => {
    expect(parseOrderStatus('Sales Order')).toBe('Sales Order');
    expect(parseOrderStatus('completed')).toBe('Completed');
    expect(parseOrderStatus('Shipped')).toBeNull();
    expect(parseOrderStatus(undefined)).toBeNull();
  });

  it('knows edit and the lifecycle events', () => {
    expect(parseOrderAction('edit')).toBe('edit');
    expect(parseOrderAction('shipLabel')).toBe('shipLabel');
    expect(parseOrderAction('explode')).toBeNull();
    expect(orderActionTitle('processPayment')).toBe('Process payment');
  });
});

describe('order pages', () => {
  it('shows the status from the URL as the subtitle', () => {
    renderAt('/orders/Sales%20Order');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Status: Sales Order')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No orders with the status “Sales Order”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect a store' })).toHaveAttribute('href', '/stores');
  });

  it('warns about an unknown status', () => {
    renderAt('/orders/Bogus');
    expect(screen.getByRole('alert')).toHaveTextContent('‘Bogus’ is not an order status. Show all orders');
  });

  it('has no subtitle without a status', () => {
    renderAt('/orders');
    expect(screen.getByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('routes add, view and actions', () => {
    renderAt('/orders/add');
    expect(screen.getByRole('heading', { level: 1, name: 'Add order' })).toBeInTheDocument();
  });

  it('shows the order id on the view and action pages', () => {
    renderAt('/orders/view/42');
    expect(screen.getByRole('heading', { level: 1, name: 'Order 42' })).toBeInTheDocument();
  });

  it('names the action and refuses unknown ones', () => {
    renderAt('/orders/cancel/42');
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel order' })).toBeInTheDocument();
  });

  it('refuses unknown actions', () => {
    renderAt('/orders/explode/42');
    expect(screen.getByRole('heading', { name: 'Unknown order action' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/orders/view/42');
  });
});
