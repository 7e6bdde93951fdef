/**
 * The GraphQL Admin API documents the adapter sends, and the shapes they answer (integrations.md section 1).
 *
 * Shopify refuses any single query whose *requested* cost exceeds 1,000 points, and a connection costs
 * 2 + first x (cost of one node). One order as selected below costs 52 points (the order 1, five money bags 2 each,
 * customer 1, two addresses 1 each, shipping line 1, and lineItems(first: 5) at 2 + 5 x 7), so a query takes at most
 * 19 orders; `orders(first: 250)` with nested lines would be refused outright (MAX_COST_EXCEEDED). The adapter chains
 * several such requests into one page of ~250 orders, and fetches the rest of the lines of the rare order with more.
 */

export const MAX_QUERY_COST = 1000;
const LINES_PER_ORDER = 5;
/** Cost of one node of LINE_FIELDS: the line 1, originalUnitPriceSet 2, variant, inventoryItem, measurement, weight. */
const LINE_COST = 7;
const ORDER_COST = 1 + 5 * 2 + 1 + 2 + 1 + (2 + LINES_PER_ORDER * LINE_COST);
export const ORDERS_PER_QUERY = Math.floor((MAX_QUERY_COST - 2) / ORDER_COST);
/** The rest of one order's lines: the order 1 + the connection 2 + lines x 7, capped at a round 100. */
export const LINES_PER_QUERY = Math.min(100, Math.floor((MAX_QUERY_COST - 3) / LINE_COST));

const MONEY = '{ shopMoney { amount currencyCode } }';

const LINE_FIELDS = `
fragment ShipdeskLine on LineItem {
  id
  sku
  name
  quantity
  unfulfilledQuantity
  originalUnitPriceSet ${MONEY}
  variant { inventoryItem { measurement { weight { unit value } } harmonizedSystemCode countryCodeOfOrigin } }
}`;

const ADDRESS_FIELDS = `
fragment ShipdeskAddress on MailingAddress {
  name
  company
  address1
  address2
  city
  province
  provinceCode
  zip
  countryCodeV2
  phone
}`;

const ORDER_FIELDS = `
fragment ShipdeskOrder on Order {
  id
  legacyResourceId
  name
  createdAt
  updatedAt
  processedAt
  cancelledAt
  displayFinancialStatus
  displayFulfillmentStatus
  currencyCode
  email
  tags
  totalPriceSet ${MONEY}
  totalShippingPriceSet ${MONEY}
  totalTaxSet ${MONEY}
  totalDiscountsSet ${MONEY}
  totalOutstandingSet ${MONEY}
  customer { displayName }
  shippingAddress { ...ShipdeskAddress }
  billingAddress { ...ShipdeskAddress }
  shippingLine { title code }
  lineItems(first: ${LINES_PER_ORDER}) {
    pageInfo { hasNextPage endCursor }
    nodes { ...ShipdeskLine }
  }
}
${ADDRESS_FIELDS}
${LINE_FIELDS}`;

/** The shop, and the scopes the token was granted: a token without read_orders connects but cannot pull. */
export const SHOP_QUERY = {
  name: 'ShipdeskShop',
  document: 'query ShipdeskShop { shop { name } currentAppInstallation { accessScopes { handle } } }',
};

export const LIST_ORDERS_QUERY = {
  name: 'ShipdeskListOrders',
  document: `
query ShipdeskListOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    pageInfo { hasNextPage endCursor }
    nodes { ...ShipdeskOrder }
  }
}
${ORDER_FIELDS}`,
};

export const GET_ORDER_QUERY = {
  name: 'ShipdeskGetOrder',
  document: `
query ShipdeskGetOrder($id: ID!) {
  order(id: $id) { ...ShipdeskOrder }
}
${ORDER_FIELDS}`,
};

export const ORDER_LINES_QUERY = {
  name: 'ShipdeskOrderLines',
  document: `
query ShipdeskOrderLines($id: ID!, $first: Int!, $after: String) {
  order(id: $id) {
    lineItems(first: $first, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { ...ShipdeskLine }
    }
  }
}
${LINE_FIELDS}`,
};

