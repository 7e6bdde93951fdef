import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { PHONE_WIDTH, stubViewportWidth } from '@/lib/testing/viewport';
import { fullOrder } from '../testing';
import { OrderLinesCard } from './order-lines-card';

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = fullOrder({
  currency: 'USD',
  lines: [
    {
      ...fullOrder().lines[0]!,
      id: '11',
      sku: 'MUG-1',
      name: 'Mug',
      quantity: 2,
      quantityShipped: 1,
      unitPrice: 500,
    },
    {
      ...fullOrder().lines[0]!,
      id: '12',
      sku: 'BLANKET-WOOL-QUEEN-CHARCOAL-2025',
      name: 'Wool blanket, queen size, charcoal',
      quantity: 1,
      quantityShipped: 0,
      unitPrice: 12900,
    },
  ],
});

describe('OrderLinesCard', () => {
  it('is a table of seven columns on a wider screen, weights included', () => {
    stubViewportWidth(1280);
    renderWithStore(<OrderLinesCard order={order} locale="en-US" />);
    const table = screen.getByRole('table', { name: 'Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['SKU', 'Item', 'Qty', 'Shipped', 'Weight', 'Unit price', 'Total']);
    expect(within(table).getByRole('cell', { name: 'MUG-1' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('is a list on a phone, every figure of a line in it, so nothing scrolls sideways', () => {
    stubViewportWidth(PHONE_WIDTH);
    renderWithStore(<OrderLinesCard order={order} locale="en-US" />);
    expect(screen.queryByRole('table', { name: 'Items' })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [mug, blanket] = items as [HTMLElement, HTMLElement];
    expect(mug).toHaveTextContent('Mug');
    expect(mug).toHaveTextContent('$10.00');
    expect(mug).toHaveTextContent('SKU MUG-1');
    expect(mug).toHaveTextContent('Qty 2 × $5.00 · Shipped 1');
    expect(blanket).toHaveTextContent('SKU BLANKET-WOOL-QUEEN-CHARCOAL-2025');
    expect(blanket).toHaveTextContent('Qty 1 × $129.00 · Shipped 0');
    // The totals stay below the lines.
    expect(screen.getByText('Subtotal')).toBeInTheDocument();
  });
});
