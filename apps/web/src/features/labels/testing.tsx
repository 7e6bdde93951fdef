import type { Delivery, LabelRate, ShipLabelDefaults, ShippingLabel } from '@shipdesk/contract';
import { fail, ok, stubApi, type ApiCall } from '@/lib/testing/api-stub';
import { LabelPurchaseDialog } from './components/label-purchase-dialog';

/** Test-only fixtures of the labels: delivery 7 of order 5, its label form and the server behind it. */

export function delivery(overrides: Partial<Delivery> = {}): Delivery {
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
    purchaseProblem: null,
    label: null,
    ...overrides,
  };
}

/** The USPS label bought for delivery 7 of order 5, $8.45, its channel not told (the platform's words kept). */
export function boughtLabel(overrides: Partial<ShippingLabel> = {}): ShippingLabel {
  return {
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
    options: { insuredValue: null, insuredCurrency: null, insuranceProvider: null, signature: null },
    customs: null,
    ...overrides,
  };
}

/** What the label form opens on: 907 g in an 8 × 6 × 4 in parcel, not insured, no signature, no rates unless told. */
export const PARCEL_DEFAULTS: ShipLabelDefaults = {
  deliveryId: '7',
  parcel: { boxSizeId: null, packageType: null, weight: 907, length: 8, width: 6, height: 4 },
  format: 'pdf',
  options: { insuredValue: null, insuranceProvider: 'carrier', signature: null, currency: 'USD' },
  rates: [],
  rateErrors: [],
  parcelProblem: null,
  customs: null,
};

/** USPS Ground Advantage through account 3, the mapped service, at `amount` cents. */
export function groundRate(amount: number): LabelRate {
  return {
    carrier: 'usps',
    carrierAccountId: '3',
    accountName: 'USPS',
    serviceCode: 'ground_advantage',
    serviceName: 'Ground Advantage',
    amount,
    currency: 'USD',
    deliveryDays: 3,
    mapped: true,
  };
}

/** shipLabel's fsmFlow answer for order 5: allowed, with the form's defaults. */
export const labelFlow = (defaults: ShipLabelDefaults = PARCEL_DEFAULTS) =>
  ok({ event: 'shipLabel', allowed: true, reason: null, message: null, next: null, defaults, version: 4 });

/** shipLabel's fsmFlow answer for an order whose statuses allow no label now. */
export const labelRefused = (version = 4) =>
  ok({
    event: 'shipLabel',
    allowed: false,
    reason: 'invalid_status',
    message: 'No',
    next: null,
    defaults: {},
    version,
  });

/**
 * The label form's server: `extra` answers first; then the rates (fsmFlow) with `defaults`, a purchase that answers
 * no label, and no boxes.
 */
export function serveLabelForm(
  defaults: ShipLabelDefaults = PARCEL_DEFAULTS,
  extra?: (call: ApiCall) => Response | undefined,
): ApiCall[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/call/orders/5/shipLabel/fsmFlow') return labelFlow(defaults);
    if (call.path === '/call/orders/5/shipLabel/orderFlow')
      return ok({ order: null, createdOrderId: null, label: null });
    if (call.path === '/api/v1/orderBoxSizes') return ok([]);
    return fail(404, 'Not found');
  });
}

/** The label form of delivery 7 of order SO-1005, PDF first. */
export const labelPurchaseDialog = () => (
  <LabelPurchaseDialog
    orderId="5"
    orderNumber="SO-1005"
    deliveryId="7"
    initialEvent="shipLabel"
    locale="en-US"
    onClose={() => undefined}
    onBought={() => undefined}
  />
);
