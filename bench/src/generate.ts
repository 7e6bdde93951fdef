import {
  ADJECTIVES,
  CARRIER_METHODS,
  CITIES,
  COMPANY_NAMES,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  PAYMENT_METHODS,
  PRODUCTS,
  SHIP_METHODS,
  STREETS,
  TIME_ZONES,
} from './catalog.ts';
import { Random, cumulative, hash } from './random.ts';

/**
 * A deterministic dataset of tenants, stores, users and orders (with lines, addresses, deliveries and timeline
 * events), streamed as PostgreSQL COPY text. The same options give the same rows, byte for byte: every table is
 * produced by re-running the same generation and keeping that table's rows, so nothing large is held in memory and
 * parent tables can be loaded before their children.
 *
 * Distributions (docs/PERFORMANCE.md, "How each benchmark measures"):
 * - tenants: Zipf sizes (weight 1/k), so the biggest of 10 holds about a third of the orders;
 * - dates: the `days` before `end`, with a growth trend, a weekday rhythm, a seasonal curve (November/December
 *   peak, Black Friday and Cyber Monday spikes, the week after Christmas quiet) and a daytime hour profile; ids rise
 *   with the order date, as they do when orders arrive over time;
 * - order status: 55% Completed, 20% Sales Order, 10% Draft Order, 8% Canceled, 2% Deleted, 5% Completed - Canceled
 *   Partial; the last five days lean to open orders. Payment and shipment statuses, paid totals, shipped quantities,
 *   deliveries and the timeline follow the transition table of docs/orders.md;
 * - 1-5 lines per order (50/26/12/7/5%), products with Zipf popularity; totals = lines + shipping + tax - discount;
 * - channels: each tenant has 1-4 stores (Shopify, Amazon, eBay, Walmart, BigCommerce, Magento) and a manual channel;
 *   order numbers and external ids follow each platform's shape; repeat customers (Zipf) keep name and address.
 */

export interface DatasetOptions {
  orders: number;
  tenants: number;
  seed: number;
  /** Orders fall in the `days` before this instant. */
  end: Date;
  days: number;
}

export interface Product {
  sku: string;
  name: string;
  category: string;
  price: number;
  weight: number;
  hazardous: boolean;
}

export interface StorePlan {
  id: number;
  name: string;
  sourceType: StoreSource;
  createdAt: string;
}

export interface UserPlan {
  subject: string;
  email: string;
  roleId: 2 | 3;
}

export interface TenantPlan {
  index: number;
  id: string;
  name: string;
  timeZone: string;
  currency: string;
  createdAt: string;
  expectedOrders: number;
  customerPool: number;
  stores: StorePlan[];
  storeCum: Float64Array;
  /** Share of orders entered by hand (store 1, Wholesale). */
  manualShare: number;
  users: UserPlan[];
  products: Product[];
}

export interface Dataset {
  options: DatasetOptions;
  tenants: TenantPlan[];
  tenantCum: Float64Array;
}

type StoreSource = 'Shopify' | 'AmazonSP' | 'Ebay' | 'Walmart' | 'Bigcommerce' | 'Magento';
type Value = string | number | boolean | null;
type Row = Value[];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

const STORE_SOURCES: ReadonlyArray<readonly [StoreSource, number]> = [
  ['Shopify', 35],
  ['AmazonSP', 25],
  ['Ebay', 15],
  ['Walmart', 10],
  ['Bigcommerce', 8],
  ['Magento', 7],
];
const STORE_SOURCE_CUM = cumulative(STORE_SOURCES.map(([, w]) => w));
const STORE_LABEL: Record<StoreSource, string> = {
  Shopify: 'Shopify',
  AmazonSP: 'Amazon',
  Ebay: 'eBay',
  Walmart: 'Walmart',
  Bigcommerce: 'BigCommerce',
  Magento: 'Magento',
};

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');