/** 1 + 2 + 5 x (1 + 2 + 50 x 2) = 518 points: five fulfillment orders of up to 50 lines each. */
export const FULFILLMENT_ORDERS_QUERY = {
  name: 'ShipdeskFulfillmentOrders',
  document: `
query ShipdeskFulfillmentOrders($id: ID!) {
  order(id: $id) {
    id
    fulfillmentOrders(first: 5) {
      nodes {
        id
        status
        lineItems(first: 50) {
          nodes { id remainingQuantity lineItem { id } }
        }
      }
    }
  }
}`,
};

export const FULFILLMENT_CREATE_MUTATION = {
  name: 'ShipdeskFulfillmentCreate',
  document: `
mutation ShipdeskFulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status trackingInfo { company number url } }
    userErrors { field message }
  }
}`,
};

/** The order's fulfillments with their tracking numbers: which one a voided label's number was pushed on. */
export const ORDER_FULFILLMENTS_QUERY = {
  name: 'ShipdeskOrderFulfillments',
  document: `
query ShipdeskOrderFulfillments($id: ID!) {
  order(id: $id) {
    id
    fulfillments { id status trackingInfo { number } }
  }
}`,
};

/**
 * Cancelling a fulfillment puts its items back to fulfil. Safe to send again: a fulfillment already cancelled stays
 * cancelled, so a cancel whose answer was lost may be repeated.
 */
export const FULFILLMENT_CANCEL_MUTATION = {
  name: 'ShipdeskFulfillmentCancel',
  idempotent: true,
  document: `
mutation ShipdeskFulfillmentCancel($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`,
};

export interface ShopifyMoneyBag {
  shopMoney: { amount: string; currencyCode: string };
}

export interface ShopifyAddress {
  name: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCodeV2: string | null;
  phone: string | null;
}

export type ShopifyWeightUnit = 'GRAMS' | 'KILOGRAMS' | 'OUNCES' | 'POUNDS';

export interface ShopifyLineItem {
  id: string;
  sku: string | null;
  name: string;
  quantity: number;
  unfulfilledQuantity: number;
  originalUnitPriceSet: ShopifyMoneyBag;
  variant: {
    inventoryItem: {
      measurement: { weight: { unit: ShopifyWeightUnit; value: number } | null } | null;
      /** The HS code the shop set on the item (digits, or with dots), and where it was made (ISO-2); null when unset. */
      harmonizedSystemCode?: string | null;
      countryCodeOfOrigin?: string | null;
    } | null;
  } | null;
}

export interface ShopifyPageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface ShopifyOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string;
  currencyCode: string;
  email: string | null;
  tags: string[];
  totalPriceSet: ShopifyMoneyBag;
  totalShippingPriceSet: ShopifyMoneyBag;
  totalTaxSet: ShopifyMoneyBag | null;
  totalDiscountsSet: ShopifyMoneyBag | null;
  totalOutstandingSet: ShopifyMoneyBag | null;
  customer: { displayName: string } | null;
  shippingAddress: ShopifyAddress | null;
  billingAddress: ShopifyAddress | null;
  shippingLine: { title: string; code: string | null } | null;
  lineItems: { pageInfo: ShopifyPageInfo; nodes: ShopifyLineItem[] };
}

export interface ShopifyFulfillmentOrder {
  id: string;
  status: string;
  lineItems: { nodes: Array<{ id: string; remainingQuantity: number; lineItem: { id: string } }> };
}

export interface ShopifyUserError {
  field: string[] | null;
  message: string;
}

/** Shopify's FulfillmentStatus: SUCCESS, CANCELLED, ERROR, FAILURE (OPEN and PENDING on older fulfillments). */
export interface ShopifyFulfillment {
  id: string;
  status: string;
  trackingInfo: Array<{ number: string | null }>;
}
