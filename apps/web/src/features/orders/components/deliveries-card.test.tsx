import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Delivery, ShipLabelDefaults, ShippingLabel } from '@shipdesk/contract';
import { renderWithStore } from '@/lib/testing/render-with-store';
import { fail, fullOrder, ok, stubApi } from '../testing';
import { DeliveriesCard } from './deliveries-card';

const { toastSuccess } = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { info: vi.fn(), success: toastSuccess, error: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const LABEL: ShippingLabel = {
  id: '31',
  deliveryId: '7',
  orderId: '5',
  carrier: 'usps',
  carrierAccountId: '2',
  serviceCode: 'USPS_GROUND_ADVANTAGE',
  serviceName: 'USPS Ground Advantage',
  packageType: 'PACKAGE',
  weight: 907,
  length: 8,
  width: 6,
  height: 4,
  trackingNumber: '9205590006662200704797',
  trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9205590006662200704797',
  format: 'pdf',
  amount: 845,
  currency: 'USD',
  status: 'active',
  createdAt: '2026-11-25T10:00:00Z',
  createdBy: 'admin@example.com',
  voidedAt: null,
  voidMessage: null,
  trackingPush: { status: 'failed', attempts: 6, message: 'Shopify: Fulfillment order is closed', pushedAt: null },
};

function delivery(overrides: Partial<Delivery> = {}): Delivery {
  return {
    deliveryId: '7',
    orderId: '5',
    requestedShipMethod: 'Standard',
    carrierMethod: null,
    boxSizeId: null,
    weight: 0,
    status: 'planned',
    lineIds: ['1'],
    lines: [{ lineId: '1', quantity: 1 }],
    trackingNumber: null,
    packageType: null,
    length: null,
    width: null,
    height: null,
    purchaseState: null,
    label: null,
    ...overrides,
  };
}

const DEFAULTS: ShipLabelDefaults = {
  deliveryId: '7',
  parcel: { boxSizeId: null, packageType: null, weight: 907, length: 8, width: 6, height: 4 },
  format: 'pdf',
  rates: [
    {
      carrier: 'usps',
      carrierAccountId: '2',
      accountName: 'USPS main',
      serviceCode: 'PRIORITY_MAIL',
      serviceName: 'Priority Mail',
      amount: 1095,
      currency: 'USD',
      deliveryDays: 2,
      mapped: false,
    },
    {
      carrier: 'usps',
      carrierAccountId: '2',
      accountName: 'USPS main',
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      serviceName: 'USPS Ground Advantage',
      amount: 845,
      currency: 'USD',
      deliveryDays: 5,
      mapped: true,
    },
  ],
  rateErrors: [{ carrier: 'ups', carrierAccountId: '3', accountName: 'UPS', message: 'UPS did not answer in time' }],
  parcelProblem: null,
};

describe('DeliveriesCard', { timeout: 20_000 }, () => {
  it('buys a label at the mapped rate with the parcel as shown, once per choice, then shows it', async () => {
    let bought = false;
    const calls = stubApi((call) => {
      if (call.path === '/api/v1/deliveries')
        return ok([bought ? delivery({ status: 'labelled', label: LABEL }) : delivery()]);
      if (call.path === '/call/orders/5/shipLabel/fsmFlow') {
        return ok({
          event: 'shipLabel',
          allowed: true,
          reason: null,
          message: null,
          next: null,
          defaults: DEFAULTS,
          version: 4,
        });
      }
      if (call.path === '/call/orders/5/shipLabel/orderFlow') {
        bought = true;
        return ok({ order: fullOrder({ id: '5', version: 5 }), createdOrderId: null, label: LABEL });
      }
      if (call.path === '/call/shipment/7/labelPreview') {
        return new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
          headers: { 'Content-Type': 'application/pdf' },
        });
      }
      if (call.path === '/api/v1/configs') return ok([]);
      if (call.path === '/api/v1/orderBoxSizes') return ok([]);
      return fail(404, 'Not found');
    });
    const user = userEvent.setup();
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5', version: 4 })} locale="en-US" />);

    await user.click(await screen.findByRole('button', { name: 'Buy label' }));
    const dialog = await screen.findByRole('dialog', { name: /Buy a label/ });
    expect(await within(dialog).findByText('UPS: UPS did not answer in time')).toBeInTheDocument();
    // The mapped service is chosen first.
    expect(within(dialog).getByRole('radio', { name: /USPS Ground Advantage/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Weight (lb)')).toHaveValue('2');
    await user.click(within(dialog).getByRole('button', { name: 'Buy label · $8.45' }));

    await screen.findByRole('dialog', { name: /USPS Ground Advantage · 9205590006662200704797/ });
    const purchase = calls.find((c) => c.path === '/call/orders/5/shipLabel/orderFlow')!;
    expect(purchase.body).toEqual({
      version: 4,
      label: {
        deliveryId: '7',
        carrier: 'usps',
        carrierAccountId: '2',
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        parcel: { weight: 907, length: 8, width: 6, height: 4 },
      },
    });
    expect(purchase.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(toastSuccess).toHaveBeenCalledWith(expect.stringContaining('9205590006662200704797'));
  });

  it("shows a label's tracking, cost and a channel that was not told, with the platform's words", async () => {
    stubApi((call) => {
      if (call.path === '/api/v1/deliveries') return ok([delivery({ status: 'labelled', label: LABEL })]);
      if (call.path.endsWith('/fsmFlow')) {
        return ok({
          event: 'shipLabel',
          allowed: false,
          reason: 'invalid_status',
          message: 'No',
          next: null,
          defaults: {},
          version: 4,
        });
      }
      return ok([]);
    });
    renderWithStore(<DeliveriesCard order={fullOrder({ id: '5' })} locale="en-US" />);
    const row = (await screen.findAllByRole('row'))[1]!;
    await waitFor(() => expect(row).toHaveTextContent('USPS Ground Advantage · $8.45'));
    expect(within(row).getByRole('link', { name: '9205590006662200704797' })).toHaveAttribute(
      'href',
      LABEL.trackingUrl,
    );
    expect(row).toHaveTextContent('Fulfillment order is closed');
    expect(within(row).getByRole('button', { name: 'Tell channel again' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Void' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Buy label' })).not.toBeInTheDocument();
  });
});
