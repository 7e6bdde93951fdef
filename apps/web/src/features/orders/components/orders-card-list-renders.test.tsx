import { useCallback, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { OrderSummary } from '@shipdesk/contract';
import { summary } from '../testing';
import { OrdersCardList } from './orders-card-list';
import { OrderStatusChip } from './order-status-chips';
import type * as StatusChips from './order-status-chips';

// A render counter: each card draws one order status chip.
vi.mock('./order-status-chips', async (importOriginal) => {
  const chips = await importOriginal<typeof StatusChips>();
  return { ...chips, OrderStatusChip: vi.fn(chips.OrderStatusChip) };
});

const rows = ['1', '2', '3', '4'].map((id) => summary({ id }));

/** The card list with its selection, toggled the way the page does it (a function that stays the same). */
function Cards() {
  const [selected, setSelected] = useState<ReadonlyMap<string, true>>(new Map());
  const onToggle = useCallback(
    (row: OrderSummary) =>
      setSelected((current) => {
        const next = new Map(current);
        if (!next.delete(row.id)) next.set(row.id, true);
        return next;
      }),
    [],
  );
  return (
    <OrdersCardList
      rows={rows}
      loadingRows={null}
      stale={false}
      selected={selected}
      onToggle={onToggle}
      timeZone="UTC"
      locale="en"
    />
  );
}

describe('OrdersCardList re-renders', () => {
  it('ticking a box renders that card again, not the others', async () => {
    render(
      <MemoryRouter>
        <Cards />
      </MemoryRouter>,
    );
    const chip = vi.mocked(OrderStatusChip);
    expect(chip).toHaveBeenCalledTimes(rows.length);
    chip.mockClear();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select order SO-1003' }));
    expect(screen.getByRole('checkbox', { name: 'Select order SO-1003' })).toBeChecked();
    expect(chip).toHaveBeenCalledTimes(1);
  });
});
