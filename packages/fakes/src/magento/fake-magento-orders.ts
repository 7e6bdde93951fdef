import { seededRandom } from '../seeded-random.ts';
import { magentoDateTime, type MagentoAddress, type MagentoOrder, type MagentoOrderItem } from './fake-magento-wire.ts';

/**
 * A small deterministic generator of Magento orders for the fake and the demo: the same seed gives the same orders,
 * with simple products and configurable parents with their simple child (as Magento lists them), over the 30 days
 * before `now`, in the states a store goes through.
 */

const PEOPLE: Array<[string, string]> = [
  ['Veronica', 'Costello'],
  ['Daniel', 'Moreau'],
  ['Priya', 'Raman'],
  ['Kevin', "O'Brien"],
  ['Sofia', 'Marino'],
  ['Hiro', 'Tanaka'],
];
const PLACES: Array<[string, string, string, string]> = [
  ['Calder', 'Michigan', 'MI', '49628'],
  ['Portland', 'Oregon', 'OR', '97205'],
  ['Madison', 'Wisconsin', 'WI', '53703'],
  ['Raleigh', 'North Carolina', 'NC', '27601'],
];
const SIMPLE: Array<[string, string, number, number]> = [
  ['24-MB01', 'Joust Duffle Bag', 34, 1.2],
  ['24-WG02', 'Didi Sport Watch', 92, 0.4],
  ['24-UG06', 'Affirm Water Bottle', 7, 0.9],
];
const CONFIGURABLE: Array<[string, string, string, number, number]> = [
  ['MH01-M-Black', 'Chaz Kangeroo Hoodie', 'Chaz Kangeroo Hoodie-M-Black', 52, 1.1],
  ['WS03-S-Blue', 'Iris Workout Top', 'Iris Workout Top-S-Blue', 29, 0.5],
];
const SHIPPING: Array<[string, number]> = [
  ['Flat Rate - Fixed', 5],
  ['Free Shipping - Free', 0],
  ['United Parcel Service - Ground', 11.5],
];

const round = (value: number) => Math.round(value * 100) / 100;

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function address(random: () => number, type: string, email: string): MagentoAddress {
  const [firstname, lastname] = pick(random, PEOPLE);
  const [city, region, regionCode, postcode] = pick(random, PLACES);
  return {
    address_type: type,
    firstname,
    lastname,
    company: random() < 0.2 ? 'Luma Retail LLC' : null,
    street:
      random() < 0.3 ? [`${100 + Math.floor(random() * 900)} Main Street`, 'Suite 4'] : ['6146 Honey Bluff Parkway'],
    city,
    region,
    region_code: regionCode,
    postcode,
    country_id: 'US',
    telephone: `(555) 229-${String(1000 + Math.floor(random() * 9000))}`,
    email,
  };
}

type Stage = 'pending' | 'processing' | 'partial' | 'complete' | 'canceled';

function stageOf(value: number): Stage {
  if (value < 0.2) return 'pending';
  if (value < 0.5) return 'processing';
  if (value < 0.6) return 'partial';
  if (value < 0.9) return 'complete';
  return 'canceled';
}

export function generateMagentoOrders(count: number, seed = 1, now = Date.now()): MagentoOrder[] {
  const random = seededRandom(seed);
  const orders: MagentoOrder[] = [];
  let itemId = 1;
  for (let i = 0; i < count; i++) {
    const entityId = i + 1;
    const created = now - Math.floor(random() * 30 * 86_400_000) - 3_600_000;
    const updated = created + Math.floor(random() * 48 * 3_600_000);
    const stage = stageOf(random());
    const items: MagentoOrderItem[] = [];
    const lineCount = 1 + Math.floor(random() * 2);
    for (let n = 0; n < lineCount; n++) {
      const qty = random() < 0.75 ? 1 : 2;
      const shipped = stage === 'complete' ? qty : stage === 'partial' && n === 0 ? qty : 0;
      const canceled = stage === 'canceled' ? qty : 0;
      const common = { order_id: entityId, qty_ordered: qty, qty_shipped: shipped, qty_canceled: canceled };
      if (random() < 0.5) {
        const [sku, name, price, weight] = pick(random, SIMPLE);
        const line = { ...common, item_id: itemId++, sku, name, product_type: 'simple', parent_item_id: null };
        items.push({ ...line, price, row_total: round(price * qty), weight });
      } else {
        const [sku, name, childName, price, weight] = pick(random, CONFIGURABLE);
        const parentId = itemId++;
        items.push({
          ...common,
          item_id: parentId,
          sku,
          name,
          product_type: 'configurable',
          parent_item_id: null,
          price,
          row_total: round(price * qty),
          weight,
        });
        items.push({
          ...common,
          item_id: itemId++,
          sku,
          name: childName,
          product_type: 'simple',
          parent_item_id: parentId,
          price: 0,
          row_total: 0,
          weight,
        });
      }
    }
    // A partial shipment needs something left to ship.
    if (stage === 'partial' && items.every((item) => item.qty_shipped >= item.qty_ordered)) {
      for (const item of items) item.qty_shipped = 0;
      items[0]!.qty_shipped = items[0]!.qty_ordered;
    }
    const visible = items.filter((item) => item.parent_item_id === null);
    const subtotal = round(visible.reduce((sum, item) => sum + item.row_total, 0));
    const [shippingDescription, shippingAmount] = pick(random, SHIPPING);
    const discount = random() < 0.25 ? -round(subtotal * 0.1) : 0;
    const tax = round((subtotal + discount) * 0.0825);
    const grandTotal = round(subtotal + shippingAmount + discount + tax);
    const paid = stage === 'processing' || stage === 'partial' || stage === 'complete';
    const email = `${pick(random, PEOPLE)[0].toLowerCase()}.${entityId}@example.com`;
    const billing = address(random, 'billing', email);
    const shipping = random() < 0.7 ? { ...billing, address_type: 'shipping' } : address(random, 'shipping', email);
    const state = stage === 'pending' ? 'new' : stage === 'partial' ? 'processing' : stage;
    orders.push({
      entity_id: entityId,
      increment_id: String(100000000 + entityId).padStart(9, '0'),
      state,
      status: stage === 'pending' ? 'pending' : state,
      created_at: magentoDateTime(created),
      updated_at: magentoDateTime(Math.min(updated, now)),
      order_currency_code: 'USD',
      base_currency_code: 'USD',
      grand_total: grandTotal,
      subtotal,
      shipping_amount: shippingAmount,
      tax_amount: tax,
      discount_amount: discount,
      total_paid: paid ? grandTotal : null,
      total_due: paid ? 0 : grandTotal,
      weight: round(visible.reduce((sum, item) => sum + (item.weight ?? 0) * item.qty_ordered, 0)),
      shipping_description: shippingDescription,
      customer_email: email,
      customer_firstname: billing.firstname,
      customer_lastname: billing.lastname,
      customer_is_guest: random() < 0.3 ? 1 : 0,
      payment: { method: paid ? 'braintree' : 'checkmo' },
      items,
      billing_address: billing,
      extension_attributes: {
        shipping_assignments: [{ shipping: { address: shipping, method: 'flatrate_flatrate' }, items }],
      },
    });
  }
  return orders;
}
