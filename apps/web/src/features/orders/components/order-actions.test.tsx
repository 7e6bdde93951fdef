import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { OrderStatuses } from '@shipdesk/contract';
import { OrderActions } from './order-actions';

/** The actions while fsmFlow's answers are on their way: the labels of the places held. */
function placesWhileAsking(statuses: OrderStatuses) {
  const { container } = render(
    <OrderActions flows={undefined} loading statuses={statuses} onRun={() => {}} onPackingSlip={() => {}} />,
  );
  return [...container.querySelectorAll('.MuiSkeleton-root')].map((place) => place.textContent);
}

describe('OrderActions while the allowed moves are asked for', () => {
  it("hold a place for each move the order's statuses have a rule for, as wide as its button", () => {
    expect(
      placesWhileAsking({ orderStatus: 'Draft Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' }),
    ).toEqual(['Approve', 'Process payment', 'Cancel order', 'Reorder', 'Delete']);
    // A canceled order can only be ordered again: one place, so a phone's second row is not held and then let go.
    expect(placesWhileAsking({ orderStatus: 'Canceled', paymentStatus: 'Paid', shipmentStatus: 'Unshipped' })).toEqual([
      'Reorder',
    ]);
    // The places are not buttons to anyone: hidden, and out of the tab order.
    expect(screen.getAllByRole('button')).toHaveLength(2);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Packing slip', 'Packing slip']);
  });
});
