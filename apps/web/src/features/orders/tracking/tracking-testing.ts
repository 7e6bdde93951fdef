import type { Delivery, ParcelTracking, ShippingLabel } from '@shipdesk/contract';

/** Test-only: delivery 7 of order 5 with a USPS label (or the built-in carrier's), and its parcel as tracked. */

export const TRACKING_PATH = '/call/shipment/7/tracking';
export const TRACK_NOW_PATH = '/call/shipment/7/trackNow';
export const MARK_DELIVERED_PATH = '/call/shipment/7/markDelivered';

export function labelledDelivery(carrier: ShippingLabel['carrier'] = 'usps'): Delivery {
  return {
    deliveryId: '7',
    orderId: '5',
    requestedShipMethod: 'Standard',
    carrierMethod: null,
    boxSizeId: null,
    weight: 907,
    status: 'shipped',
    lineIds: ['1'],
    lines: [{ lineId: '1', quantity: 1 }],
    trackingNumber: '9400100',
    packageType: null,
    length: 8,
    width: 6,
    height: 4,
    purchaseState: null,
    purchaseProblem: null,
    label: {
      id: '31',
      deliveryId: '7',
      orderId: '5',
      carrier,
      carrierAccountId: carrier === 'local' ? null : '2',
      serviceCode: 'GROUND',
      serviceName: 'Ground',
      packageType: 'PACKAGE',
      weight: 907,
      length: 8,
      width: 6,
      height: 4,
      trackingNumber: '9400100',
      trackingUrl: null,
      format: 'pdf',
      amount: 845,
      currency: 'USD',
      status: 'active',
      createdAt: '2026-03-02T14:00:00Z',
      createdBy: 'sam@example.com',
      voidedAt: null,
      voidMessage: null,
      trackingPush: { status: 'not_needed', attempts: 0, message: null, pushedAt: null },
      options: { insuredValue: null, insuredCurrency: null, insuranceProvider: null, signature: null },
      customs: null,
    },
  };
}

export function parcel(overrides: Partial<ParcelTracking> = {}): ParcelTracking {
  return {
    labelId: '31',
    trackingNumber: '9400100',
    status: 'in_transit',
    statusAt: '2026-03-03T09:00:00Z',
    expectedDelivery: '2026-03-05',
    late: false,
    lastCheckedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    nextCheckAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
    problem: null,
    events: [
      {
        at: '2026-03-02T15:00:00Z',
        status: 'label_created',
        code: 'GX',
        description: 'Shipping Label Created, USPS Awaiting Item',
        location: 'AUSTIN, TX 78701',
      },
      {
        at: '2026-03-03T09:00:00Z',
        status: 'in_transit',
        code: '10',
        description: 'Arrived at USPS Regional Facility',
        location: 'DALLAS TX DISTRIBUTION CENTER',
      },
    ],
    ...overrides,
  };
}
