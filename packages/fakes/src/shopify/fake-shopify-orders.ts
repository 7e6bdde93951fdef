import { seededRandom } from '../seeded-random.ts';
import {
  CANADA_RATES,
  CATALOGUE,
  COMPANIES,
  DISCOUNTS,
  FIRST_NAMES,
  FREE_SHIPPING,
  FREE_SHIPPING_FROM,
  LAST_NAMES,
  NOTES,
  PLACES_ABROAD,
  TAGS,
  UNITS,
  US_PLACES,
  US_RATES,
  US_STREETS,
  WORLD_RATES,
  type Rate,
} from './fake-shopify-catalogue.ts';
import {
  gramsOf,
  isoSeconds,
  moneyBag,
  SHOP_CURRENCY,
  type FakeAddress,
  type FakeFulfillmentOrder,
  type FakeLineItem,
  type FakeShopifyOrder,
  type FinancialStatus,
  type FulfillmentStatus,
} from './fake-shopify-wire.ts';

/**
 * Deterministic, realistic Shopify orders for the fake (tests and the demo): order i of a seed is always the same,
 * generated on demand in microseconds, so a fake can hold 100,000 orders without building them. Shapes follow the
 * GraphQL Admin API as fake-shopify-wire.ts spells it.
 */

export const ORDER_ID_BASE = 5_801_340_000_000;
export const ORDER_ID_STRIDE = 7919;
const LINE_ID_BASE = 14_203_500_000_000;
const FULFILLMENT_ORDER_ID_BASE = 6_712_800_000_000;
const FULFILLMENT_ORDER_LINE_ID_BASE = 15_604_100_000_000;
const CUSTOMER_ID_BASE = 7_310_450_000_000;
const VARIANT_ID_BASE = 44_120_000_000_000;
const PRODUCT_ID_BASE = 8_105_600_000_000;
/** Room for lines per order in the id spaces above. */
const LINE_SLOTS = 16;
const FIRST_ORDER_NUMBER = 1001;

/** A random stream of its own for each (seed, index, stream), so one order's draws never shift another's. */
function random(seed: number, index: number, stream = 0): () => number {
  return seededRandom(
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35) ^ Math.imul(stream, 0x27d4eb2f),
  );
}

