import { describe, expect, it } from 'vitest';
import { ChannelError } from '../../http/channel-http.ts';
import {
  bcDateToIso,
  bcPaymentStatus,
  bcShipmentStatus,
  mapBigcommerceOrder,
  parseLengthUnit,
  parseWeightUnit,
} from './bigcommerce-mapping.ts';
import type { BcOrder, BcOrderProduct, BcShippingAddress } from './bigcommerce-wire.ts';

// Shaped after the Orders V2 reference examples: decimal strings with four places, RFC-2822 dates.
function order(overrides: Partial<BcOrder> = {}): BcOrder {
  return {
    id: 1204,
    customer_id: 11,
    date_created: 'Tue, 05 Mar 2019 21:43:38 +0000',
    date_modified: 'Wed, 06 Mar 2019 09:15:02 +0000',
    date_shipped: '',
    status_id: 11,
    status: 'Awaiting Fulfillment',
    subtotal_ex_tax: '134.9800',
    subtotal_inc_tax: '146.1200',
    subtotal_tax: '11.1400',
    shipping_cost_ex_tax: '12.4900',
    shipping_cost_inc_tax: '12.4900',
    handling_cost_ex_tax: '2.0000',
    wrapping_cost_ex_tax: '0.0000',
    total_ex_tax: '136.4700',
    total_inc_tax: '147.6100',
    total_tax: '11.1400',
    items_total: 3,
    items_shipped: 0,
    payment_method: 'Credit Card',
    payment_status: 'captured',
    refunded_amount: '0.0000',
    discount_amount: '0.0000',
    coupon_discount: '13.0000',
    currency_code: 'EUR',
    default_currency_code: 'usd',
    customer_message: '',
    staff_notes: '',
    is_deleted: false,
    billing_address: {
      first_name: 'Jane',
      last_name: 'Doe',
      company: '',
      street_1: '123 Main Street',
      street_2: '',
      city: 'Austin',
      state: 'Texas',
      zip: '78751',
      country: 'United States',
      country_iso2: 'US',
      phone: '555-0100',
      email: 'janedoe@example.com',
    },
    channel_id: 1,
    external_order_id: null,
    order_source: 'www',
    products: { url: '', resource: '/orders/1204/products' },
    shipping_addresses: { url: '', resource: '/orders/1204/shipping_addresses' },
    ...overrides,
  };
}

const products: BcOrderProduct[] = [
  {
    id: 88,
    order_id: 1204,
    product_id: 184,
    variant_id: 1841,
    order_address_id: 41,
    name: 'BigCommerce Coffee Mug',
    sku: ' MUG-GRY ',
    type: 'physical',
    base_price: '45.0000',
    price_ex_tax: '45.0000',
    price_inc_tax: '48.7100',
    total_ex_tax: '90.0000',
    total_inc_tax: '97.4200',
    weight: '1.5000',
    width: '0.0000',
    height: '0.0000',
    depth: '0.0000',
    quantity: 2,
    quantity_shipped: 1,
    quantity_refunded: 0,
  },
  {
    id: 89,
    order_id: 1204,
    product_id: 77,
    variant_id: 771,
    order_address_id: 41,
    name: 'BigCommerce Poster',
    sku: 'PST-1',
    type: 'physical',
    base_price: '44.9800',
    price_ex_tax: '44.9800',
    price_inc_tax: '48.7000',
    total_ex_tax: '44.9800',
    total_inc_tax: '48.7000',
    weight: 0.25,
    width: '0.0000',
    height: '0.0000',
    depth: '0.0000',
    quantity: 1,
    quantity_shipped: 0,
    quantity_refunded: 0,
  },
];

const shippingAddresses: BcShippingAddress[] = [
  {
    id: 41,
    order_id: 1204,
    first_name: 'Trish',
    last_name: 'Smith',
    company: 'Acme Pty Ltd',
    street_1: '666 Sussex St',
    street_2: 'Suite 4',
    city: 'Toronto',
    state: 'Ontario',
    zip: 'M5V 2T6',
    country: 'Canada',
    country_iso2: 'ca',
    phone: '',
    email: 'trish@example.com',
    items_total: 3,
    items_shipped: 0,
    shipping_method: 'UPS Ground',
    cost_ex_tax: '12.4900',
    cost_inc_tax: '12.4900',
  },
  {
    id: 42,
    order_id: 1204,
    first_name: 'Second',
    last_name: 'Address',
    company: '',
    street_1: '1 Other Rd',
    street_2: '',
    city: 'Denver',
    state: 'Colorado',
    zip: '80202',
    country: 'United States',
    country_iso2: 'US',
    phone: '',
    email: '',
    items_total: 0,
    items_shipped: 0,
    shipping_method: 'Free Shipping',
    cost_ex_tax: '0.0000',
    cost_inc_tax: '0.0000',
  },
];

