import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { summary } from '../testing';
import { OrdersCardList } from './orders-card-list';

const rows = [
  summary({ id: '7', orderNumber: '#1007', customerName: 'Ann Lee', total: 12345, currency: 'USD' }),
  summary({ id: '8', orderNumber: '#1008', customerName: '', total: 500, currency: 'USD' }),
];

function renderCards(overrides: Partial<Parameters<typeof OrdersCardList>[0]> = {}) {
  const onToggle = vi.fn();
  render(
    <MemoryRouter>
      <OrdersCardList
        rows={rows}
        loadingRows={null}
        stale={false}
        selected={new Map([['8', true]])}
        onToggle={onToggle}
        timeZone="UTC"
        locale="en-US"
        {...overrides}
      />
    </MemoryRouter>,
  );
  return { onToggle };
}

describe('OrdersCardList (the order list on a phone)', () => {
  it('shows each order as a card: its box, number linking to it, customer, total, date and statuses', () => {
    renderCards();
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(first).toHaveAccessibleName('#1007');
    expect(within(first).getByRole('link', { name: '#1007' })).toHaveAttribute('href', '/orders/view/7');
    expect(within(first).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(first).getByText('$123.45')).toBeInTheDocument();
    expect(within(first).getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(first).getByLabelText(`Order status: ${rows[0]?.orderStatus}`)).toBeInTheDocument();
    expect(within(first).getByLabelText(`Payment: ${rows[0]?.paymentStatus}`)).toBeInTheDocument();
    expect(within(first).getByLabelText(`Shipment: ${rows[0]?.shipmentStatus}`)).toBeInTheDocument();
    // No customer name: a dash, not an empty line.
    expect(within(cards[1] as HTMLElement).getByText('—')).toBeInTheDocument();
  });

  it('ticks a box with the keyboard and shows the selection', async () => {
    const { onToggle } = renderCards();
    const first = screen.getByRole('checkbox', { name: 'Select order #1007' });
    expect(first).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order #1008' })).toBeChecked();
    await userEvent.tab();
    expect(first).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith(rows[0]);
    // Tab goes on to the card's link.
    await userEvent.tab();
    expect(screen.getByRole('link', { name: '#1007' })).toHaveFocus();
  });

  it('shows skeleton cards while the first page loads, and the empty state when there is no order', () => {
    const { unmount } = render(
      <MemoryRouter>
        <OrdersCardList
          rows={undefined}
          loadingRows={3}
          stale={false}
          selected={new Map()}
          onToggle={() => undefined}
          timeZone="UTC"
          locale="en"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list', { name: 'Orders' })).toHaveAttribute('aria-busy', 'true');
    unmount();
    renderCards({ rows: [], empty: <p>No orders match</p> });
    expect(screen.getByText('No orders match')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders' })).not.toBeInTheDocument();
  });
});
