import { describe, expect, it } from 'vitest';
import {
  gramsOf,
  legacyIdOf,
  mapShopifyOrder,
  orderGid,
  paymentStatusOf,
  shipmentStatusOf,
} from './shopify-mapping.ts';
import type { ShopifyOrder } from './shopify-queries.ts';

const usd = (amount: string) => ({ shopMoney: { amount, currencyCode: 'USD' } });

/** An order as the GraphQL Admin API answers ShipdeskListOrders (only the selected fields). */
function shopifyOrder(overrides: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: 'gid://shopify/Order/5801340005276',
    legacyResourceId: '5801340005276',
    name: '#1001',
    createdAt: '2026-03-02T14:05:11Z',
    updatedAt: '2026-03-02T16:40:09Z',
    processedAt: '2026-03-02T14:05:10Z',
    cancelledAt: null,
    displayFinancialStatus: 'PAID',
    displayFulfillmentStatus: 'UNFULFILLED',
    currencyCode: 'USD',
    email: 'leo.wilson@example.com',
    tags: ['gift', 'priority'],
    totalPriceSet: usd('118.58'),
    totalShippingPriceSet: usd('8.95'),
    totalTaxSet: usd('7.83'),
    totalDiscountsSet: usd('10.2'),
    totalOutstandingSet: usd('0.0'),
    customer: { displayName: 'Leo Wilson' },
    shippingAddress: {
      name: 'Leo Wilson',
      company: null,
      address1: '6000 Church Street',
      address2: 'Apt 4B',
      city: 'Atlanta',
      province: 'Georgia',
      provinceCode: 'GA',
      zip: '30307',
      countryCodeV2: 'US',
      phone: '+14045550104',
    },
    billingAddress: {
      name: 'Leo Wilson',
      company: 'Brightside Studio',
      address1: '12 Park Boulevard',
      address2: '',
      city: 'Atlanta',
      province: 'Georgia',
      provinceCode: 'GA',
      zip: '30307',
      countryCodeV2: 'US',
      phone: null,
    },
    shippingLine: { title: 'USPS Priority Mail', code: 'usps_priority_mail' },
    lineItems: {
      pageInfo: { hasNextPage: false, endCursor: 'eyJvZmZzZXQiOjF9' },
      nodes: [
        {
          id: 'gid://shopify/LineItem/14203500000000',
          sku: 'TEE-CRW-BLK-M',
          name: 'Classic Crew Tee - Black / M',
          quantity: 2,
          unfulfilledQuantity: 2,
          originalUnitPriceSet: usd('28.0'),
          variant: { inventoryItem: { measurement: { weight: { unit: 'OUNCES', value: 6.2 } } } },
        },
        {
          id: 'gid://shopify/LineItem/14203500000001',
          sku: 'PO-CER',
          name: 'Ceramic Pour-Over Set',
          quantity: 1,
          unfulfilledQuantity: 1,
          originalUnitPriceSet: usd('56.0'),
          variant: { inventoryItem: { measurement: { weight: { unit: 'KILOGRAMS', value: 1.1 } } } },
        },
      ],
    },
    ...overrides,
  };
}

