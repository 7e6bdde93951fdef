import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OrderShipping } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fullOrder, summary } from '../testing';
import { OrderShippingCard } from './order-shipping-card';
import { OrderShippingCell } from './order-shipping-cell';

const RESOLVED: OrderShipping = {
  shipMethod: { id: '3', name: 'Standard' },
  carrier: 'usps',
  carrierMethod: 'USPS_GROUND_ADVANTAGE',
  carrierMethodName: 'USPS Ground Advantage',
  packageType: 'FLAT_RATE_ENVELOPE',
  chosenByUser: false,
};
const NOTHING: OrderShipping = {
  ...RESOLVED,
  shipMethod: null,
  carrier: null,
  carrierMethod: null,
  carrierMethodName: null,
  packageType: null,
};

describe('OrderShippingCell', () => {
  it('shows the requested service and, under it, the carrier service it resolved to', () => {
    renderWithStore(<OrderShippingCell row={summary({ requestedShippingMethod: 'Ground', shipping: RESOLVED })} />);
    expect(screen.getByText('Ground')).toBeInTheDocument();
    expect(screen.getByText('USPS Ground Advantage')).toHaveAttribute(
      'title',
      'Ships with USPS Ground Advantage (USPS)',
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('links an unmapped requested service to the shipping methods', () => {
    renderWithStore(
      <OrderShippingCell row={summary({ requestedShippingMethod: 'Free Shipping', shipping: NOTHING })} />,
    );
    expect(screen.getByText('Free Shipping')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Unmapped: No shipping method covers this requested service' }),
    ).toHaveAttribute('href', '/settings/shipping-methods');
  });

  it('says when the method has no carrier service', () => {
    renderWithStore(
      <OrderShippingCell
        row={summary({
          shipping: { ...NOTHING, shipMethod: { id: '4', name: 'Express' } },
          orderStatus: 'Sales Order',
        })}
      />,
    );
    expect(screen.getByRole('link', { name: 'No carrier: Express is not mapped to a carrier service' })).toBeVisible();
  });

  it('leaves a completed order as it was shipped', () => {
    renderWithStore(
      <OrderShippingCell
        row={summary({ requestedShippingMethod: 'Free Shipping', shipping: NOTHING, orderStatus: 'Completed' })}
      />,
    );
    expect(screen.getByText('Free Shipping')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('OrderShippingCard', () => {
  it('shows the requested service, method, carrier service, package type and a hand-made choice', () => {
    renderWithStore(
      <OrderShippingCard
        order={fullOrder({ requestedShippingMethod: 'Ground', shipping: { ...RESOLVED, chosenByUser: true } })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Shipping' });
    expect(card).toHaveTextContent('Requested serviceGround');
    expect(card).toHaveTextContent('Shipping methodStandard');
    expect(card).toHaveTextContent('Carrier serviceUSPS Ground AdvantageUSPS');
    expect(card).toHaveTextContent('Package typeFlat Rate Envelope');
    expect(screen.getByText('Chosen by hand')).toBeInTheDocument();
  });

  it('points an unmapped order to the shipping methods', () => {
    renderWithStore(
      <OrderShippingCard order={fullOrder({ requestedShippingMethod: 'Free Shipping', shipping: NOTHING })} />,
    );
    expect(screen.getByRole('link', { name: /^Unmapped/ })).toHaveAttribute('href', '/settings/shipping-methods');
    expect(screen.queryByText('Chosen by hand')).not.toBeInTheDocument();
  });
});
