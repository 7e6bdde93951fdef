import { describe, expect, it } from 'vitest';
import { mapEbayOrder } from './ebay-mapping.ts';
import type { EbayOrder } from './ebay-wire.ts';

/** Shaped after the getOrder sample in eBay's Sell Fulfillment API reference. */
function sampleOrder(overrides: Partial<EbayOrder> = {}): EbayOrder {
  return {
    orderId: '04-10234-56789',
    legacyOrderId: '110188232841-28013491001',
    creationDate: '2026-05-14T17:02:11.000Z',
    lastModifiedDate: '2026-05-15T08:25:43.511Z',
    orderFulfillmentStatus: 'NOT_STARTED',
    orderPaymentStatus: 'PAID',
    sellerId: 'northwind_outlet',
    buyer: { username: 'maple_collects' },
    pricingSummary: {
      priceSubtotal: { value: '44.97', currency: 'USD' },
      priceDiscount: { value: '-2.00', currency: 'USD' },
      deliveryCost: { value: '5.95', currency: 'USD' },
      deliveryDiscount: { value: '-1.00', currency: 'USD' },
      tax: { value: '3.26', currency: 'USD' },
      total: { value: '51.18', currency: 'USD' },
    },
    cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
    fulfillmentStartInstructions: [
      {
        fulfillmentInstructionsType: 'SHIP_TO',
        minEstimatedDeliveryDate: '2026-05-18T07:00:00.000Z',
        maxEstimatedDeliveryDate: '2026-05-21T07:00:00.000Z',
        shippingStep: {
          shippingCarrierCode: 'USPS',
          shippingServiceCode: 'USPSPriority',
          shipTo: {
            fullName: 'Olivia Bennett',
            contactAddress: {
              addressLine1: '742 Evergreen Terrace',
              addressLine2: ' ',
              city: 'Springfield',
              stateOrProvince: 'IL',
              postalCode: '62704-1234',
              countryCode: 'us',
            },
            primaryPhone: { phoneNumber: '2175550142' },
            email: 'a1b2c3d4e5@members.ebay.com',
          },
        },
      },
    ],
    lineItems: [
      {
        lineItemId: '10034567890012',
        legacyItemId: '384412345678',
        sku: 'MUG-CER-11',
        title: 'Ceramic Coffee Mug 11 oz',
        quantity: 3,
        lineItemCost: { value: '29.98', currency: 'USD' },
        lineItemFulfillmentStatus: 'NOT_STARTED',
      },
      {
        lineItemId: '10034567890013',
        legacyItemId: '384412345679',
        title: 'A5 Dotted Notebook',
        quantity: 1,
        lineItemCost: { value: '14.99', currency: 'USD' },
        lineItemFulfillmentStatus: 'FULFILLED',
      },
    ],
    ...overrides,
  };
}

describe('mapEbayOrder', () => {
  it('maps identity, dates, money, customer, service and ship-to', () => {
    const order = mapEbayOrder(sampleOrder());
    expect(order).toMatchObject({
      externalId: '04-10234-56789',
      orderNumber: '04-10234-56789',
      orderDate: '2026-05-14T17:02:11.000Z',
      externalUpdatedAt: '2026-05-15T08:25:43.511Z',
      currency: 'USD',
      subtotal: 4497,
      shippingTotal: 595,
      taxTotal: 326,
      discountTotal: 300,
      total: 5118,
      paidTotal: 5118,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Olivia Bennett',
      customerEmail: 'a1b2c3d4e5@members.ebay.com',
      requestedShippingMethod: 'USPSPriority',
      billing: null,
    });
    expect(order.shipping).toEqual({
      name: 'Olivia Bennett',
      company: null,
      address1: '742 Evergreen Terrace',
      address2: null,
      city: 'Springfield',
      state: 'IL',
      postalCode: '62704-1234',
      country: 'US',
      phone: '2175550142',
      email: 'a1b2c3d4e5@members.ebay.com',
    });
  });

  it('derives unit prices from the line cost and marks fulfilled lines shipped', () => {
    const [mug, notebook] = mapEbayOrder(sampleOrder()).lines;
    // 29.98 for three mugs: 999.33 rounds to 999 cents each.
    expect(mug).toEqual({
      externalLineId: '10034567890012',
      sku: 'MUG-CER-11',
      name: 'Ceramic Coffee Mug 11 oz',
      quantity: 3,
      quantityShipped: 0,
      unitPrice: 999,
      weight: 0,
      category: null,
      hazardous: false,
    });
    expect(notebook).toMatchObject({ sku: '', unitPrice: 1499, quantity: 1, quantityShipped: 1 });
  });

  it.each([
    ['NOT_STARTED', 'Unshipped'],
    ['IN_PROGRESS', 'Shipped Partial'],
    ['FULFILLED', 'Shipped Complete'],
  ] as const)('fulfillment status %s -> %s', (status, expected) => {
    expect(mapEbayOrder(sampleOrder({ orderFulfillmentStatus: status })).shipmentStatus).toBe(expected);
  });

  it.each([
    ['PAID', 'Paid', 5118],
    ['PARTIALLY_REFUNDED', 'Paid', 5118],
    ['FULLY_REFUNDED', 'Paid', 5118],
    ['PENDING', 'Unpaid', 0],
    ['FAILED', 'Unpaid', 0],
  ] as const)('payment status %s -> %s', (status, expected, paid) => {
    const order = mapEbayOrder(sampleOrder({ orderPaymentStatus: status }));
    expect(order.paymentStatus).toBe(expected);
    expect(order.paidTotal).toBe(paid);
  });

  it('flags a canceled order, and not one whose cancellation is only requested', () => {
    expect(mapEbayOrder(sampleOrder({ cancelStatus: { cancelState: 'CANCELED' } })).canceled).toBe(true);
    expect(mapEbayOrder(sampleOrder({ cancelStatus: { cancelState: 'IN_PROGRESS' } })).canceled).toBe(false);
  });

  it('falls back to the buyer registration address for billing and the e-mail', () => {
    const order = mapEbayOrder(
      sampleOrder({
        fulfillmentStartInstructions: [],
        buyer: {
          username: 'desertfox_88',
          buyerRegistrationAddress: {
            fullName: 'Marcus Alvarez',
            contactAddress: { addressLine1: '1600 W Camelback Rd', city: 'Phoenix', countryCode: 'US' },
            email: 'marcus@example.com',
          },
        },
      }),
    );
    expect(order.shipping).toBeNull();
    expect(order.requestedShippingMethod).toBeNull();
    expect(order.billing).toMatchObject({ name: 'Marcus Alvarez', city: 'Phoenix', state: null, country: 'US' });
    expect(order.customerName).toBe('Marcus Alvarez');
    expect(order.customerEmail).toBe('marcus@example.com');
  });

  it('reads zero for the amounts eBay leaves out', () => {
    const order = mapEbayOrder(sampleOrder({ pricingSummary: { total: { value: '10.00', currency: 'GBP' } } }));
    expect(order).toMatchObject({ currency: 'GBP', subtotal: 0, shippingTotal: 0, taxTotal: 0, total: 1000 });
  });
});
