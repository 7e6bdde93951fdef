import { seededRandom } from '../seeded-random.ts';
import type { Charge, LineStatus, OrderLine, PurchaseOrder } from './fake-walmart-wire.ts';

/**
 * A small deterministic generator of Walmart purchase orders for the fake and the demo: the same seed gives the same
 * orders. Dates are spread over the 30 days before `now`.
 */

const NAMES = ['Maria Lopez', 'James Carter', 'Aisha Khan', 'Tom Becker', 'Linh Nguyen', 'Robert Smith', 'Ana Silva'];
const STREETS = ['Oak St', 'Maple Ave', 'Pine Rd', 'Cedar Ln', 'Elm Dr', 'Lakeview Blvd'];
const PLACES: Array<[string, string, string]> = [
  ['Bentonville', 'AR', '72712'],
  ['Austin', 'TX', '78701'],
  ['Columbus', 'OH', '43215'],
  ['Denver', 'CO', '80202'],
  ['Tampa', 'FL', '33602'],
];
const PRODUCTS: Array<[string, string, string, string]> = [
  ['WM-KETTLE-01', 'Stainless Electric Kettle 1.7L', '24.97', '2.9'],
  ['WM-TOWEL-SET', 'Cotton Bath Towel Set, 6 Piece', '19.88', '3.4'],
  ['WM-LAMP-LED', 'LED Desk Lamp with USB Port', '17.50', '1.8'],
  ['WM-BLENDER-X', 'Personal Blender 600W', '29.99', '4.1'],
  ['WM-MUG-4PK', 'Ceramic Coffee Mugs, 4 Pack', '12.96', '2.2'],
];
const METHODS = ['Standard', 'Standard', 'Express', 'Value', 'OneDay'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function digits(random: () => number, count: number): string {
  let text = String(1 + Math.floor(random() * 9));
  while (text.length < count) text += String(Math.floor(random() * 10));
  return text;
}

function money(value: number): string {
  return value.toFixed(2);
}

/** Which line statuses the generated order gets: most are new, some shipped, a few cancelled. */
function lineStatus(kind: number, quantity: number, shipDate: number, method: string): LineStatus {
  const statusQuantity = { unitOfMeasurement: 'EACH', amount: String(quantity) };
  if (kind < 0.45) return { status: 'Created', statusQuantity };
  if (kind < 0.75) return { status: 'Acknowledged', statusQuantity };
  if (kind < 0.92) {
    return {
      status: 'Shipped',
      statusQuantity,
      trackingInfo: {
        shipDateTime: shipDate,
        carrierName: { carrier: 'UPS' },
        methodCode: method,
        trackingNumber: `1Z999AA1${Math.floor(shipDate / 1000) % 100_000_000}`,
      },
    };
  }
  return { status: 'Cancelled', statusQuantity, cancellationReason: 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL' };
}

export function generateWalmartOrders(count: number, seed = 1, now = Date.now()): PurchaseOrder[] {
  const random = seededRandom(seed);
  const orders: PurchaseOrder[] = [];
  for (let i = 0; i < count; i++) {
    const orderDate = now - Math.floor(random() * 30 * 86_400_000) - 3_600_000;
    const name = pick(random, NAMES);
    const [city, state, postalCode] = pick(random, PLACES);
    const method = pick(random, METHODS);
    const kind = random();
    const lineCount = 1 + Math.floor(random() * 3);
    const lines: OrderLine[] = [];
    for (let n = 1; n <= lineCount; n++) {
      const [sku, productName, price, weight] = pick(random, PRODUCTS);
      const quantity = random() < 0.8 ? 1 : 2;
      const statusDate = orderDate + Math.floor(random() * 36 * 3_600_000);
      const product = Number(price) * quantity;
      const charges: Charge[] = [
        {
          chargeType: 'PRODUCT',
          chargeName: 'ItemPrice',
          chargeAmount: { currency: 'USD', amount: money(product) },
          tax: { taxName: 'Tax1', taxAmount: { currency: 'USD', amount: money(product * 0.0825) } },
        },
      ];
      if (method !== 'Value') {
        charges.push({
          chargeType: 'SHIPPING',
          chargeName: 'Shipping',
          chargeAmount: { currency: 'USD', amount: method === 'Standard' ? '0.00' : '5.99' },
          tax: null,
        });
      }
      lines.push({
        lineNumber: String(n),
        item: { productName, sku, weight: { value: weight, unit: 'LB' } },
        charges: { charge: charges },
        orderLineQuantity: { unitOfMeasurement: 'EACH', amount: String(quantity) },
        statusDate,
        orderLineStatuses: { orderLineStatus: [lineStatus(kind, quantity, statusDate, method)] },
        fulfillment: { fulfillmentOption: 'S2H', shipMethod: method.toUpperCase() },
      });
    }
    orders.push({
      purchaseOrderId: digits(random, 13),
      customerOrderId: digits(random, 13),
      customerEmailId: `${digits(random, 8)}@relay.walmart.com`,
      orderType: 'REGULAR',
      orderDate,
      shippingInfo: {
        phone: `${digits(random, 10)}`,
        estimatedShipDate: orderDate + 2 * 86_400_000,
        estimatedDeliveryDate: orderDate + 5 * 86_400_000,
        methodCode: method,
        postalAddress: {
          name,
          address1: `${100 + Math.floor(random() * 9000)} ${pick(random, STREETS)}`,
          address2: random() < 0.2 ? `Apt ${1 + Math.floor(random() * 40)}` : null,
          city,
          state,
          postalCode,
          country: 'USA',
          addressType: 'RESIDENTIAL',
        },
      },
      orderLines: { orderLine: lines },
    });
  }
  return orders;
}
