import { describe, expect, it } from 'vitest';
import type { MagentoAddress, MagentoOrder, MagentoOrderItem } from './magento-wire.ts';
import { generateMagentoOrders } from '@shipdesk/fakes';
import { isoToMagentoDate, magentoDateToIso, mapMagentoOrder, visibleItems } from './magento-mapping.ts';

const billing: MagentoAddress = {
  address_type: 'billing',
  firstname: 'Veronica',
  lastname: 'Costello',
  company: null,
  street: ['6146 Honey Bluff Parkway'],
  city: 'Calder',
  region: 'Michigan',
  region_code: 'MI',
  postcode: '49628-7978',
  country_id: 'US',
  telephone: '(555) 229-3326',
  email: 'roni_cost@example.com',
};

const shipping: MagentoAddress = {
  ...billing,
  address_type: 'shipping',
  firstname: 'Daniel',
  lastname: 'Moreau',
  company: 'Luma Retail LLC',
  street: ['100 Main Street', 'Suite 4', ''],
  region_code: null,
  region: 'Oregon',
  city: 'Portland',
  postcode: '97205',
  country_id: 'us',
};

function item(overrides: Partial<MagentoOrderItem>): MagentoOrderItem {
  return {
    item_id: 1,
    sku: '24-MB01',
    name: 'Joust Duffle Bag',
    product_type: 'simple',
    parent_item_id: null,
    qty_ordered: 1,
    qty_shipped: 0,
    qty_canceled: 0,
    price: 34,
    row_total: 34,
    weight: 1,
    ...overrides,
  };
}

function order(overrides: Partial<MagentoOrder> = {}): MagentoOrder {
  return {
    entity_id: 42,
    increment_id: '000000042',
    state: 'processing',
    status: 'processing',
    created_at: '2026-03-10 14:30:05',
    updated_at: '2026-03-11 09:15:00',
    order_currency_code: 'USD',
    base_currency_code: 'USD',
    grand_total: 149.83,
    subtotal: 138,
    shipping_amount: 10,
    tax_amount: 9.63,
    discount_amount: -7.8,
    total_paid: 149.83,
    total_due: 0,
    weight: 3.2,
    shipping_description: 'Flat Rate - Fixed',
    customer_email: 'roni_cost@example.com',
    customer_firstname: 'Veronica',
    customer_lastname: 'Costello',
    payment: { method: 'checkmo' },
    items: [
      item({
        item_id: 7,
        sku: 'MH01-M-Black',
        name: 'Chaz Kangeroo Hoodie',
        product_type: 'configurable',
        qty_ordered: 2,
        price: 52,
        row_total: 104,
        weight: 1.1,
      }),
      item({
        item_id: 8,
        sku: 'MH01-M-Black',
        name: 'Chaz Kangeroo Hoodie-M-Black',
        parent_item_id: 7,
        qty_ordered: 2,
        price: 0,
        row_total: 0,
        weight: 1.1,
      }),
      item({ item_id: 9 }),
    ],
    billing_address: billing,
    extension_attributes: {
      shipping_assignments: [{ shipping: { address: shipping, method: 'flatrate_flatrate' } }],
    },
    ...overrides,
  };
}

