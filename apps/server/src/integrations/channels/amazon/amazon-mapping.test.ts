import { describe, expect, it } from 'vitest';
import { mapAmazonOrder } from './amazon-mapping.ts';
import type { AmazonOrder, AmazonOrderItem } from './amazon-wire.ts';

/** Shaped after the getOrder / getOrderItems samples in the Orders API v0 reference. */
function sampleOrder(overrides: Partial<AmazonOrder> = {}): AmazonOrder {
  return {
    AmazonOrderId: '902-1845936-5435065',
    SellerOrderId: '902-1845936-5435065',
    PurchaseDate: '2026-05-14T17:02:11Z',
    LastUpdateDate: '2026-05-15T08:25:43Z',
    OrderStatus: 'Unshipped',
    FulfillmentChannel: 'MFN',
    SalesChannel: 'Amazon.com',
    ShipServiceLevel: 'Std US D2D Dom',
    ShipmentServiceLevelCategory: 'Standard',
    OrderTotal: { CurrencyCode: 'USD', Amount: '60.70' },
    NumberOfItemsShipped: 0,
    NumberOfItemsUnshipped: 3,
    PaymentMethod: 'Other',
    MarketplaceId: 'ATVPDKIKX0DER',
    IsPrime: true,
    IsBusinessOrder: false,
    ShippingAddress: {
      Name: 'Priya Raman',
      AddressLine1: '88 Colin P Kelly Jr St',
      AddressLine2: 'Unit 4B',
      City: 'San Francisco',
      StateOrRegion: 'CA',
      PostalCode: '94107',
      CountryCode: 'US',
      Phone: '+1 415-555-0173',
      AddressType: 'Residential',
    },
    BuyerInfo: { BuyerEmail: 'r4t6y8u0i2o4p6a@marketplace.amazon.com', BuyerName: 'P. Raman' },
    ...overrides,
  };
}

const ITEMS: AmazonOrderItem[] = [
  {
    OrderItemId: '68828574383266',
    ASIN: 'B0C1MUG011',
    SellerSKU: 'MUG-CER-11',
    Title: 'Ceramic Coffee Mug 11 oz',
    QuantityOrdered: 2,
    QuantityShipped: 0,
    ItemPrice: { CurrencyCode: 'USD', Amount: '29.98' },
    ShippingPrice: { CurrencyCode: 'USD', Amount: '5.99' },
    ItemTax: { CurrencyCode: 'USD', Amount: '2.40' },
    ShippingTax: { CurrencyCode: 'USD', Amount: '0.48' },
    ShippingDiscount: { CurrencyCode: 'USD', Amount: '1.00' },
    PromotionDiscount: { CurrencyCode: 'USD', Amount: '3.00' },
  },
  {
    OrderItemId: '68828574383267',
    ASIN: 'B0C3CBL2M3',
    Title: 'USB-C Braided Charging Cable 2 m',
    QuantityOrdered: 3,
    QuantityShipped: 1,
    ItemPrice: { CurrencyCode: 'USD', Amount: '25.00' },
    ItemTax: { CurrencyCode: 'USD', Amount: '0.85' },
  },
];

