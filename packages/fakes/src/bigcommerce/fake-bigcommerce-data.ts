import { seededRandom } from '../seeded-random.ts';
import {
  ORDER_STATUS,
  orderStatusName,
  rfc2822,
  v2Money,
  type V2Address,
  type V2Order,
  type V2OrderProduct,
  type V2Shipment,
  type V2ShippingAddress,
} from './fake-bigcommerce-wire.ts';

/**
 * A small deterministic generator of realistic BigCommerce V2 orders for the fake store (tests and the demo only):
 * the same seed gives the same orders, addresses, products and statuses.
 */

export interface FakeOrderRecord {
  order: V2Order;
  products: V2OrderProduct[];
  addresses: V2ShippingAddress[];
  shipments: V2Shipment[];
}

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mason',
  'Sophia',
  'Lucas',
  'Mia',
  'Ethan',
  'Grace',
  'Omar',
];
const LAST_NAMES = ['Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Nguyen', 'Clark', 'Lewis', 'Walker', 'Patel'];
const STREETS = [
  'Maple Ave',
  'Oak St',
  'Sunset Blvd',
  'Cedar Ln',
  'Lakeview Dr',
  'Main St',
  'Park Rd',
  'Hillcrest Way',
];
const PLACES: ReadonlyArray<{ city: string; state: string; zip: string; country: string; iso2: string }> = [
  { city: 'Austin', state: 'Texas', zip: '78751', country: 'United States', iso2: 'US' },
  { city: 'Portland', state: 'Oregon', zip: '97205', country: 'United States', iso2: 'US' },
  { city: 'Denver', state: 'Colorado', zip: '80202', country: 'United States', iso2: 'US' },
  { city: 'Brooklyn', state: 'New York', zip: '11201', country: 'United States', iso2: 'US' },
  { city: 'Columbus', state: 'Ohio', zip: '43215', country: 'United States', iso2: 'US' },
  { city: 'Miami', state: 'Florida', zip: '33130', country: 'United States', iso2: 'US' },
  { city: 'Toronto', state: 'Ontario', zip: 'M5V 2T6', country: 'Canada', iso2: 'CA' },
  { city: 'Manchester', state: '', zip: 'M1 1AE', country: 'United Kingdom', iso2: 'GB' },
];
const COMPANIES = ['', '', '', 'Acme Outfitters', 'Blue Ridge Co-op', ''];
/** Weights in pounds and sides (depth x width x height) in inches, the units of the fake store's profile. */
const CATALOG: ReadonlyArray<{
  name: string;
  sku: string;
  productId: number;
  price: number;
  weightLb: string;
  sides?: readonly [string, string, string];
}> = [
  {
    name: 'Trail Running Shoe',
    sku: 'TRS-BLK',
    productId: 101,
    price: 11999,
    weightLb: '1.8000',
    sides: ['13.0000', '8.0000', '5.0000'],
  },
  { name: 'Merino Wool Socks (3 pack)', sku: 'SCK-MRN-3', productId: 102, price: 2450, weightLb: '0.3500' },
  {
    name: 'Insulated Water Bottle 32oz',
    sku: 'BTL-32-STL',
    productId: 103,
    price: 3495,
    weightLb: '1.1000',
    sides: ['10.5000', '3.5000', '3.5000'],
  },
  { name: 'Packable Rain Jacket', sku: 'JKT-RAIN-M', productId: 104, price: 8900, weightLb: '0.7500' },
  { name: 'Headlamp 400 Lumen', sku: 'HDL-400', productId: 105, price: 3999, weightLb: '0.2000' },
  {
    name: 'Camp Mug Enamel',
    sku: 'MUG-ENM-WHT',
    productId: 106,
    price: 1650,
    weightLb: '0.6000',
    sides: ['5.0000', '4.0000', '4.0000'],
  },
  {
    name: 'Daypack 22L',
    sku: 'PCK-22-GRN',
    productId: 107,
    price: 7450,
    weightLb: '1.9500',
    sides: ['18.0000', '12.0000', '6.0000'],
  },
  { name: 'Trekking Poles (pair)', sku: 'POL-CRB-PR', productId: 108, price: 12900, weightLb: '1.0500' },
  { name: 'Sun Hoodie', sku: 'HOOD-SUN-L', productId: 109, price: 5500, weightLb: '0.4500' },
  { name: 'Gift Card', sku: '', productId: 110, price: 2500, weightLb: '0.0000' },
];
const METHODS: ReadonlyArray<{ name: string; cost: number }> = [
  { name: 'Free Shipping', cost: 0 },
  { name: 'Flat Rate', cost: 795 },
  { name: 'UPS Ground', cost: 1249 },
  { name: 'USPS Priority Mail', cost: 1095 },
  { name: 'FedEx 2Day', cost: 2450 },
];
/** Mostly orders waiting to ship, like a live store; the rest spread over the other states. */
const STATUS_MIX: readonly number[] = [
  ORDER_STATUS.awaitingFulfillment,
  ORDER_STATUS.awaitingFulfillment,
  ORDER_STATUS.awaitingFulfillment,
  ORDER_STATUS.awaitingFulfillment,
  ORDER_STATUS.awaitingShipment,
  ORDER_STATUS.awaitingPayment,
  ORDER_STATUS.pending,
  ORDER_STATUS.shipped,
  ORDER_STATUS.completed,
  ORDER_STATUS.partiallyShipped,
  ORDER_STATUS.cancelled,
  ORDER_STATUS.refunded,
  ORDER_STATUS.manualVerificationRequired,
];

