import { seededRandom } from '../seeded-random.ts';
import type { EbayAmount, EbayLineItem, EbayOrder, EbayShipTo } from './fake-ebay-wire.ts';

/**
 * A small deterministic generator of realistic eBay orders for the fake server, the tests and the demo: the same seed
 * gives the same orders, ordered by creation and modification time.
 */

interface EbayOrderGeneratorOptions {
  /** PRNG seed (default 1). */
  seed?: number;
  /** Creation time of the first order (ISO); the others follow a few hours apart. */
  start?: string;
  sellerId?: string;
}

const CATALOG = [
  { sku: 'MUG-CER-11', title: 'Ceramic Coffee Mug 11 oz, Matte Black', price: 1499 },
  { sku: 'TEE-ORG-M', title: 'Organic Cotton T-Shirt, Medium, Heather Grey', price: 2200 },
  { sku: 'CBL-USBC-2M', title: 'USB-C Braided Charging Cable 2 m', price: 999 },
  { sku: 'LMP-DSK-LED', title: 'LED Desk Lamp with Dimmer', price: 3450 },
  { sku: 'BTL-STL-750', title: 'Insulated Steel Water Bottle 750 ml', price: 2795 },
  { sku: 'NTB-A5-DOT', title: 'A5 Dotted Notebook, Hardcover', price: 1250 },
] as const;

const BUYERS: ReadonlyArray<EbayShipTo & { username: string }> = [
  {
    username: 'maple_collects',
    fullName: 'Olivia Bennett',
    contactAddress: {
      addressLine1: '742 Evergreen Terrace',
      city: 'Springfield',
      stateOrProvince: 'IL',
      postalCode: '62704',
      countryCode: 'US',
    },
    primaryPhone: { phoneNumber: '2175550142' },
    email: 'a1b2c3d4e5@members.ebay.com',
  },
  {
    username: 'desertfox_88',
    fullName: 'Marcus Alvarez',
    contactAddress: {
      addressLine1: '1600 W Camelback Rd',
      addressLine2: 'Apt 12',
      city: 'Phoenix',
      stateOrProvince: 'AZ',
      postalCode: '85015',
      countryCode: 'US',
    },
    primaryPhone: { phoneNumber: '6025550199' },
    email: 'f6g7h8i9j0@members.ebay.com',
  },
  {
    username: 'northshore.books',
    fullName: 'Hannah Lee',
    companyName: 'North Shore Books',
    contactAddress: {
      addressLine1: '55 Harbor St',
      city: 'Salem',
      stateOrProvince: 'MA',
      postalCode: '01970',
      countryCode: 'US',
    },
    primaryPhone: { phoneNumber: '9785550123' },
    email: 'k1l2m3n4o5@members.ebay.com',
  },
];

const SERVICES = ['USPSPriority', 'USPSGroundAdvantage', 'UPSGround', 'FedExHomeDelivery'] as const;

const cents = (minor: number, currency = 'USD'): EbayAmount => ({ value: (minor / 100).toFixed(2), currency });

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

export function generateEbayOrders(count: number, options: EbayOrderGeneratorOptions = {}): EbayOrder[] {
  const random = seededRandom(options.seed ?? 1);
  const start = Date.parse(options.start ?? '2026-05-01T09:00:00.000Z');
  const orders: EbayOrder[] = [];
  for (let i = 0; i < count; i++) {
    const created = start + i * 3 * 60 * 60 * 1000 + Math.floor(random() * 60) * 60_000;
    const modified = created + (5 + Math.floor(random() * 90)) * 60_000;
    const buyer = pick(random, BUYERS);
    const lineCount = 1 + Math.floor(random() * 3);
    const lineItems: EbayLineItem[] = [];
    for (let n = 0; n < lineCount; n++) {
      const product = CATALOG[(i + n * 2) % CATALOG.length]!;
      const quantity = 1 + Math.floor(random() * 3);
      lineItems.push({
        lineItemId: String(10_000_000_000 + i * 10 + n),
        legacyItemId: String(380_000_000_000 + i * 7 + n),
        sku: product.sku,
        title: product.title,
        quantity,
        lineItemCost: cents(product.price * quantity),
        total: cents(product.price * quantity),
        lineItemFulfillmentStatus: 'NOT_STARTED',
      });
    }
    const roll = random();
    const fulfilled = roll > 0.8;
    const canceled = roll < 0.08;
    for (const line of lineItems) if (fulfilled) line.lineItemFulfillmentStatus = 'FULFILLED';

    const subtotal = lineItems.reduce((sum, line) => sum + Math.round(Number(line.lineItemCost.value) * 100), 0);
    const delivery = random() > 0.5 ? 0 : 495 + Math.floor(random() * 4) * 100;
    const tax = Math.round(subtotal * 0.0725);
    const orderDiscount = random() > 0.85 ? 200 : 0;
    const { username, ...shipTo } = buyer;
    orders.push({
      orderId: `${String(10 + (i % 90)).padStart(2, '0')}-${String(10_000 + i * 37).slice(-5)}-${String(
        20_000 + i * 53,
      ).slice(-5)}`,
      legacyOrderId: `${110_000_000_000 + i}-${2_000_000_000_000 + i}`,
      creationDate: new Date(created).toISOString(),
      lastModifiedDate: new Date(modified).toISOString(),
      orderFulfillmentStatus: fulfilled ? 'FULFILLED' : 'NOT_STARTED',
      orderPaymentStatus: canceled ? 'FULLY_REFUNDED' : 'PAID',
      sellerId: options.sellerId ?? 'shipdesk_demo_seller',
      buyer: { username },
      pricingSummary: {
        priceSubtotal: cents(subtotal),
        ...(orderDiscount ? { priceDiscount: cents(-orderDiscount) } : {}),
        deliveryCost: cents(delivery),
        tax: cents(tax),
        total: cents(subtotal - orderDiscount + delivery + tax),
      },
      cancelStatus: { cancelState: canceled ? 'CANCELED' : 'NONE_REQUESTED', cancelRequests: [] },
      fulfillmentStartInstructions: [
        {
          fulfillmentInstructionsType: 'SHIP_TO',
          minEstimatedDeliveryDate: new Date(created + 3 * 86_400_000).toISOString(),
          maxEstimatedDeliveryDate: new Date(created + 6 * 86_400_000).toISOString(),
          shippingStep: {
            shippingCarrierCode: 'USPS',
            shippingServiceCode: pick(random, SERVICES),
            shipTo: structuredClone(shipTo),
          },
        },
      ],
      lineItems,
      salesRecordReference: String(1000 + i),
    });
  }
  return orders;
}

/**
 * What a buyer or seller does to an order, as getOrder shows it afterwards: paid, shipped (every line fulfilled) or
 * canceled (refunded in full); `created` only marks it modified. Its lastModifiedDate moves to now (never backwards).
 */
export function applyEbayOrderChange(order: EbayOrder, change: 'created' | 'paid' | 'shipped' | 'canceled'): void {
  if (change === 'paid') order.orderPaymentStatus = 'PAID';
  if (change === 'shipped') {
    for (const line of order.lineItems) line.lineItemFulfillmentStatus = 'FULFILLED';
    order.orderFulfillmentStatus = 'FULFILLED';
  }
  if (change === 'canceled') {
    order.cancelStatus = { cancelState: 'CANCELED', cancelRequests: order.cancelStatus?.cancelRequests ?? [] };
    order.orderPaymentStatus = 'FULLY_REFUNDED';
  }
  const now = Date.now();
  order.lastModifiedDate = new Date(Math.max(now, Date.parse(order.lastModifiedDate) + 1)).toISOString();
}