describe('mapMagentoOrder', () => {
  it('maps a processing, paid order with a configurable product', () => {
    const mapped = mapMagentoOrder(order());
    expect(mapped).toMatchObject({
      externalId: '42',
      orderNumber: '000000042',
      orderDate: '2026-03-10T14:30:05.000Z',
      externalUpdatedAt: '2026-03-11T09:15:00.000Z',
      currency: 'USD',
      subtotal: 13800,
      shippingTotal: 1000,
      taxTotal: 963,
      discountTotal: 780,
      total: 14983,
      paidTotal: 14983,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Veronica Costello',
      customerEmail: 'roni_cost@example.com',
      requestedShippingMethod: 'Flat Rate - Fixed',
      tags: [],
    });
    expect(mapped.billing).toEqual({
      name: 'Veronica Costello',
      company: null,
      address1: '6146 Honey Bluff Parkway',
      address2: null,
      city: 'Calder',
      state: 'MI',
      postalCode: '49628-7978',
      country: 'US',
      phone: '(555) 229-3326',
      email: 'roni_cost@example.com',
    });
    expect(mapped.shipping).toMatchObject({
      name: 'Daniel Moreau',
      company: 'Luma Retail LLC',
      address1: '100 Main Street',
      address2: 'Suite 4',
      state: 'Oregon',
      country: 'US',
    });
  });

  it('skips the child of a configurable parent so the product counts once', () => {
    const mapped = mapMagentoOrder(order());
    expect(mapped.lines).toEqual([
      {
        externalLineId: '7',
        sku: 'MH01-M-Black',
        name: 'Chaz Kangeroo Hoodie',
        quantity: 2,
        quantityShipped: 0,
        unitPrice: 5200,
        weight: 499,
        category: null,
        hazardous: false,
      },
      expect.objectContaining({ externalLineId: '9', quantity: 1, unitPrice: 3400, weight: 454 }),
    ]);
    expect(visibleItems(order()).map((i) => i.item_id)).toEqual([7, 9]);
  });

  it('reads weights in kilograms for a store that uses them', () => {
    expect(mapMagentoOrder(order(), 'kgs').lines.map((l) => l.weight)).toEqual([1100, 1000]);
  });

  it('derives the shipment status from the state and the shipped quantities', () => {
    const shippedOne = order({
      items: [item({ item_id: 1, qty_ordered: 2, qty_shipped: 1 }), item({ item_id: 2 })],
    });
    expect(mapMagentoOrder(shippedOne).shipmentStatus).toBe('Shipped Partial');

    const allShipped = order({ items: [item({ item_id: 1, qty_shipped: 1 })] });
    expect(mapMagentoOrder(allShipped).shipmentStatus).toBe('Shipped Complete');

    const canceledRest = order({
      items: [item({ item_id: 1, qty_shipped: 1 }), item({ item_id: 2, qty_canceled: 1 })],
    });
    expect(mapMagentoOrder(canceledRest).shipmentStatus).toBe('Shipped Complete');

    expect(mapMagentoOrder(order({ state: 'complete' })).shipmentStatus).toBe('Shipped Complete');
    expect(mapMagentoOrder(order({ state: 'closed' })).shipmentStatus).toBe('Shipped Complete');
  });

  it('flags canceled orders', () => {
    const mapped = mapMagentoOrder(order({ state: 'canceled', status: 'canceled', total_paid: null }));
    expect(mapped).toMatchObject({ canceled: true, paymentStatus: 'Unpaid', paidTotal: 0 });
  });

  it('derives the payment status from total_paid and total_due', () => {
    expect(mapMagentoOrder(order({ total_paid: 50, total_due: 99.83 }))).toMatchObject({
      paymentStatus: 'Paid Partial',
      paidTotal: 5000,
    });
    expect(mapMagentoOrder(order({ total_paid: null, total_due: 149.83 })).paymentStatus).toBe('Unpaid');
    expect(mapMagentoOrder(order({ total_paid: 0, total_due: 0 })).paymentStatus).toBe('Unpaid');
  });

  it('falls back to the billing name and no shipping address when Magento sends none', () => {
    const mapped = mapMagentoOrder(
      order({ customer_firstname: null, customer_lastname: null, extension_attributes: null }),
    );
    expect(mapped.customerName).toBe('Veronica Costello');
    expect(mapped.shipping).toBeNull();
  });

  it('converts between Magento UTC dates and ISO', () => {
    expect(magentoDateToIso('2026-01-02 03:04:05')).toBe('2026-01-02T03:04:05.000Z');
    expect(isoToMagentoDate('2026-01-02T04:04:05.789+01:00')).toBe('2026-01-02 03:04:05');
    expect(() => magentoDateToIso('yesterday')).toThrow(/unreadable date/);
  });

  it('maps every generated order with totals that add up', () => {
    for (const generated of generateMagentoOrders(30, 5, Date.UTC(2026, 2, 1))) {
      const mapped = mapMagentoOrder(generated);
      expect(mapped.total).toBe(mapped.subtotal + mapped.shippingTotal + mapped.taxTotal - mapped.discountTotal);
      expect(mapped.lines.length).toBe(generated.items.filter((i) => i.parent_item_id === null).length);
    }
  });
});