/** Generated order ids start here, like a store that has been selling for a while. */
const FIRST_ORDER_ID = 100;
/** When the first generated order was placed; later ones follow roughly every 40 minutes. */
const FIRST_ORDER_TIME = Date.UTC(2025, 2, 3, 8, 0, 0);

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function makeAddress(random: () => number, first: string, last: string): V2Address {
  const place = pick(random, PLACES);
  const email = `${first}.${last}@example.com`.toLowerCase();
  return {
    first_name: first,
    last_name: last,
    company: pick(random, COMPANIES),
    street_1: `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)}`,
    street_2: random() < 0.2 ? `Apt ${1 + Math.floor(random() * 40)}` : '',
    city: place.city,
    state: place.state,
    zip: place.zip,
    country: place.country,
    country_iso2: place.iso2,
    phone: `555-01${String(Math.floor(random() * 100)).padStart(2, '0')}`,
    email,
  };
}

function generateOrder(random: () => number, id: number, createdAt: number): FakeOrderRecord {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const billing = makeAddress(random, first, last);
  const sameAddress = random() < 0.75;
  const shipTo = sameAddress ? { ...billing } : makeAddress(random, pick(random, FIRST_NAMES), last);
  const method = pick(random, METHODS);
  const statusId = pick(random, STATUS_MIX);
  const addressId = id * 10 + 1;

  const count = 1 + Math.floor(random() * 4);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(random() * CATALOG.length));
  const products: V2OrderProduct[] = [...chosen].map((index, n) => {
    const item = CATALOG[index]!;
    const quantity = 1 + Math.floor(random() * 3);
    const digital = item.sku === '';
    return {
      id: id * 100 + n + 1,
      order_id: id,
      product_id: item.productId,
      variant_id: item.productId * 10 + 1,
      order_address_id: digital ? 0 : addressId,
      name: item.name,
      sku: item.sku,
      type: digital ? 'giftcertificate' : 'physical',
      base_price: v2Money(item.price),
      price_ex_tax: v2Money(item.price),
      price_inc_tax: v2Money(item.price),
      total_ex_tax: v2Money(item.price * quantity),
      total_inc_tax: v2Money(item.price * quantity),
      weight: item.weightLb,
      depth: item.sides?.[0] ?? '0.0000',
      width: item.sides?.[1] ?? '0.0000',
      height: item.sides?.[2] ?? '0.0000',
      quantity,
      quantity_shipped: 0,
      quantity_refunded: 0,
    };
  });

  const physical = products.filter((p) => p.type === 'physical');
  if (statusId === ORDER_STATUS.shipped || statusId === ORDER_STATUS.completed) {
    for (const product of physical) product.quantity_shipped = product.quantity;
  } else if (statusId === ORDER_STATUS.partiallyShipped && physical[0]) {
    physical[0].quantity_shipped = physical[0].quantity;
    if (physical.length === 1) physical[0].quantity_shipped = Math.max(0, physical[0].quantity - 1);
  }
  const itemsTotal = products.reduce((sum, p) => sum + p.quantity, 0);
  const itemsShipped = products.reduce((sum, p) => sum + p.quantity_shipped, 0);

  const subtotal = products.reduce((sum, p) => sum + Math.round(Number(p.price_ex_tax) * 100) * p.quantity, 0);
  const taxed = shipTo.country_iso2 === 'US' && random() < 0.6;
  const tax = taxed ? Math.round(subtotal * 0.0825) : 0;
  const coupon = random() < 0.15 ? Math.round(subtotal * 0.1) : 0;
  const total = subtotal + method.cost + tax - coupon;
  const modifiedAt = createdAt + Math.floor(random() * 3 * 3600) * 1000;
  const unpaid = statusId === ORDER_STATUS.pending || statusId === ORDER_STATUS.awaitingPayment;

  const order: V2Order = {
    id,
    customer_id: random() < 0.3 ? 0 : 1000 + Math.floor(random() * 500),
    date_created: rfc2822(createdAt),
    date_modified: rfc2822(modifiedAt),
    date_shipped: itemsShipped > 0 ? rfc2822(modifiedAt) : '',
    status_id: statusId,
    status: orderStatusName(statusId)!,
    subtotal_ex_tax: v2Money(subtotal),
    subtotal_inc_tax: v2Money(subtotal + tax),
    subtotal_tax: v2Money(tax),
    shipping_cost_ex_tax: v2Money(method.cost),
    shipping_cost_inc_tax: v2Money(method.cost),
    handling_cost_ex_tax: v2Money(0),
    wrapping_cost_ex_tax: v2Money(0),
    total_ex_tax: v2Money(total - tax),
    total_inc_tax: v2Money(total),
    total_tax: v2Money(tax),
    items_total: itemsTotal,
    items_shipped: itemsShipped,
    payment_method: unpaid ? 'Bank Deposit' : 'Credit Card',
    payment_status: unpaid ? 'pending' : statusId === ORDER_STATUS.refunded ? 'refunded' : 'captured',
    refunded_amount: statusId === ORDER_STATUS.refunded ? v2Money(total) : v2Money(0),
    discount_amount: v2Money(0),
    coupon_discount: v2Money(coupon),
    currency_code: 'USD',
    default_currency_code: 'USD',
    customer_message: random() < 0.1 ? 'Please leave at the side door.' : '',
    staff_notes: '',
    is_deleted: false,
    billing_address: billing,
    channel_id: 1,
    external_order_id: null,
    order_source: 'www',
    products: { url: `/v2/orders/${id}/products`, resource: `/orders/${id}/products` },
    shipping_addresses: { url: `/v2/orders/${id}/shipping_addresses`, resource: `/orders/${id}/shipping_addresses` },
  };

  const addresses: V2ShippingAddress[] = physical.length
    ? [
        {
          ...shipTo,
          id: addressId,
          order_id: id,
          items_total: physical.reduce((sum, p) => sum + p.quantity, 0),
          items_shipped: itemsShipped,
          shipping_method: method.name,
          cost_ex_tax: v2Money(method.cost),
          cost_inc_tax: v2Money(method.cost),
        },
      ]
    : [];

  const shipments: V2Shipment[] =
    itemsShipped > 0 && addresses[0]
      ? [
          {
            id: id * 10,
            order_id: id,
            customer_id: order.customer_id,
            order_address_id: addressId,
            date_created: order.date_shipped,
            tracking_number: `1Z999AA1${String(id).padStart(10, '0')}`,
            shipping_method: method.name,
            shipping_provider: 'ups',
            tracking_carrier: '',
            tracking_link: '',
            comments: '',
            items: physical
              .filter((p) => p.quantity_shipped > 0)
              .map((p) => ({ order_product_id: p.id, product_id: p.product_id, quantity: p.quantity_shipped })),
            generated_tracking_link: '',
          },
        ]
      : [];

  return { order, products, addresses, shipments };
}

export function generateOrders(count: number, seed: number): FakeOrderRecord[] {
  // A seed of 0 gives the store of seed 1.
  const random = seededRandom(seed >>> 0 || 1);
  const records: FakeOrderRecord[] = [];
  let createdAt = FIRST_ORDER_TIME;
  for (let n = 0; n < count; n++) {
    records.push(generateOrder(random, FIRST_ORDER_ID + n, createdAt));
    createdAt += (20 + Math.floor(random() * 40)) * 60_000;
  }
  return records;
}