describe('mapShopifyOrder', () => {
  it('maps a paid, unshipped order with every field', () => {
    expect(mapShopifyOrder(shopifyOrder())).toEqual({
      externalId: '5801340005276',
      orderNumber: '#1001',
      orderDate: '2026-03-02T14:05:10.000Z',
      externalUpdatedAt: '2026-03-02T16:40:09.000Z',
      currency: 'USD',
      // total 118.58 = lines 112.00 + shipping 8.95 + tax 7.83 - discount 10.20
      subtotal: 11200,
      shippingTotal: 895,
      taxTotal: 783,
      discountTotal: 1020,
      total: 11858,
      paidTotal: 11858,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Leo Wilson',
      customerEmail: 'leo.wilson@example.com',
      requestedShippingMethod: 'USPS Priority Mail',
      tags: ['gift', 'priority'],
      lines: [
        {
          externalLineId: '14203500000000',
          sku: 'TEE-CRW-BLK-M',
          name: 'Classic Crew Tee - Black / M',
          quantity: 2,
          quantityShipped: 0,
          unitPrice: 2800,
          weight: 176,
          category: null,
          hazardous: false,
        },
        {
          externalLineId: '14203500000001',
          sku: 'PO-CER',
          name: 'Ceramic Pour-Over Set',
          quantity: 1,
          quantityShipped: 0,
          unitPrice: 5600,
          weight: 1100,
          category: null,
          hazardous: false,
        },
      ],
      shipping: {
        name: 'Leo Wilson',
        company: null,
        address1: '6000 Church Street',
        address2: 'Apt 4B',
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30307',
        country: 'US',
        phone: '+14045550104',
        email: 'leo.wilson@example.com',
      },
      billing: {
        name: 'Leo Wilson',
        company: 'Brightside Studio',
        address1: '12 Park Boulevard',
        address2: null,
        city: 'Atlanta',
        state: 'GA',
        postalCode: '30307',
        country: 'US',
        phone: null,
        email: 'leo.wilson@example.com',
      },
    });
  });

  it.each([
    ['PAID', 'Paid'],
    ['PARTIALLY_REFUNDED', 'Paid'],
    ['REFUNDED', 'Paid'],
    ['PARTIALLY_PAID', 'Paid Partial'],
    ['PENDING', 'Unpaid'],
    ['AUTHORIZED', 'Unpaid'],
    ['EXPIRED', 'Unpaid'],
    ['VOIDED', 'Unpaid'],
    [null, 'Unpaid'],
  ] as const)('financial status %s is %s', (shopify, ours) => {
    expect(paymentStatusOf(shopify)).toBe(ours);
  });

  it.each([
    ['FULFILLED', 'Shipped Complete'],
    ['PARTIALLY_FULFILLED', 'Shipped Partial'],
    ['UNFULFILLED', 'Unshipped'],
    ['ON_HOLD', 'Unshipped'],
    ['RESTOCKED', 'Unshipped'],
    ['IN_PROGRESS', 'Unshipped'],
  ] as const)('fulfillment status %s is %s', (shopify, ours) => {
    expect(shipmentStatusOf(shopify)).toBe(ours);
  });

  it('counts paid money only when paid: the received part of a partly paid order, none of a pending one', () => {
    const partly = mapShopifyOrder(
      shopifyOrder({ displayFinancialStatus: 'PARTIALLY_PAID', totalOutstandingSet: usd('59.29') }),
    );
    expect(partly).toMatchObject({ paymentStatus: 'Paid Partial', total: 11858, paidTotal: 5929 });
    const pending = mapShopifyOrder(
      shopifyOrder({ displayFinancialStatus: 'PENDING', totalOutstandingSet: usd('118.58') }),
    );
    expect(pending).toMatchObject({ paymentStatus: 'Unpaid', paidTotal: 0 });
  });

  it("carries the customs facts the shop set on a line's inventory item, and none where it set none", () => {
    const order = shopifyOrder();
    order.lineItems.nodes[0]!.variant = {
      inventoryItem: {
        measurement: { weight: { unit: 'OUNCES', value: 6.2 } },
        harmonizedSystemCode: '610910',
        countryCodeOfOrigin: 'PT',
      },
    };
    const [tee, pourOver] = mapShopifyOrder(order).lines;
    expect(tee!.customs).toEqual({ hsCode: '610910', originCountry: 'PT' });
    expect(pourOver!.customs).toBeUndefined();
  });

  it('marks cancelled orders and counts shipped quantities per line', () => {
    const order = shopifyOrder({
      cancelledAt: '2026-03-03T09:00:00Z',
      displayFinancialStatus: 'REFUNDED',
      displayFulfillmentStatus: 'PARTIALLY_FULFILLED',
    });
    order.lineItems.nodes[0]!.unfulfilledQuantity = 1;
    order.lineItems.nodes[1]!.unfulfilledQuantity = 0;
    const mapped = mapShopifyOrder(order);
    expect(mapped).toMatchObject({ canceled: true, paymentStatus: 'Paid', shipmentStatus: 'Shipped Partial' });
    expect(mapped.lines.map((l) => l.quantityShipped)).toEqual([1, 1]);
  });

  it('keeps amounts in the minor units of currencies without cents', () => {
    const yen = (amount: string) => ({ shopMoney: { amount, currencyCode: 'JPY' } });
    const order = shopifyOrder({
      currencyCode: 'JPY',
      totalPriceSet: yen('12400.0'),
      totalShippingPriceSet: yen('800.0'),
      totalTaxSet: yen('1100.0'),
      totalDiscountsSet: yen('0.0'),
    });
    order.lineItems.nodes = [{ ...order.lineItems.nodes[0]!, originalUnitPriceSet: yen('5250.0') }];
    const mapped = mapShopifyOrder(order);
    expect(mapped).toMatchObject({
      currency: 'JPY',
      total: 12400,
      shippingTotal: 800,
      taxTotal: 1100,
      subtotal: 10500,
    });
    expect(mapped.lines[0]!.unitPrice).toBe(5250);
  });

  it('keeps the total identity for tax-inclusive shops', () => {
    const eur = (amount: string) => ({ shopMoney: { amount, currencyCode: 'EUR' } });
    // 100.00 of goods with 19 % VAT included (15.97), 4.90 shipping: Shopify's total is 104.90.
    const mapped = mapShopifyOrder(
      shopifyOrder({
        currencyCode: 'EUR',
        totalPriceSet: eur('104.9'),
        totalShippingPriceSet: eur('4.9'),
        totalTaxSet: eur('15.97'),
        totalDiscountsSet: eur('0.0'),
      }),
    );
    expect(mapped.subtotal + mapped.shippingTotal + mapped.taxTotal - mapped.discountTotal).toBe(mapped.total);
  });

  it('falls back sensibly when optional parts are missing', () => {
    const order = shopifyOrder({
      legacyResourceId: '',
      processedAt: null,
      customer: null,
      email: null,
      shippingLine: null,
      shippingAddress: null,
      totalTaxSet: null,
      totalDiscountsSet: null,
      tags: [],
    });
    order.lineItems.nodes = [{ ...order.lineItems.nodes[0]!, sku: null, variant: null }];
    const mapped = mapShopifyOrder(order);
    expect(mapped).toMatchObject({
      externalId: '5801340005276',
      orderDate: '2026-03-02T14:05:11.000Z',
      customerName: 'Leo Wilson',
      customerEmail: null,
      requestedShippingMethod: null,
      shipping: null,
      taxTotal: 0,
      discountTotal: 0,
      tags: [],
    });
    expect(mapped.lines[0]).toMatchObject({ sku: '', weight: 0 });
    expect(mapped.billing?.email).toBeNull();
  });
});

describe('ids and weights', () => {
  it('converts every Shopify weight unit to whole grams', () => {
    expect(gramsOf({ unit: 'GRAMS', value: 85 })).toBe(85);
    expect(gramsOf({ unit: 'KILOGRAMS', value: 0.45 })).toBe(450);
    expect(gramsOf({ unit: 'OUNCES', value: 14 })).toBe(397);
    expect(gramsOf({ unit: 'POUNDS', value: 5.1 })).toBe(2313);
    expect(gramsOf({ unit: 'POUNDS', value: 0 })).toBe(0);
    expect(gramsOf(null)).toBe(0);
  });

  it('reads and builds order GIDs', () => {
    expect(legacyIdOf('gid://shopify/LineItem/14203500000001')).toBe('14203500000001');
    expect(legacyIdOf('gid://shopify/Order/5801340005276?foo=1')).toBe('5801340005276');
    expect(orderGid('5801340005276')).toBe('gid://shopify/Order/5801340005276');
    expect(orderGid('gid://shopify/Order/5801340005276')).toBe('gid://shopify/Order/5801340005276');
    expect(orderGid('#1001')).toBeNull();
    expect(orderGid('gid://shopify/Customer/1')).toBeNull();
  });
});
