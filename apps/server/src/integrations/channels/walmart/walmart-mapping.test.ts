import { describe, expect, it } from 'vitest';
import type { WalmartLineStatus, WalmartOrder, WalmartOrderLine } from './walmart-wire.ts';
import { generateWalmartOrders } from '@shipdesk/fakes';
import { lineQuantityOpen, mapWalmartOrder, walmartCountry, walmartUpdatedAt } from './walmart-mapping.ts';

const ORDER_DATE = Date.UTC(2026, 2, 10, 14, 30, 0);

function line(lineNumber: string, statuses: WalmartLineStatus[], overrides: Partial<WalmartOrderLine> = {}) {
  return {
    lineNumber,
    item: { productName: 'Stainless Electric Kettle 1.7L', sku: 'WM-KETTLE-01', weight: { value: '2.5', unit: 'LB' } },
    charges: {
      charge: [
        {
          chargeType: 'PRODUCT',
          chargeName: 'ItemPrice',
          chargeAmount: { currency: 'USD', amount: 49.94 },
          tax: { taxName: 'Tax1', taxAmount: { currency: 'USD', amount: 4.12 } },
        },
        {
          chargeType: 'SHIPPING',
          chargeName: 'Shipping',
          chargeAmount: { currency: 'USD', amount: 5.99 },
          tax: { taxName: 'Tax1', taxAmount: { currency: 'USD', amount: 0.49 } },
        },
      ],
    },
    orderLineQuantity: { unitOfMeasurement: 'EACH', amount: '2' },
    statusDate: ORDER_DATE + 3_600_000,
    orderLineStatuses: { orderLineStatus: statuses },
    ...overrides,
  } satisfies WalmartOrderLine;
}

const qty = (amount: string) => ({ unitOfMeasurement: 'EACH', amount });

function order(lines: WalmartOrderLine[]): WalmartOrder {
  return {
    purchaseOrderId: '1796277083022',
    customerOrderId: '5281956426648',
    customerEmailId: '3A31739D8B0A45A1B23F7F8C81C8747F@relay.walmart.com',
    orderType: 'REGULAR',
    orderDate: ORDER_DATE,
    shippingInfo: {
      phone: '3155598764',
      estimatedDeliveryDate: ORDER_DATE + 5 * 86_400_000,
      estimatedShipDate: ORDER_DATE + 86_400_000,
      methodCode: 'Express',
      postalAddress: {
        name: 'Maria Lopez',
        address1: '3258BWarners rd',
        address2: 'Garage',
        city: 'Warners',
        state: 'NY',
        postalCode: '13164',
        country: 'USA',
        addressType: 'RESIDENTIAL',
      },
    },
    orderLines: { orderLine: lines },
  };
}

