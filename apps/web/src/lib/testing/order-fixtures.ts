import type { Order, OrderSummary } from '@shipdesk/contract';

/** Test-only: orders as the API answers them, a row of the list and a whole order, with what a test changes. */

export function summary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const id = overrides.id ?? '1';
  return {
    id,
    storeId: null,
    storeName: null,
    sourceType: 'Wholesale',
    orderNumber: `SO-${1000 + Number(id)}`,
    orderDate: '2025-01-15T17:04:05Z',
    created: '2025-01-15T17:04:05Z',
    shipping: {
      shipMethod: null,
      carrier: null,
      carrierMethod: null,
      carrierMethodName: null,
      packageType: null,
      chosenByUser: false,
    },
    orderStatus: 'Draft Order',
    paymentStatus: 'Unpaid',
    shipmentStatus: 'Unshipped',
    customerName: 'Ann Lee',
    customerEmail: 'ann@example.com',
    shipTo: 'Austin, TX, US',
    itemCount: 2,
    currency: 'USD',
    total: 123456,
    requestedShippingMethod: 'Ground',
    parcelStatus: null,
    parcelExpected: null,
    version: 3,
    ...overrides,
  };
}

export function fullOrder(overrides: Partial<Order> = {}): Order {
  return {
    ...summary(overrides),
    externalId: null,
    subtotal: 1000,
    shippingTotal: 250,
    taxTotal: 0,
    discountTotal: 0,
    paidTotal: 0,
    tags: [],
    lines: [
      {
        id: '11',
        sku: 'MUG-1',
        name: 'Mug',
        quantity: 2,
        quantityShipped: 0,
        unitPrice: 500,
        weight: 300,
        category: null,
        hazardous: false,
        hazardClass: null,
      },
    ],
    shippingAddress: {
      type: 'shipping',
      firstName: 'Ann',
      lastName: 'Lee',
      company: null,
      address1: '1 Main St',
      address2: null,
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: null,
      email: null,
    },
    billingAddress: null,
    linkedOrderId: null,
    ruleSettings: { insuredValue: null, signature: null, holdUntil: null, boxSizeId: null, handSet: [] },
    updatedAt: '2025-01-15T17:04:05Z',
    ...overrides,
    total: overrides.total ?? 1250,
  };
}