/** An unsigned hash of (seed, index), for jitter that must not consume the order's own random stream. */
export function hashOf(seed: number, index: number): number {
  return Math.floor(random(seed, index, 7)() * 4294967296);
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

function weighted<T>(rng: () => number, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** Fulfillment order ids per order: the first, and room for the ones that replace it. */
export const FULFILLMENT_ORDER_SLOTS = 4;

/** Fulfillment order ids follow the order index, four apart (room for the ones a cancelled fulfillment opens). */
export function fulfillmentOrderIdOf(index: number, slot = 0): string {
  return `gid://shopify/FulfillmentOrder/${FULFILLMENT_ORDER_ID_BASE + index * FULFILLMENT_ORDER_SLOTS + slot}`;
}

export function orderIndexOfFulfillmentOrder(id: number): number | null {
  const offset = id - FULFILLMENT_ORDER_ID_BASE;
  return offset >= 0 && Number.isInteger(offset) ? Math.floor(offset / FULFILLMENT_ORDER_SLOTS) : null;
}

export const orderIdOf = (index: number, seed: number) =>
  ORDER_ID_BASE + index * ORDER_ID_STRIDE + (hashOf(seed, index) % ORDER_ID_STRIDE);

const PRODUCT_WEIGHTS = CATALOGUE.map((product, i) => [i, product.popularity] as const);
const rateChoices = (list: readonly Rate[]) => list.map((rate) => [rate, rate.weight] as const);
const US_RATE_CHOICES = rateChoices(US_RATES);
const CANADA_RATE_CHOICES = rateChoices(CANADA_RATES);
const WORLD_RATE_CHOICES = rateChoices(WORLD_RATES);

interface Customer {
  id: string;
  first: string;
  last: string;
  email: string;
  address: FakeAddress;
  tax: number;
  region: 'US' | 'CA' | 'WORLD';
}

/** The customer with this key: the same name, email and address every time. */
function customerOf(seed: number, key: number): Customer {
  const rng = random(seed, key, 3);
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const plainLast = last.replace(/'/g, '').toLowerCase();
  const email = weighted(rng, [
    [`${first.toLowerCase()}.${plainLast}@example.com`, 5],
    [`${first[0]!.toLowerCase()}${plainLast}${10 + Math.floor(rng() * 89)}@example.net`, 3],
    [`${first.toLowerCase()}${plainLast[0]}@example.org`, 2],
  ]);
  const company = rng() < 0.08 ? pick(rng, COMPANIES) : null;
  const number = 100 + Math.floor(rng() * 9800);
  const phoneTail = String(100 + Math.floor(rng() * 100)).padStart(4, '0');
  const abroad = rng() < 0.12;
  const where = abroad ? pick(rng, PLACES_ABROAD) : pick(rng, US_PLACES);
  const street = where.street ?? pick(rng, US_STREETS);
  const houseNumber = abroad ? number % 300 || 1 : number;
  return {
    id: `gid://shopify/Customer/${CUSTOMER_ID_BASE + key}`,
    first,
    last,
    email,
    tax: where.tax,
    region: where.countryCode === 'US' ? 'US' : where.countryCode === 'CA' ? 'CA' : 'WORLD',
    address: {
      firstName: first,
      lastName: last,
      name: `${first} ${last}`,
      company,
      address1: where.numberAfter ? `${street} ${houseNumber}` : `${houseNumber} ${street}`,
      address2: rng() < (abroad ? 0.2 : 0.3) ? pick(rng, UNITS) : null,
      city: where.city,
      province: where.province,
      provinceCode: where.provinceCode,
      zip: where.zip,
      country: where.country,
      countryCodeV2: where.countryCode,
      phone: rng() < 0.85 ? `${where.phonePrefix}${phoneTail}` : null,
    },
  };
}

interface OrderTimes {
  /** Unix seconds. */
  createdAt: number;
  updatedAt: number;
  /** The fake's "now" at creation: older orders are more likely shipped. */
  now: number;
}

/** Line `k` of order `index`: a variant of the catalogue's product `productIndex` and a quantity, drawn from `rng`. */
function lineItemOf(rng: () => number, index: number, productIndex: number, k: number): FakeLineItem {
  const product = CATALOGUE[productIndex]!;
  const picks = product.options.map((values) => pick(rng, values));
  const variantTitle = picks.length > 0 ? picks.map(([label]) => label).join(' / ') : null;
  const sku = [product.sku, ...picks.map(([, code]) => code)].join('-');
  const variantKey =
    productIndex * 100 + (picks.reduce((n, [, code]) => n * 7 + code.length + code.charCodeAt(0), 0) % 100);
  const quantity = weighted(rng, [
    [1, 80],
    [2, 15],
    [3, 5],
  ] as const);
  const { unit, value } = product.weight;
  return {
    __typename: 'LineItem',
    id: `gid://shopify/LineItem/${LINE_ID_BASE + index * LINE_SLOTS + k}`,
    sku,
    name: variantTitle ? `${product.title} - ${variantTitle}` : product.title,
    title: product.title,
    variantTitle,
    vendor: product.vendor,
    quantity,
    currentQuantity: quantity,
    unfulfilledQuantity: quantity,
    requiresShipping: true,
    originalUnitPriceSet: moneyBag(product.price),
    variant: {
      __typename: 'ProductVariant',
      id: `gid://shopify/ProductVariant/${VARIANT_ID_BASE + variantKey}`,
      sku,
      title: variantTitle ?? 'Default Title',
      inventoryItem: {
        __typename: 'InventoryItem',
        id: `gid://shopify/InventoryItem/${VARIANT_ID_BASE + 5_000_000 + variantKey}`,
        measurement: { __typename: 'InventoryItemMeasurement', weight: { unit, value } },
        harmonizedSystemCode: product.hsCode,
        countryCodeOfOrigin: product.originCountry,
      },
    },
    product: {
      __typename: 'Product',
      id: `gid://shopify/Product/${PRODUCT_ID_BASE + productIndex}`,
      title: product.title,
      productType: product.type,
    },
  };
}

/** Order `index` of `seed`, as it stood when created (statuses follow its age). */
export function generateOrder(seed: number, index: number, times: OrderTimes): FakeShopifyOrder {
  const rng = random(seed, index);
  const legacyId = orderIdOf(index, seed);
  const ageDays = (times.now - times.createdAt) / 86_400;

  // About a third of orders come from someone who placed an earlier order.
  const returning = index > 0 && rng() < 0.33;
  const customerKey = returning ? Math.floor(rng() * index) : index;
  const customer = customerOf(seed, customerKey);

  const lineCount = weighted(rng, [
    [1, 50],
    [2, 28],
    [3, 13],
    [4, 6],
    [5, 3],
  ] as const);
  const chosen = new Set<number>();
  while (chosen.size < lineCount) chosen.add(weighted(rng, PRODUCT_WEIGHTS));

  const lineItems = [...chosen].map((productIndex, k) => lineItemOf(rng, index, productIndex, k));

  const itemsTotal = lineItems.reduce(
    (sum, line) => sum + line.quantity * Math.round(Number(line.originalUnitPriceSet.shopMoney.amount) * 100),
    0,
  );
  const discount = rng() < 0.16 ? pick(rng, DISCOUNTS) : null;
  const discountCents = discount ? Math.round((itemsTotal * discount[1]) / 100) : 0;
  const subtotal = itemsTotal - discountCents;

  const choices =
    customer.region === 'US' ? US_RATE_CHOICES : customer.region === 'CA' ? CANADA_RATE_CHOICES : WORLD_RATE_CHOICES;
  let rate = weighted(rng, choices);
  if (rate.code === 'Standard' && subtotal >= FREE_SHIPPING_FROM) rate = FREE_SHIPPING;
  const shipping = rate.price;
  const tax = Math.round((subtotal * customer.tax) / 10_000);
  const total = subtotal + shipping + tax;

  // Statuses: most orders are paid and waiting to ship; older ones have often shipped already.
  const roll = rng();
  let financial: FinancialStatus = 'PAID';
  let fulfillment: FulfillmentStatus = 'UNFULFILLED';
  let cancelled = false;
  if (roll < 0.03) {
    cancelled = true;
    financial = rng() < 0.6 ? 'REFUNDED' : 'VOIDED';
  } else if (roll < 0.07) financial = 'PENDING';
  else if (roll < 0.09) financial = 'AUTHORIZED';
  else if (roll < 0.1) financial = 'PARTIALLY_PAID';
  else {
    const shipChance = ageDays > 7 ? 0.35 : ageDays > 2 ? 0.12 : 0.02;
    const shipRoll = rng();
    const canSplit = lineItems.length > 1 || lineItems[0]!.quantity > 1;
    if (shipRoll < shipChance) fulfillment = 'FULFILLED';
    else if (canSplit && shipRoll < shipChance + 0.04) fulfillment = 'PARTIALLY_FULFILLED';
    if (rng() < 0.02) financial = 'PARTIALLY_REFUNDED';
  }

  if (fulfillment === 'FULFILLED') for (const line of lineItems) line.unfulfilledQuantity = 0;
  if (fulfillment === 'PARTIALLY_FULFILLED') {
    const first = lineItems[0]!;
    first.unfulfilledQuantity = lineItems.length > 1 ? 0 : first.quantity - 1;
  }

  const outstanding =
    financial === 'PENDING' || financial === 'AUTHORIZED'
      ? total
      : financial === 'PARTIALLY_PAID'
        ? Math.round(total / 2)
        : 0;
  const received = cancelled ? 0 : total - outstanding;

  const fulfillmentOrderStatus: FakeFulfillmentOrder['status'] = cancelled
    ? 'CLOSED'
    : fulfillment === 'FULFILLED'
      ? 'CLOSED'
      : fulfillment === 'PARTIALLY_FULFILLED'
        ? 'IN_PROGRESS'
        : 'OPEN';

  const tags: string[] = [];
  if (rng() < 0.4) {
    tags.push(pick(rng, TAGS));
    if (rng() < 0.3) tags.push(pick(rng, TAGS));
  }
  if (returning && rng() < 0.5) tags.push('returning-customer');

  const weightGrams = lineItems.reduce((sum, line) => sum + gramsOf(line) * line.quantity, 0);

  const giftTo = tags.includes('gift') && rng() < 0.5 ? customerOf(seed, 5_000_000 + index) : null;
  const shippingAddress = giftTo && giftTo.region === customer.region ? giftTo.address : customer.address;
  const created = isoSeconds(times.createdAt);
  const updated = isoSeconds(times.updatedAt);

  return {
    __typename: 'Order',
    id: `gid://shopify/Order/${legacyId}`,
    legacyResourceId: String(legacyId),
    name: `#${FIRST_ORDER_NUMBER + index}`,
    createdAt: created,
    updatedAt: updated,
    processedAt: created,
    cancelledAt: cancelled ? updated : null,
    cancelReason: cancelled ? pick(rng, ['CUSTOMER', 'INVENTORY', 'DECLINED'] as const) : null,
    closedAt: cancelled || fulfillment === 'FULFILLED' ? updated : null,
    displayFinancialStatus: financial,
    displayFulfillmentStatus: fulfillment,
    currencyCode: SHOP_CURRENCY,
    email: customer.email,
    phone: null,
    note: rng() < 0.06 ? pick(rng, NOTES) : null,
    tags: [...new Set(tags)].sort(),
    taxesIncluded: false,
    totalWeight: String(weightGrams),
    subtotalPriceSet: moneyBag(subtotal),
    totalPriceSet: moneyBag(total),
    totalShippingPriceSet: moneyBag(shipping),
    totalTaxSet: moneyBag(tax),
    totalDiscountsSet: moneyBag(discountCents),
    totalOutstandingSet: moneyBag(cancelled ? 0 : outstanding),
    totalReceivedSet: moneyBag(received),
    discountCodes: discount ? [discount[0]] : [],
    customer: {
      __typename: 'Customer',
      id: customer.id,
      displayName: `${customer.first} ${customer.last}`,
      firstName: customer.first,
      lastName: customer.last,
      email: customer.email,
    },
    shippingAddress,
    billingAddress: customer.address,
    shippingLine: {
      __typename: 'ShippingLine',
      title: rate.title,
      code: rate.code,
      source: rate.source,
      carrierIdentifier: rate.carrierIdentifier,
      originalPriceSet: moneyBag(shipping),
    },
    lineItems,
    fulfillmentOrders: [
      {
        __typename: 'FulfillmentOrder',
        id: fulfillmentOrderIdOf(index),
        status: fulfillmentOrderStatus,
        requestStatus: 'UNSUBMITTED',
        lineItems: lineItems.map((line, k) => ({
          __typename: 'FulfillmentOrderLineItem',
          id: `gid://shopify/FulfillmentOrderLineItem/${FULFILLMENT_ORDER_LINE_ID_BASE + index * LINE_SLOTS + k}`,
          totalQuantity: line.quantity,
          remainingQuantity: cancelled ? 0 : line.unfulfilledQuantity,
          lineItem: line,
        })),
      },
    ],
    fulfillments: [],
  };
}