describe('mapWalmartOrder', () => {
  it('sums the line charges into the totals and maps the order fields', () => {
    const mapped = mapWalmartOrder(
      order([
        line('1', [{ status: 'Acknowledged', statusQuantity: qty('2') }]),
        line('2', [{ status: 'Created', statusQuantity: qty('1') }], {
          item: { productName: 'LED Desk Lamp', sku: 'WM-LAMP-LED', weight: { value: '12', unit: 'OZ' } },
          orderLineQuantity: qty('1'),
          statusDate: ORDER_DATE + 7_200_000,
          charges: {
            charge: [{ chargeType: 'PRODUCT', chargeAmount: { currency: 'USD', amount: '17.50' }, tax: null }],
          },
        }),
      ]),
    );
    expect(mapped).toMatchObject({
      externalId: '1796277083022',
      orderNumber: '5281956426648',
      orderDate: '2026-03-10T14:30:00.000Z',
      externalUpdatedAt: '2026-03-10T16:30:00.000Z',
      currency: 'USD',
      subtotal: 4994 + 1750,
      shippingTotal: 599,
      taxTotal: 412 + 49,
      discountTotal: 0,
      total: 4994 + 1750 + 599 + 412 + 49,
      paidTotal: 4994 + 1750 + 599 + 412 + 49,
      paymentStatus: 'Paid',
      shipmentStatus: 'Unshipped',
      canceled: false,
      customerName: 'Maria Lopez',
      customerEmail: '3A31739D8B0A45A1B23F7F8C81C8747F@relay.walmart.com',
      requestedShippingMethod: 'Express',
      tags: [],
      billing: null,
      shipping: {
        name: 'Maria Lopez',
        company: null,
        address1: '3258BWarners rd',
        address2: 'Garage',
        city: 'Warners',
        state: 'NY',
        postalCode: '13164',
        country: 'US',
        phone: '3155598764',
        email: '3A31739D8B0A45A1B23F7F8C81C8747F@relay.walmart.com',
      },
    });
    expect(mapped.lines).toEqual([
      {
        externalLineId: '1',
        sku: 'WM-KETTLE-01',
        name: 'Stainless Electric Kettle 1.7L',
        quantity: 2,
        quantityShipped: 0,
        unitPrice: 2497,
        weight: 1134,
        category: null,
        hazardous: false,
      },
      expect.objectContaining({ externalLineId: '2', quantity: 1, unitPrice: 1750, weight: 340 }),
    ]);
  });

  it('is Shipped Complete when every line is shipped or delivered', () => {
    const mapped = mapWalmartOrder(
      order([
        line('1', [{ status: 'Shipped', statusQuantity: qty('2') }]),
        line('2', [
          { status: 'Delivered', statusQuantity: qty('1') },
          { status: 'Shipped', statusQuantity: qty('1') },
        ]),
      ]),
    );
    expect(mapped.shipmentStatus).toBe('Shipped Complete');
    expect(mapped.lines.map((l) => l.quantityShipped)).toEqual([2, 2]);
  });

  it('is Shipped Partial when some units are shipped, counting the split status quantities', () => {
    const partial = order([
      line('1', [
        { status: 'Shipped', statusQuantity: qty('1') },
        { status: 'Acknowledged', statusQuantity: qty('1') },
      ]),
    ]);
    expect(mapWalmartOrder(partial).shipmentStatus).toBe('Shipped Partial');
    expect(lineQuantityOpen(partial.orderLines.orderLine[0]!)).toBe(1);
  });

  it('ignores cancelled lines for the shipment status and flags an order cancelled on every line', () => {
    const shippedAndCancelled = order([
      line('1', [{ status: 'Shipped', statusQuantity: qty('2') }]),
      line('2', [{ status: 'Cancelled', statusQuantity: qty('2') }]),
    ]);
    expect(mapWalmartOrder(shippedAndCancelled)).toMatchObject({ shipmentStatus: 'Shipped Complete', canceled: false });

    const cancelled = order([line('1', [{ status: 'Cancelled', statusQuantity: qty('2') }])]);
    expect(mapWalmartOrder(cancelled)).toMatchObject({ shipmentStatus: 'Unshipped', canceled: true });
  });

  it('counts negative charges as discounts', () => {
    const discounted = line('1', [{ status: 'Created', statusQuantity: qty('1') }], {
      orderLineQuantity: qty('1'),
      charges: {
        charge: [
          { chargeType: 'PRODUCT', chargeAmount: { currency: 'USD', amount: '20.00' }, tax: null },
          { chargeType: 'DISCOUNT', chargeAmount: { currency: 'USD', amount: '-2.50' }, tax: null },
        ],
      },
    });
    expect(mapWalmartOrder(order([discounted]))).toMatchObject({ subtotal: 2000, discountTotal: 250, total: 1750 });
  });

  it('takes the latest line status date as the last change, or the order date without one', () => {
    const lines = [line('1', [], { statusDate: ORDER_DATE + 1000 }), line('2', [], { statusDate: ORDER_DATE + 5000 })];
    expect(walmartUpdatedAt(order(lines))).toBe(new Date(ORDER_DATE + 5000).toISOString());
    const noDates = order([line('1', [], { statusDate: undefined as unknown as number })]);
    expect(walmartUpdatedAt(noDates)).toBe(new Date(ORDER_DATE).toISOString());
  });

  it('turns Walmart three-letter countries into ISO alpha-2', () => {
    expect(walmartCountry('USA')).toBe('US');
    expect(walmartCountry('pri')).toBe('PR');
    expect(walmartCountry('US')).toBe('US');
  });

  it('maps every generated order without losing money', () => {
    for (const generated of generateWalmartOrders(25, 7, ORDER_DATE)) {
      const mapped = mapWalmartOrder(generated);
      expect(mapped.total).toBe(mapped.subtotal + mapped.shippingTotal + mapped.taxTotal - mapped.discountTotal);
      expect(mapped.lines.length).toBe(generated.orderLines.orderLine.length);
      expect(mapped.shipping?.country).toBe('US');
    }
  });
});
