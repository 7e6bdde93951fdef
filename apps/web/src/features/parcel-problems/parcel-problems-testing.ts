import type { ParcelProblem } from '@shipdesk/contract';

/** Test-only: one parcel with a problem. */
export function parcelProblem(overrides: Partial<ParcelProblem> = {}): ParcelProblem {
  return {
    labelId: '31',
    deliveryId: '21',
    orderId: '11',
    orderNumber: '1001',
    destination: 'Austin, TX, US',
    carrier: 'ups',
    trackingNumber: '1Z999',
    status: 'exception',
    kind: 'exception',
    since: '2026-03-02T15:00:00.000Z',
    expectedDelivery: '2026-03-03',
    lastEvent: { at: '2026-03-02T15:00:00.000Z', description: 'Held at customs', location: 'MEMPHIS TN' },
    ...overrides,
  };
}