describe('mapBigcommerceOrder', () => {
  it('maps a V2 order with its products and first shipping address', () => {
    const mapped = mapBigcommerceOrder(order(), products, shippingAddresses);
    expect(mapped).toMatchObject({
      externalId: '1204',
      orderNumber: '1204',
      orderDate: '2019-03-05T21:43:38.000Z',
      externalUpdatedAt: '2019-03-06T09:15:02.000Z',
      currency: 'USD',
      subtotal: 13498,
      shippingTotal: 1249 + 200,
      taxTotal: 1114,
      discountTotal: 1300,
      total: 14761,
      paidTotal: 14761,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Jane Doe',
      customerEmail: 'janedoe@example.com',
      requestedShippingMethod: 'UPS Ground',
      tags: [],
    });
    expect(mapped.billing).toEqual({
      name: 'Jane Doe',
      company: null,
      address1: '123 Main Street',
      address2: null,
      city: 'Austin',
      state: 'Texas',
      postalCode: '78751',
      country: 'US',
      phone: '555-0100',
      email: 'janedoe@example.com',
    });
    expect(mapped.shipping).toEqual({
      name: 'Trish Smith',
      company: 'Acme Pty Ltd',
      address1: '666 Sussex St',
      address2: 'Suite 4',
      city: 'Toronto',
      state: 'Ontario',
      postalCode: 'M5V 2T6',
      country: 'CA',
      phone: null,
      email: 'trish@example.com',
    });
    expect(mapped.lines).toEqual([
      {
        externalLineId: '88',
        sku: 'MUG-GRY',
        name: 'BigCommerce Coffee Mug',
        quantity: 2,
        quantityShipped: 1,
        unitPrice: 4500,
        weight: 680, // 1.5 lb
        category: null,
        hazardous: false,
      },
      expect.objectContaining({ externalLineId: '89', unitPrice: 4498, weight: 113, quantityShipped: 0 }),
    ]);
  });

  it('converts weights from the store unit', () => {
    const inKg = mapBigcommerceOrder(order(), products, shippingAddresses, { weightUnit: 'kg' });
    expect(inKg.lines.map((l) => l.weight)).toEqual([1500, 250]);
    const inOz = mapBigcommerceOrder(order(), products, shippingAddresses, { weightUnit: 'oz' });
    expect(inOz.lines[0]!.weight).toBe(43);
    expect(parseWeightUnit('KGS')).toBe('kg');
    expect(parseWeightUnit('Ounces')).toBe('oz');
    expect(parseWeightUnit('grams')).toBe('g');
    expect(parseWeightUnit(undefined)).toBe('lb');
    expect(parseWeightUnit('LBS')).toBe('lb');
  });

  it("reads a product's sides in the store's length unit (depth as length), only when all three are given", () => {
    const boxed = [
      { ...products[0]!, depth: '13.0000', width: '8.0000', height: '5.0000' },
      { ...products[1]!, depth: '12.0000', width: '0.0000', height: '3.0000' },
    ];
    const inches = mapBigcommerceOrder(order(), boxed, shippingAddresses);
    expect(inches.lines[0]!.size).toEqual({ length: 13, width: 8, height: 5 });
    expect(inches.lines[1]!.size).toBeUndefined();
    const cm = mapBigcommerceOrder(order(), [{ ...boxed[0]!, depth: '25.4', width: '12.7', height: '2.54' }], [], {
      lengthUnit: 'cm',
    });
    expect(cm.lines[0]!.size).toEqual({ length: 10, width: 5, height: 1 });
    expect(parseLengthUnit('Centimeters')).toBe('cm');
    expect(parseLengthUnit('cm')).toBe('cm');
    expect(parseLengthUnit('Inches')).toBe('in');
    expect(parseLengthUnit(undefined)).toBe('in');
  });

  it('has no shipping address or requested method for a digital order', () => {
    const mapped = mapBigcommerceOrder(order(), [], []);
    expect(mapped.shipping).toBeNull();
    expect(mapped.requestedShippingMethod).toBeNull();
    expect(mapped.lines).toEqual([]);
  });

  it('maps the status ids to our payment, shipment and canceled states', () => {
    const cases: Array<[number, string, string, boolean]> = [
      [0, 'Unpaid', 'Unshipped', false],
      [1, 'Unpaid', 'Unshipped', false],
      [2, 'Paid', 'Shipped Complete', false],
      [3, 'Paid', 'Shipped Partial', false],
      [4, 'Paid', 'Unshipped', false],
      [5, 'Paid', 'Unshipped', true],
      [6, 'Unpaid', 'Unshipped', true],
      [7, 'Unpaid', 'Unshipped', false],
      [9, 'Paid', 'Unshipped', false],
      [10, 'Paid', 'Shipped Complete', false],
      [11, 'Paid', 'Unshipped', false],
      [14, 'Paid', 'Unshipped', false],
    ];
    for (const [statusId, payment, shipment, canceled] of cases) {
      const mapped = mapBigcommerceOrder(order({ status_id: statusId }), products, shippingAddresses);
      expect([statusId, mapped.paymentStatus, mapped.shipmentStatus, mapped.canceled]).toEqual([
        statusId,
        payment,
        shipment,
        canceled,
      ]);
      expect(mapped.paidTotal).toBe(payment === 'Paid' ? mapped.total : 0);
    }
  });

  it('keeps the shipped state of a refunded order from its item counters', () => {
    expect(bcShipmentStatus({ status_id: 4, items_total: 3, items_shipped: 3 })).toBe('Shipped Complete');
    expect(bcShipmentStatus({ status_id: 14, items_total: 3, items_shipped: 1 })).toBe('Shipped Partial');
    expect(bcPaymentStatus(14)).toBe('Paid');
  });

  it('reads RFC-2822 dates and refuses unreadable ones', () => {
    expect(bcDateToIso('Thu, 01 Jan 2026 00:00:00 -0500')).toBe('2026-01-01T05:00:00.000Z');
    expect(bcDateToIso('')).toBeNull();
    expect(() => bcDateToIso('yesterday-ish')).toThrow(ChannelError);
    expect(() => mapBigcommerceOrder(order({ date_modified: '' }), [], [])).toThrow(/date_modified/);
  });
});
