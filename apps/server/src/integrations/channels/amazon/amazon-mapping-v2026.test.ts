import { describe, expect, it } from 'vitest';
import { mapAmazonOrderV2026, serviceLevelName } from './amazon-mapping-v2026.ts';
import type { AmazonOrderV2026 } from './amazon-wire-v2026.ts';

const usd = (amount: string) => ({ amount, currencyCode: 'USD' });

/** An order shaped as orders_2026-01-01.json's example, with buyer, recipient, proceeds and fulfillment. */
function order(overrides: Partial<AmazonOrderV2026> = {}): AmazonOrderV2026 {
  return {
    orderId: '113-5550001-2223334',
    orderAliases: [{ aliasId: '113-5550001-2223334', aliasType: 'SELLER_ORDER_ID' }],
    createdTime: '2026-05-01T09:00:00Z',
    lastUpdatedTime: '2026-05-01T10:30:00Z',
    programs: ['PRIME', 'AMAZON_BUSINESS'],
    salesChannel: { channelName: 'AMAZON', marketplaceId: 'ATVPDKIKX0DER', marketplaceName: 'Amazon.com' },
    buyer: { buyerName: 'Jordan Ellis', buyerEmail: ' x7k2@marketplace.amazon.com ' },
    recipient: {
      deliveryAddress: {
        name: 'Jordan Ellis',
        companyName: 'Ellis Works',
        addressLine1: '410 Terry Ave N',
        addressLine2: 'Floor 3',
        addressLine3: 'Desk 12',
        city: 'Seattle',
        stateOrRegion: 'WA',
        postalCode: '98109-5210',
        countryCode: 'us',
        phone: '+1 206-555-0110',
        addressType: 'COMMERCIAL',
      },
    },
    proceeds: { grandTotal: usd('50.57') },
    fulfillment: { fulfillmentStatus: 'UNSHIPPED', fulfilledBy: 'MERCHANT', fulfillmentServiceLevel: 'SECOND_DAY' },
    orderItems: [
      {
        orderItemId: '40000000000001',
        quantityOrdered: 2,
        product: { asin: 'B0C1MUG011', sellerSku: 'MUG-CER-11', title: 'Ceramic Coffee Mug' },
        proceeds: {
          proceedsTotal: usd('40.58'),
          breakdowns: [
            { type: 'ITEM', subtotal: usd('29.98') },
            { type: 'SHIPPING', subtotal: usd('8.99') },
            {
              type: 'TAX',
              subtotal: usd('3.11'),
              detailedBreakdowns: [
                { subtype: 'ITEM', value: usd('2.40') },
                { subtype: 'SHIPPING', value: usd('0.71') },
              ],
            },
            {
              type: 'DISCOUNT',
              subtotal: usd('-1.50'),
              detailedBreakdowns: [{ subtype: 'ITEM', value: usd('-1.50') }],
            },
          ],
        },
        fulfillment: { quantityFulfilled: 0, quantityUnfulfilled: 2 },
      },
      {
        orderItemId: '40000000000002',
        quantityOrdered: 1,
        product: { asin: 'B0C3CBL2M3' },
        proceeds: { breakdowns: [{ type: 'ITEM', subtotal: usd('9.99') }] },
        fulfillment: { quantityFulfilled: 1, quantityUnfulfilled: 0 },
      },
    ],
    ...overrides,
  };
}

