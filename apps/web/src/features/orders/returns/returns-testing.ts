import type { ReturnLabel, ReturnLabelDefaults } from '@shipdesk/contract';

/** Test-only fixtures of return labels. */

const BUYER = {
  name: 'Ada Buyer',
  company: null,
  street1: '1 Main St',
  street2: null,
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};
const RETURNS = {
  ...BUYER,
  name: 'Returns desk',
  street1: '9 Dock Rd',
  city: 'Boston',
  state: 'MA',
  postalCode: '02110',
};

export function returnDefaults(overrides: Partial<ReturnLabelDefaults> = {}): ReturnLabelDefaults {
  return {
    refusal: null,
    version: 4,
    deliveries: [{ deliveryId: '7', carrier: 'usps', serviceName: 'Ground Advantage', trackingNumber: '9400100' }],
    choices: [
      {
        carrier: 'usps',
        carrierAccountId: '3',
        accountName: 'USPS main',
        serviceCode: 'USPS_GROUND_ADVANTAGE',
        serviceName: 'Ground Advantage',
        payOnUse: true,
      },
      {
        carrier: 'ups',
        carrierAccountId: '8',
        accountName: 'UPS shop',
        serviceCode: 'UPS_GROUND',
        serviceName: 'Ground',
        payOnUse: false,
      },
    ],
    proposed: {
      deliveryId: '7',
      carrier: 'usps',
      carrierAccountId: '3',
      serviceCode: 'USPS_GROUND_ADVANTAGE',
      weight: 454,
      length: 10,
      width: 8,
      height: 4,
      rma: 'RMA-1001-1',
      format: 'pdf',
    },
    from: BUYER,
    to: RETURNS,
    toSource: 'returns_address',
    buyerEmail: 'ada@example.com',
    ...overrides,
  };
}

export function returnLabel(overrides: Partial<ReturnLabel> = {}): ReturnLabel {
  return {
    id: '41',
    orderId: '5',
    deliveryId: '7',
    carrier: 'usps',
    carrierAccountId: '3',
    serviceCode: 'USPS_GROUND_ADVANTAGE',
    serviceName: 'Ground Advantage Return',
    rma: 'RMA-1001-1',
    trackingNumber: '9202100',
    trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9202100',
    payOnUse: true,
    amount: 0,
    currency: 'USD',
    format: 'pdf',
    weight: 454,
    length: 10,
    width: 8,
    height: 4,
    from: BUYER,
    to: RETURNS,
    status: 'active',
    email: { status: 'sent', to: 'ada@example.com', sentAt: '2026-03-02T15:00:00Z', message: null },
    createdAt: '2026-03-02T14:58:00Z',
    createdBy: 'sam@example.com',
    voidedAt: null,
    voidMessage: null,
    ...overrides,
  };
}
