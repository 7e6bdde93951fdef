import {
  gramsOf,
  type FakeAddress,
  type FakeMoneyBag,
  type FinancialStatus,
  type FakeShopifyOrder,
} from './fake-shopify-wire.ts';

/**
 * An order as the REST Admin API spells it, which is what Shopify still posts to orders/* webhooks even for apps on
 * GraphQL: numeric ids, snake_case names, lower-case statuses, money with two decimals, weights in grams.
 */

const restMoney = (bag: FakeMoneyBag) => Number(bag.shopMoney.amount).toFixed(2);
const restFinancial = (status: FinancialStatus) => status.toLowerCase();

function restAddress(address: FakeAddress | null) {
  if (!address) return null;
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    name: address.name,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    province_code: address.provinceCode,
    zip: address.zip,
    country: address.country,
    country_code: address.countryCodeV2,
    phone: address.phone,
  };
}

const gidNumber = (gid: string) => Number(gid.slice(gid.lastIndexOf('/') + 1));

/** The REST order JSON Shopify posts to orders/* webhooks. */
export function orderAsRest(order: FakeShopifyOrder) {
  const fulfillment =
    order.displayFulfillmentStatus === 'FULFILLED'
      ? 'fulfilled'
      : order.displayFulfillmentStatus === 'PARTIALLY_FULFILLED'
        ? 'partial'
        : null;
  return {
    id: Number(order.legacyResourceId),
    admin_graphql_api_id: order.id,
    name: order.name,
    order_number: Number(order.name.replace('#', '')),
    email: order.email,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    processed_at: order.processedAt,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason?.toLowerCase() ?? null,
    closed_at: order.closedAt,
    financial_status: restFinancial(order.displayFinancialStatus),
    fulfillment_status: fulfillment,
    currency: order.currencyCode,
    presentment_currency: order.currencyCode,
    subtotal_price: restMoney(order.subtotalPriceSet),
    total_price: restMoney(order.totalPriceSet),
    total_tax: restMoney(order.totalTaxSet),
    total_discounts: restMoney(order.totalDiscountsSet),
    total_weight: Number(order.totalWeight),
    taxes_included: order.taxesIncluded,
    note: order.note,
    tags: order.tags.join(', '),
    discount_codes: order.discountCodes.map((code) => ({ code, type: 'percentage' })),
    customer: {
      id: gidNumber(order.customer.id),
      email: order.customer.email,
      first_name: order.customer.firstName,
      last_name: order.customer.lastName,
    },
    line_items: order.lineItems.map((line) => ({
      id: gidNumber(line.id),
      admin_graphql_api_id: line.id,
      variant_id: gidNumber(line.variant.id),
      product_id: gidNumber(line.product.id),
      sku: line.sku,
      name: line.name,
      title: line.title,
      variant_title: line.variantTitle,
      vendor: line.vendor,
      quantity: line.quantity,
      fulfillable_quantity: line.unfulfilledQuantity,
      fulfillment_status: line.unfulfilledQuantity === 0 ? 'fulfilled' : null,
      price: restMoney(line.originalUnitPriceSet),
      grams: gramsOf(line),
      requires_shipping: line.requiresShipping,
    })),
    shipping_address: restAddress(order.shippingAddress),
    billing_address: restAddress(order.billingAddress),
    shipping_lines: order.shippingLine
      ? [
          {
            title: order.shippingLine.title,
            code: order.shippingLine.code,
            source: order.shippingLine.source,
            price: restMoney(order.shippingLine.originalPriceSet),
          },
        ]
      : [],
  };
}