describe('Amazon Orders v2026-01-01 mapping', () => {
  it('maps money, buyer, address, lines and programs', () => {
    expect(mapAmazonOrderV2026(order())).toEqual({
      externalId: '113-5550001-2223334',
      orderNumber: '113-5550001-2223334',
      orderDate: '2026-05-01T09:00:00.000Z',
      externalUpdatedAt: '2026-05-01T10:30:00.000Z',
      currency: 'USD',
      subtotal: 3997,
      shippingTotal: 899,
      taxTotal: 311,
      discountTotal: 150,
      total: 5057,
      paidTotal: 5057,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Jordan Ellis',
      customerEmail: 'x7k2@marketplace.amazon.com',
      requestedShippingMethod: 'SecondDay',
      tags: ['Prime', 'Business'],
      lines: [
        {
          externalLineId: '40000000000001',
          sku: 'MUG-CER-11',
          name: 'Ceramic Coffee Mug',
          quantity: 2,
          quantityShipped: 0,
          unitPrice: 1499,
          weight: 0,
          category: null,
          hazardous: false,
        },
        {
          externalLineId: '40000000000002',
          sku: 'B0C3CBL2M3',
          name: 'B0C3CBL2M3',
          quantity: 1,
          quantityShipped: 1,
          unitPrice: 999,
          weight: 0,
          category: null,
          hazardous: false,
        },
      ],
      billing: null,
      shipping: {
        name: 'Jordan Ellis',
        company: 'Ellis Works',
        address1: '410 Terry Ave N',
        address2: 'Floor 3, Desk 12',
        city: 'Seattle',
        state: 'WA',
        postalCode: '98109-5210',
        country: 'US',
        phone: '+1 206-555-0110',
        email: 'x7k2@marketplace.amazon.com',
      },
    });
  });

  it.each([
    ['PENDING_AVAILABILITY', 'Unpaid', 'Unshipped', false],
    ['PENDING', 'Unpaid', 'Unshipped', false],
    ['UNSHIPPED', 'Paid', 'Unshipped', false],
    ['PARTIALLY_SHIPPED', 'Paid', 'Shipped Partial', false],
    ['SHIPPED', 'Paid', 'Shipped Complete', false],
    ['CANCELLED', 'Unpaid', 'Unshipped', true],
    ['UNFULFILLABLE', 'Unpaid', 'Unshipped', true],
  ] as const)('maps %s to %s, %s, canceled %s', (status, payment, shipment, canceled) => {
    const mapped = mapAmazonOrderV2026(order({ fulfillment: { fulfillmentStatus: status } }));
    expect(mapped).toMatchObject({ paymentStatus: payment, shipmentStatus: shipment, canceled });
    expect(mapped.paidTotal).toBe(payment === 'Paid' ? 5057 : 0);
  });

  it('adds up the items when a pending order has no grand total yet, and keeps a partial address', () => {
    const mapped = mapAmazonOrderV2026(
      order({
        proceeds: undefined,
        buyer: undefined,
        recipient: {
          deliveryAddress: { city: 'Seattle', stateOrRegion: 'WA', postalCode: '98109', countryCode: 'US' },
        },
        fulfillment: { fulfillmentStatus: 'PENDING' },
      }),
    );
    expect(mapped.total).toBe(3997 + 899 + 311 - 150);
    expect(mapped.customerEmail).toBeNull();
    expect(mapped.customerName).toBeNull();
    expect(mapped.requestedShippingMethod).toBeNull();
    expect(mapped.shipping).toMatchObject({ name: '', address1: '', address2: null, city: 'Seattle', country: 'US' });
  });

  it('reads a discount as a positive amount whichever sign it has, and a missing fulfillment as open', () => {
    const base = order();
    const positive = order({
      orderItems: base.orderItems!.map((item) => ({
        ...item,
        proceeds: {
          breakdowns: item.proceeds!.breakdowns!.map((part) =>
            part.type === 'DISCOUNT' ? { ...part, subtotal: usd('1.50') } : part,
          ),
        },
      })),
      fulfillment: undefined,
    });
    const mapped = mapAmazonOrderV2026(positive);
    expect(mapped.discountTotal).toBe(150);
    expect(mapped).toMatchObject({ paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped', canceled: false });
  });

  it('spells service levels as v0 categories', () => {
    expect(serviceLevelName('STANDARD')).toBe('Standard');
    expect(serviceLevelName('FREE_ECONOMY')).toBe('FreeEconomy');
    expect(serviceLevelName('NEXT_DAY')).toBe('NextDay');
    expect(serviceLevelName('')).toBeNull();
    expect(serviceLevelName(undefined)).toBeNull();
  });
});