/** Tenants, their stores, users and catalogues: small, computed once per run. */
export function planDataset(options: DatasetOptions): Dataset {
  const rnd = new Random(options.seed);
  const weights = Array.from({ length: options.tenants }, (_, k) => 1 / (k + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  // Store 1 is the manual channel on the API, and the database refuses it to a connected store.
  let storeId = 2;
  const tenants: TenantPlan[] = weights.map((w, index) => {
    const id = rnd.uuid();
    const base = COMPANY_NAMES[index % COMPANY_NAMES.length]!;
    const name = index < COMPANY_NAMES.length ? base : `${base} ${Math.floor(index / COMPANY_NAMES.length) + 1}`;
    const timeZone = TIME_ZONES[index % TIME_ZONES.length]!;
    const currency = timeZone.startsWith('Europe/') ? 'GBP' : 'USD';
    const expectedOrders = Math.round((options.orders * w) / weightSum);
    const createdAt = new Date(options.end.getTime() - (options.days + 30 + rnd.int(0, 300)) * DAY_MS).toISOString();

    const storeCount = rnd.int(1, 4);
    const stores: StorePlan[] = [];
    const used = new Set<StoreSource>();
    const storeWeights: number[] = [];
    for (let s = 0; s < storeCount; s++) {
      let source = STORE_SOURCES[rnd.weighted(STORE_SOURCE_CUM)]![0];
      if (used.has(source)) source = STORE_SOURCES.find(([src]) => !used.has(src))![0];
      used.add(source);
      stores.push({ id: storeId++, name: `${name} on ${STORE_LABEL[source]}`, sourceType: source, createdAt });
      storeWeights.push(1 / (s + 1) ** 1.3);
    }

    const domain = `${slug(name)}.example`;
    const users: UserPlan[] = [{ subject: `bench|${id}|admin`, email: `owner@${domain}`, roleId: 2 }];
    const managers = rnd.int(1, 3);
    for (let m = 0; m < managers; m++) {
      const first = slug(rnd.pick(FIRST_NAMES));
      users.push({ subject: `bench|${id}|manager-${m + 1}`, email: `${first}.${m + 1}@${domain}`, roleId: 3 });
    }

    const productCount = rnd.int(150, 800);
    const prefix = slug(name).slice(0, 3).toUpperCase();
    const products: Product[] = [];
    for (let p = 0; p < productCount; p++) {
      const [noun, category, basePrice, weight, hazardous] = PRODUCTS[rnd.int(0, PRODUCTS.length - 1)]!;
      const [adjective, factor] = ADJECTIVES[rnd.int(0, ADJECTIVES.length - 1)]!;
      // Prices end in 99 cents, like shop prices do.
      const price = Math.max(99, Math.round((basePrice * factor * (0.8 + rnd.next() * 0.5)) / 100) * 100 - 1);
      products.push({
        sku: `${prefix}-${String(p + 1).padStart(4, '0')}`,
        name: `${adjective} ${noun}`,
        category,
        price,
        weight: Math.round(weight * (0.9 + rnd.next() * 0.3)),
        hazardous,
      });
    }

    return {
      index,
      id,
      name,
      timeZone,
      currency,
      createdAt,
      expectedOrders,
      customerPool: Math.max(50, Math.round(expectedOrders * 0.45)),
      stores,
      storeCum: cumulative(storeWeights),
      manualShare: 0.04 + rnd.next() * 0.06,
      users,
      products,
    };
  });
  return { options, tenants, tenantCum: cumulative(weights) };
}

/** Relative order volume of a day: growth, weekday, season, shopping holidays. */
function dayWeight(dayStart: number, dayIndex: number, days: number): number {
  const d = new Date(dayStart);
  const weekday = [0.8, 1.15, 1.1, 1.05, 1.0, 0.95, 0.75][d.getUTCDay()]!;
  const month = [0.8, 0.82, 0.92, 0.95, 1.0, 0.97, 0.95, 1.0, 0.98, 1.05, 1.3, 1.45][d.getUTCMonth()]!;
  const trend = 0.7 + (0.6 * dayIndex) / days;
  let holiday = 1;
  if (d.getUTCMonth() === 10) {
    // Thanksgiving is the fourth Thursday of November; Black Friday the day after, Cyber Monday four days after.
    const firstWeekday = new Date(Date.UTC(d.getUTCFullYear(), 10, 1)).getUTCDay();
    const thanksgiving = 1 + ((4 - firstWeekday + 7) % 7) + 21;
    if (d.getUTCDate() === thanksgiving + 1) holiday = 2.6;
    if (d.getUTCDate() === thanksgiving + 4) holiday = 2.3;
  }
  if (d.getUTCMonth() === 11 && d.getUTCDate() >= 24) holiday = 0.6;
  return weekday * month * trend * holiday;
}

/** Local hour of day (US Eastern) -> share of orders; sampled as UTC hours 5 hours later. */
const HOUR_CUM = cumulative(
  Array.from({ length: 24 }, (_, utcHour) => {
    const local = (utcHour + 19) % 24;
    return [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3.5, 4.5, 5, 5.2, 5.5, 5.2, 5, 4.8, 4.5, 4.5, 4.8, 5.2, 5.5, 5, 3.8, 2][
      local
    ]!;
  }),
);

const ORDER_MIX = [
  ['Completed', 55],
  ['Sales Order', 20],
  ['Draft Order', 10],
  ['Canceled', 8],
  ['Deleted', 2],
  ['Completed - Canceled Partial', 5],
] as const;
/** The last days hold more open work: orders not yet approved, paid or shipped. */
const RECENT_MIX = [
  ['Completed', 30],
  ['Sales Order', 45],
  ['Draft Order', 20],
  ['Canceled', 3],
  ['Deleted', 1],
  ['Completed - Canceled Partial', 1],
] as const;
const ORDER_MIX_CUM = cumulative(ORDER_MIX.map(([, w]) => w));
const RECENT_MIX_CUM = cumulative(RECENT_MIX.map(([, w]) => w));
const LINE_COUNT_CUM = cumulative([50, 26, 12, 7, 5]);
const QUANTITY_CUM = cumulative([76, 15, 5, 2, 1, 1]);
const SHIP_METHOD_CUM = cumulative(SHIP_METHODS.map(([, w]) => w));
const CARRIER_CUM = cumulative(CARRIER_METHODS.map(([, w]) => w));
const CITY_CUM = cumulative(CITIES.map((c) => c[4]));
const DOMAIN_CUM = cumulative(EMAIL_DOMAINS.map(([, w]) => w));
const SHIPPING_PRICE: Record<string, number> = {
  Standard: 599,
  'Free Shipping': 0,
  Expedited: 1299,
  'Two-Day': 1899,
  Ground: 799,
  Overnight: 3499,
};
const NO_SALES_TAX = new Set(['OR', 'MT', 'NH', 'DE', 'AK']);

/** A cumulative table indexed by a 32-bit hash (stateless picks). */
function hashedPick(cum: Float64Array, h: number): number {
  const x = (h / 4294967296) * cum[cum.length - 1]!;
  let i = 0;
  while (cum[i]! <= x) i++;
  return i;
}

interface Customer {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  maskedKey: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
}

/** A repeat customer is the same person every time: everything derives from (tenant, customer number). */
function customerOf(tenant: number, n: number): Customer {
  const h = (salt: number) => hash(tenant, n, salt);
  const firstName = FIRST_NAMES[h(1) % FIRST_NAMES.length]!;
  const lastName = LAST_NAMES[h(2) % LAST_NAMES.length]!;
  const f = slug(firstName);
  const l = slug(lastName);
  const v = h(4);
  const local = [`${f}.${l}`, `${f[0]}${l}`, `${f}${l}${v % 100}`, `${f}_${l}${(v >>> 8) % 1000}`][v % 4]!;
  const domain = EMAIL_DOMAINS[hashedPick(DOMAIN_CUM, h(3))]![0];
  const [city, state, postal, country] = CITIES[hashedPick(CITY_CUM, h(5))]!;
  const p = h(9);
  const postalCode =
    country === 'US'
      ? `${postal}${String(p % 100).padStart(2, '0')}`
      : country === 'CA'
        ? `${postal} ${(p % 9) + 1}${'ABCEGHJKLMNPRSTVXY'[(p >>> 4) % 18]}${(p >>> 9) % 10}`
        : country === 'GB'
          ? `${postal} ${(p % 9) + 1}${'ABDEFGHJLNPQRSTUWXYZ'[(p >>> 4) % 20]}${'ABDEFGHJLNPQRSTUWXYZ'[(p >>> 9) % 20]}`
          : `${postal}${String(p % 100).padStart(2, '0')}`;
  const ph = h(10);
  const phone =
    ph % 10 < 7
      ? country === 'US' || country === 'CA'
        ? `+1 ${200 + (ph % 800)}-${String(200 + ((ph >>> 10) % 800))}-${String((ph >>> 3) % 10000).padStart(4, '0')}`
        : `+${country === 'GB' ? 44 : country === 'DE' ? 49 : 61} ${String(ph % 1_000_000_000).padStart(9, '0')}`
      : null;
  const c = h(11);
  return {
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    email: `${local}@${domain}`,
    maskedKey: (h(12).toString(36) + h(13).toString(36)).slice(0, 14),
    company: c % 100 < 8 ? `${lastName} ${['LLC', 'Inc.', '& Co.', 'Studio', 'Design'][c % 5]}` : null,
    address1: `${100 + (h(6) % 9800)} ${STREETS[h(7) % STREETS.length]}`,
    address2: h(8) % 100 < 20 ? `${h(8) % 2 ? 'Apt' : 'Suite'} ${(h(8) >>> 4) % 400}` : null,
    city,
    state,
    postalCode,
    country,
    phone,
  };
}

type Statuses = { orderStatus: string; paymentStatus: string; shipmentStatus: string };

export interface GeneratedOrder {
  tenantId: string;
  orders: Row;
  order_lines: Row[];
  order_addresses: Row[];
  deliveries: Row[];
  delivery_lines: Row[];
  order_events: Row[];
}

const SYSTEM_ACTOR = { id: 'system:store-sync', email: 'sync@shipdesk.local' };

/**
 * Every order of the dataset in id order (= order-date order). Re-running gives the same sequence; each call
 * starts its own random stream and counters.
 */
export function* generateOrders(ds: Dataset): Generator<GeneratedOrder> {
  const { orders: total, end, days, seed } = ds.options;
  const rnd = new Random(seed ^ 0x5eed0001);
  const endMs = end.getTime();
  const startMs = endMs - days * DAY_MS;
  const dayWeights = Array.from({ length: days }, (_, d) => dayWeight(startMs + d * DAY_MS, d, days));
  const dayCum = cumulative(dayWeights);
  const weightTotal = dayCum[days - 1]!;
  const counters = new Map<string, number>();
  let orderId = 0;
  let lineId = 0;
  let deliveryId = 0;
  let eventId = 0;
  let emitted = 0;

  for (let d = 0; d < days; d++) {
    const target = d === days - 1 ? total : Math.round((total * dayCum[d]!) / weightTotal);
    const count = target - emitted;
    if (count <= 0) continue;
    const times = new Float64Array(count);
    const dayStart = startMs + d * DAY_MS;
    for (let j = 0; j < count; j++) {
      times[j] = dayStart + rnd.weighted(HOUR_CUM) * HOUR_MS + Math.floor(rnd.next() * HOUR_MS);
    }
    times.sort();
    for (let j = 0; j < count; j++) yield makeOrder(times[j]!);
    emitted = target;
  }

  function makeOrder(orderMs: number): GeneratedOrder {
    const t = ds.tenants[rnd.weighted(ds.tenantCum)]!;
    const id = ++orderId;
    const manual = rnd.next() < t.manualShare;
    const store = manual ? null : t.stores[rnd.weighted(t.storeCum)]!;
    const sourceType = store ? store.sourceType : 'Wholesale';
    const counterKey = store ? `s${store.id}` : `m${t.index}`;
    const n = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, n);

    let orderNumber: string;
    let externalId: string | null;
    switch (sourceType) {
      case 'Shopify':
        orderNumber = `#${1000 + n}`;
        externalId = String(5_100_000_000_000 + n * 17 + rnd.int(0, 16));
        break;
      case 'AmazonSP':
        orderNumber = `${rnd.int(111, 114)}-${String(n).padStart(7, '0')}-${rnd.digits(7)}`;
        externalId = orderNumber;
        break;
      case 'Ebay':
        orderNumber = `${rnd.int(10, 27)}-${String(Math.floor(n / 100_000)).padStart(5, '0')}-${String(n % 100_000).padStart(5, '0')}`;
        externalId = orderNumber;
        break;
      case 'Walmart':
        orderNumber = `1${String(n).padStart(8, '0')}${rnd.digits(6)}`;
        externalId = orderNumber;
        break;
      case 'Bigcommerce':
        orderNumber = String(100 + n);
        externalId = orderNumber;
        break;
      case 'Magento':
        orderNumber = String(n).padStart(9, '0');
        externalId = String(n);
        break;
      default:
        orderNumber = `SD-${id}`;
        externalId = null;
    }

    const customer = customerOf(t.index, rnd.skewed(t.customerPool, 1.7));
    const customerEmail =
      sourceType === 'AmazonSP'
        ? `${customer.maskedKey}@marketplace.amazon.com`
        : sourceType === 'Walmart'
          ? `${customer.maskedKey}@relay.walmart.com`
          : customer.email;

    // Lines: wholesale orders come in cases at a trade price.
    const lineCount = rnd.weighted(LINE_COUNT_CUM) + 1;
    const lines: Array<{ id: number; p: Product; quantity: number; unitPrice: number; shipped: number }> = [];
    for (let k = 0; k < lineCount; k++) {
      let p = t.products[rnd.skewed(t.products.length, 2.2)]!;
      if (lines.some((l) => l.p === p)) p = t.products[rnd.int(0, t.products.length - 1)]!;
      let quantity = rnd.weighted(QUANTITY_CUM) + 1;
      let unitPrice = rnd.chance(0.1) ? Math.round(p.price * 0.8) : p.price;
      if (manual) {
        quantity *= rnd.int(2, 12);
        unitPrice = Math.round(p.price * 0.6);
      }
      lines.push({ id: ++lineId, p, quantity, unitPrice, shipped: 0 });
    }

    const ageDays = (endMs - orderMs) / DAY_MS;
    const finalStatus = (ageDays < 5 ? RECENT_MIX : ORDER_MIX)[
      rnd.weighted(ageDays < 5 ? RECENT_MIX_CUM : ORDER_MIX_CUM)
    ]![0] as string;
    const wantsPartialShipment =
      finalStatus === 'Completed - Canceled Partial' || (finalStatus === 'Sales Order' && rnd.chance(0.1));
    if (wantsPartialShipment && lines.length === 1 && lines[0]!.quantity < 2) lines[0]!.quantity = 2;

    const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
    const shipMethod = manual ? 'Ground' : SHIP_METHODS[rnd.weighted(SHIP_METHOD_CUM)]![0];
    const freeOver = subtotal >= 7500 && rnd.chance(0.7);
    const shippingTotal = freeOver ? 0 : SHIPPING_PRICE[shipMethod]!;
    const taxRate =
      customer.country !== 'US' || NO_SALES_TAX.has(customer.state ?? '')
        ? 0
        : 0.04 + (hash(customer.state!.charCodeAt(0), customer.state!.charCodeAt(1)) % 60) / 1000;
    const taxTotal = manual ? 0 : Math.round(subtotal * taxRate);
    const discountTotal = rnd.chance(0.12) ? Math.round(subtotal * rnd.pick([0.05, 0.1, 0.15, 0.2])) : 0;
    const orderTotal = subtotal + shippingTotal + taxTotal - discountTotal;

    // The lifecycle, event by event, from the statuses the order starts with.
    const createdMs = manual ? orderMs : orderMs + Math.floor(MINUTE_MS * (1 + 30 * -Math.log(1 - rnd.next())));
    let clock = Math.min(createdMs, endMs - 1000);
    const state: Statuses = { orderStatus: 'Draft Order', paymentStatus: 'Unpaid', shipmentStatus: 'Unshipped' };
    if (store && finalStatus !== 'Draft Order' && finalStatus !== 'Deleted') {
      state.orderStatus = 'Sales Order';
      const r = rnd.next();
      state.paymentStatus = r < 0.85 ? 'Paid' : r < 0.93 ? 'Unpaid' : 'Terms';
    }
    let paidTotal = state.paymentStatus === 'Paid' ? orderTotal : 0;
    const events: Row[] = [];
    const human = () => t.users[rnd.int(0, t.users.length - 1)]!;
    const later = (minMs: number, maxMs: number) => {
      clock = Math.min(Math.max(clock, clock + minMs + rnd.next() * (maxMs - minMs)), endMs - 1000);
      return new Date(Math.floor(clock)).toISOString();
    };
    const json = (s: Statuses) =>
      `{"orderStatus":"${s.orderStatus}","paymentStatus":"${s.paymentStatus}","shipmentStatus":"${s.shipmentStatus}"}`;
    const actor = store ? SYSTEM_ACTOR : (() => ({ id: t.users[0]!.subject, email: t.users[0]!.email }))();
    events.push([
      t.id,
      ++eventId,
      id,
      'create',
      actor.id,
      actor.email,
      new Date(clock).toISOString(),
      null,
      json(state),
      store
        ? JSON.stringify({
            channel: 'sync',
            storeId: String(store.id),
            externalId,
            orderNumber,
            total: orderTotal,
            currency: t.currency,
          })
        : JSON.stringify({ channel: 'manual', orderNumber, total: orderTotal, currency: t.currency }),
    ]);
    const step = (event: string, next: Partial<Statuses>, at: string, payload: Record<string, unknown> = {}) => {
      const before = json(state);
      Object.assign(state, next);
      const who = human();
      events.push([
        t.id,
        ++eventId,
        id,
        event,
        who.subject,
        who.email,
        at,
        before,
        json(state),
        JSON.stringify(payload),
      ]);
    };
    const pay = (full: boolean) => {
      const due = orderTotal - paidTotal;
      if (due <= 0) return;
      const amount = full ? due : Math.max(1, Math.round(due * (0.3 + rnd.next() * 0.4)));
      paidTotal += amount;
      step(
        'processPayment',
        { paymentStatus: paidTotal >= orderTotal ? 'Paid' : 'Paid Partial' },
        later(MINUTE_MS, 3 * DAY_MS),
        {
          amount,
          method: rnd.pick(PAYMENT_METHODS),
        },
      );
    };

    // Deliveries: one planned delivery of every line at creation; a partial label splits it.
    type Delivery = {
      id: number;
      status: string;
      carrier: string | null;
      tracking: string | null;
      created: string;
      updated: string;
      parts: Array<[number, number]>;
    };
    const createdIso = new Date(Math.min(createdMs, endMs - 1000)).toISOString();
    const first: Delivery = {
      id: ++deliveryId,
      status: 'planned',
      carrier: null,
      tracking: null,
      created: createdIso,
      updated: createdIso,
      parts: lines.map((l, i) => [i, l.quantity]),
    };
    const deliveries: Delivery[] = [first];
    const label = (delivery: Delivery, at: string) => {
      const [carrier, , kind] = CARRIER_METHODS[rnd.weighted(CARRIER_CUM)]!;
      delivery.status = 'labelled';
      delivery.carrier = carrier;
      delivery.tracking =
        kind === 'usps'
          ? `9400${rnd.digits(18)}`
          : kind === 'ups'
            ? `1Z${rnd.uint32().toString(36).toUpperCase().padStart(7, '0')}${rnd.digits(9)}`
            : rnd.digits(12);
      delivery.updated = at;
    };
    const shipPartially = (at: string) => {
      const units = lines.reduce((s, l) => s + l.quantity, 0);
      let toShip = Math.max(1, Math.floor(units * (0.3 + rnd.next() * 0.4)));
      const shippedParts: Array<[number, number]> = [];
      const restParts: Array<[number, number]> = [];
      lines.forEach((l, i) => {
        const q = Math.min(l.quantity, toShip);
        toShip -= q;
        l.shipped = q;
        if (q > 0) shippedParts.push([i, q]);
        if (l.quantity - q > 0) restParts.push([i, l.quantity - q]);
      });
      first.parts = shippedParts;
      label(first, at);
      deliveries.push({
        id: ++deliveryId,
        status: 'planned',
        carrier: null,
        tracking: null,
        created: at,
        updated: at,
        parts: restParts,
      });
    };
    const shipAll = (event: 'shipLabel' | 'shipComplete', at: string) => {
      for (const l of lines) l.shipped = l.quantity;
      if (event === 'shipLabel') label(first, at);
      else {
        first.status = 'shipped';
        first.updated = at;
      }
    };
    const cancelPlanned = (at: string) => {
      for (const dl of deliveries) {
        if (dl.status === 'planned') {
          dl.status = 'canceled';
          dl.updated = at;
        }
      }
    };

    switch (finalStatus) {
      case 'Draft Order': {
        const r = rnd.next();
        if (r < 0.1) pay(false);
        else if (r < 0.15) pay(true);
        break;
      }
      case 'Deleted':
        step('delete', { orderStatus: 'Deleted' }, later(MINUTE_MS, 2 * DAY_MS));
        break;
      case 'Sales Order': {
        if (state.orderStatus === 'Draft Order')
          step('approve', { orderStatus: 'Sales Order' }, later(10 * MINUTE_MS, 8 * HOUR_MS));
        if (state.paymentStatus === 'Unpaid') {
          const r = rnd.next();
          if (r < 0.55) pay(true);
          else if (r < 0.65) pay(false);
        }
        const canLabel = state.paymentStatus === 'Paid' || state.paymentStatus === 'Terms';
        if (wantsPartialShipment && canLabel) {
          const at = later(4 * HOUR_MS, 3 * DAY_MS);
          shipPartially(at);
          step('shipLabel', { shipmentStatus: 'Shipped Partial' }, at, { deliveryId: String(first.id) });
        }
        break;
      }
      case 'Completed': {
        if (state.orderStatus === 'Draft Order')
          step('approve', { orderStatus: 'Sales Order' }, later(10 * MINUTE_MS, 8 * HOUR_MS));
        if (state.paymentStatus === 'Unpaid') pay(true);
        const at = later(4 * HOUR_MS, 3 * DAY_MS);
        if (rnd.chance(0.65)) {
          shipAll('shipLabel', at);
          step('shipLabel', { orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }, at, {
            deliveryId: String(first.id),
          });
        } else {
          shipAll('shipComplete', at);
          step('shipComplete', { orderStatus: 'Completed', shipmentStatus: 'Shipped Complete' }, at);
        }
        break;
      }
      case 'Canceled': {
        if (state.orderStatus === 'Draft Order' && rnd.chance(0.6))
          step('approve', { orderStatus: 'Sales Order' }, later(10 * MINUTE_MS, 8 * HOUR_MS));
        const at = later(HOUR_MS, 5 * DAY_MS);
        cancelPlanned(at);
        step('cancel', { orderStatus: 'Canceled' }, at, {
          reason: rnd.pick([
            'Customer request',
            'Out of stock',
            'Payment failed',
            'Duplicate order',
            'Address could not be verified',
          ]),
        });
        break;
      }
      default: {
        // Completed - Canceled Partial: part shipped on a label, the rest canceled.
        if (state.orderStatus === 'Draft Order')
          step('approve', { orderStatus: 'Sales Order' }, later(10 * MINUTE_MS, 8 * HOUR_MS));
        if (state.paymentStatus === 'Unpaid') pay(true);
        const at = later(4 * HOUR_MS, 3 * DAY_MS);
        shipPartially(at);
        step('shipLabel', { shipmentStatus: 'Shipped Partial' }, at, { deliveryId: String(first.id) });
        const cancelAt = later(HOUR_MS, 4 * DAY_MS);
        cancelPlanned(cancelAt);
        step('cancel', { orderStatus: 'Completed - Canceled Partial' }, cancelAt, { reason: 'Out of stock' });
      }
    }

    const lastEventAt = events[events.length - 1]![6] as string;
    const shipping = customer;
    const shipTo = [shipping.city, shipping.state, shipping.country].filter(Boolean).join(', ');
    const roll = rnd.next();
    const tags =
      roll < 0.1
        ? '{gift}'
        : roll < 0.15
          ? '{vip}'
          : roll < 0.17
            ? '{"rush order"}'
            : manual && roll < 0.5
              ? '{wholesale}'
              : '{}';
    const orderRow: Row = [
      t.id,
      id,
      store ? store.id : null,
      sourceType,
      externalId,
      orderNumber,
      new Date(orderMs).toISOString(),
      createdIso,
      lastEventAt,
      state.orderStatus,
      state.paymentStatus,
      state.shipmentStatus,
      t.currency,
      subtotal,
      shippingTotal,
      taxTotal,
      discountTotal,
      orderTotal,
      paidTotal,
      customer.name,
      customerEmail,
      shipMethod,
      tags,
      lines.reduce((s, l) => s + l.quantity, 0),
      shipTo,
      events.length,
      null,
    ];

    const addressRow = (type: string, c: Customer, email: string | null): Row => [
      t.id,
      id,
      type,
      c.firstName,
      c.lastName,
      c.company,
      c.address1,
      c.address2,
      c.city,
      c.state,
      c.postalCode,
      c.country,
      c.phone,
      email,
    ];
    const addresses: Row[] = [
      addressRow('shipping', customer, sourceType === 'Shopify' || manual ? customer.email : null),
    ];
    if (rnd.chance(manual ? 0.5 : 0.9)) {
      const billTo = rnd.chance(0.8) ? customer : customerOf(t.index, t.customerPool + rnd.int(0, 100_000));
      addresses.push(
        addressRow(
          'billing',
          { ...billTo, firstName: customer.firstName, lastName: customer.lastName },
          customer.email,
        ),
      );
    }

    return {
      tenantId: t.id,
      orders: orderRow,
      order_lines: lines.map((l, position) => [
        t.id,
        l.id,
        id,
        position,
        l.p.sku,
        l.p.name,
        l.quantity,
        l.shipped,
        l.unitPrice,
        l.p.weight,
        l.p.category,
        l.p.hazardous,
      ]),
      order_addresses: addresses,
      deliveries: deliveries.map((dl) => [
        t.id,
        dl.id,
        id,
        shipMethod,
        dl.carrier,
        null,
        dl.parts.reduce((g, [i, q]) => g + q * lines[i]!.p.weight, 0),
        dl.status,
        dl.tracking,
        dl.created,
        dl.updated,
      ]),
      delivery_lines: deliveries.flatMap((dl) => dl.parts.map(([i, q]): Row => [t.id, dl.id, lines[i]!.id, q])),
      order_events: events,
    };
  }
}

export type OrderTable =
  'orders' | 'order_lines' | 'order_addresses' | 'deliveries' | 'delivery_lines' | 'order_events';

/** COPY column lists, in the order `generateOrders` fills the rows; parents before children. */
export const ORDER_TABLES: ReadonlyArray<{ table: OrderTable; columns: readonly string[] }> = [
  {
    table: 'orders',
    columns: [
      'tenant_id',
      'id',
      'store_id',
      'source_type',
      'external_id',
      'order_number',
      'order_date',
      'created_at',
      'updated_at',
      'order_status',
      'payment_status',
      'shipment_status',
      'currency',
      'subtotal',
      'shipping_total',
      'tax_total',
      'discount_total',
      'total',
      'paid_total',
      'customer_name',
      'customer_email',
      'requested_shipping_method',
      'tags',
      'item_count',
      'ship_to',
      'version',
      'linked_order_id',
    ],
  },
  {
    table: 'order_lines',
    columns: [
      'tenant_id',
      'id',
      'order_id',
      'position',
      'sku',
      'name',
      'quantity',
      'quantity_shipped',
      'unit_price',
      'weight',
      'category',
      'hazardous',
    ],
  },
  {
    table: 'order_addresses',
    columns: [
      'tenant_id',
      'order_id',
      'type',
      'first_name',
      'last_name',
      'company',
      'address1',
      'address2',
      'city',
      'state',
      'postal_code',
      'country',
      'phone',
      'email',
    ],
  },
  {
    table: 'deliveries',
    columns: [
      'tenant_id',
      'id',
      'order_id',
      'requested_ship_method',
      'carrier_method',
      'box_size_id',
      'weight',
      'status',
      'tracking_number',
      'created_at',
      'updated_at',
    ],
  },
  { table: 'delivery_lines', columns: ['tenant_id', 'delivery_id', 'line_id', 'quantity'] },
  {
    table: 'order_events',
    columns: ['tenant_id', 'id', 'order_id', 'event', 'actor_id', 'actor_email', 'at', 'before', 'after', 'payload'],
  },
];

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY text format (NULL is \N; backslash, tab and line breaks escaped). */
export function copyField(value: Value): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}

export function copyLine(row: Row): string {
  let line = copyField(row[0]!);
  for (let i = 1; i < row.length; i++) line += '\t' + copyField(row[i]!);
  return line + '\n';
}

/** The COPY text of one table, in chunks of about `chunkRows` rows; `onOrder` sees every generated order. */
export function* copyChunks(
  ds: Dataset,
  table: OrderTable,
  chunkRows = 2000,
  onOrder?: (order: GeneratedOrder) => void,
): Generator<string> {
  let chunk = '';
  let rows = 0;
  for (const order of generateOrders(ds)) {
    onOrder?.(order);
    if (table === 'orders') {
      chunk += copyLine(order.orders);
      rows++;
    } else {
      for (const row of order[table]) chunk += copyLine(row);
      rows += order[table].length;
    }
    if (rows >= chunkRows) {
      yield chunk;
      chunk = '';
      rows = 0;
    }
  }
  if (chunk) yield chunk;
}