describe('mapAmazonOrder', () => {
  it('maps identity, dates, totals from the items, customer, service and address', () => {
    const order = mapAmazonOrder(sampleOrder(), ITEMS);
    expect(order).toMatchObject({
      externalId: '902-1845936-5435065',
      orderNumber: '902-1845936-5435065',
      orderDate: '2026-05-14T17:02:11.000Z',
      externalUpdatedAt: '2026-05-15T08:25:43.000Z',
      currency: 'USD',
      subtotal: 5498,
      shippingTotal: 599,
      taxTotal: 373,
      discountTotal: 400,
      total: 6070,
      paidTotal: 6070,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'P. Raman',
      customerEmail: 'r4t6y8u0i2o4p6a@marketplace.amazon.com',
      requestedShippingMethod: 'Std US D2D Dom',
      tags: ['Prime'],
      billing: null,
    });
    expect(order.shipping).toEqual({
      name: 'Priya Raman',
      company: null,
      address1: '88 Colin P Kelly Jr St',
      address2: 'Unit 4B',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94107',
      country: 'US',
      phone: '+1 415-555-0173',
      email: 'r4t6y8u0i2o4p6a@marketplace.amazon.com',
    });
  });

  it('turns ItemPrice (the line total) into a unit price', () => {
    const [mug, cable] = mapAmazonOrder(sampleOrder(), ITEMS).lines;
    expect(mug).toEqual({
      externalLineId: '68828574383266',
      sku: 'MUG-CER-11',
      name: 'Ceramic Coffee Mug 11 oz',
      quantity: 2,
      quantityShipped: 0,
      unitPrice: 1499,
      weight: 0,
      category: null,
      hazardous: false,
    });
    // No SellerSKU: the ASIN stands in. 25.00 / 3 rounds to 833 cents.
    expect(cable).toMatchObject({ sku: 'B0C3CBL2M3', quantity: 3, quantityShipped: 1, unitPrice: 833 });
  });

  it.each([
    ['Pending', 'Unpaid', 'Unshipped', false],
    ['PendingAvailability', 'Unpaid', 'Unshipped', false],
    ['Unshipped', 'Paid', 'Unshipped', false],
    ['PartiallyShipped', 'Paid', 'Shipped Partial', false],
    ['Shipped', 'Paid', 'Shipped Complete', false],
    ['InvoiceUnconfirmed', 'Paid', 'Shipped Complete', false],
    ['Canceled', 'Unpaid', 'Unshipped', true],
    ['Unfulfillable', 'Unpaid', 'Unshipped', true],
  ] as const)('status %s -> %s / %s / canceled %s', (status, payment, shipment, canceled) => {
    const order = mapAmazonOrder(sampleOrder({ OrderStatus: status }), ITEMS);
    expect(order).toMatchObject({ paymentStatus: payment, shipmentStatus: shipment, canceled });
    expect(order.paidTotal).toBe(payment === 'Paid' ? 6070 : 0);
  });

  it('keeps the partial address and no buyer details when no Restricted Data Token was granted', () => {
    const order = mapAmazonOrder(
      sampleOrder({
        BuyerInfo: undefined,
        ShippingAddress: { City: 'San Francisco', StateOrRegion: 'CA', PostalCode: '94107', CountryCode: 'US' },
      }),
      ITEMS,
    );
    expect(order.customerName).toBeNull();
    expect(order.customerEmail).toBeNull();
    expect(order.shipping).toEqual({
      name: '',
      company: null,
      address1: '',
      address2: null,
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94107',
      country: 'US',
      phone: null,
      email: null,
    });
  });

  it('uses the ship-to name when the buyer name is missing, and the service category when the level is', () => {
    const order = mapAmazonOrder(
      sampleOrder({ BuyerInfo: { BuyerEmail: 'a@marketplace.amazon.com' }, ShipServiceLevel: undefined }),
      ITEMS,
    );
    expect(order.customerName).toBe('Priya Raman');
    expect(order.requestedShippingMethod).toBe('Standard');
  });

  it('maps a Pending order without OrderTotal or item prices to zeros', () => {
    const unpriced = ITEMS.map(({ OrderItemId, ASIN, SellerSKU, Title, QuantityOrdered }) => ({
      OrderItemId,
      ASIN,
      SellerSKU,
      Title,
      QuantityOrdered,
    }));
    const order = mapAmazonOrder(
      sampleOrder({ OrderStatus: 'Pending', OrderTotal: undefined, ShippingAddress: undefined, BuyerInfo: undefined }),
      unpriced,
    );
    expect(order).toMatchObject({ currency: 'USD', subtotal: 0, total: 0, paidTotal: 0, shipping: null });
    expect(order.lines.map((line) => line.unitPrice)).toEqual([0, 0]);
  });

  it('tags business orders and joins a third address line', () => {
    const order = mapAmazonOrder(
      sampleOrder({
        IsPrime: false,
        IsBusinessOrder: true,
        ShippingAddress: {
          Name: 'Jordan Ellis',
          CompanyName: 'Ellis Supply Co',
          AddressLine1: '410 Terry Ave N',
          AddressLine2: 'Floor 3',
          AddressLine3: 'Receiving',
          City: 'Seattle',
          StateOrRegion: 'WA',
          PostalCode: '98109-5210',
          CountryCode: 'us',
        },
      }),
      ITEMS,
    );
    expect(order.tags).toEqual(['Business']);
    expect(order.shipping).toMatchObject({ company: 'Ellis Supply Co', address2: 'Floor 3, Receiving', country: 'US' });
  });
});
