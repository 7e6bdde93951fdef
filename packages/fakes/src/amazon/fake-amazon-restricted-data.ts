import type { FakeReply } from '../http/fake-http.ts';
import {
  ORDERS_V0,
  spErrors,
  type RestrictedResource,
  type SpError,
  type SpOrder,
  type SpOrderItem,
} from './fake-amazon-wire.ts';

/**
 * Who sees which personal data in the fake SP-API: the Restricted Data Tokens of the Tokens API 2021-03-01, what
 * each grants for which path, and an order or item as a caller with those grants reads it (Amazon hides the buyer,
 * the full address and, while an order is Pending, its prices).
 */

/** The dataElements an Orders v0 restricted resource may ask for. */
const ORDER_PII_ELEMENTS = new Set(['buyerInfo', 'shippingAddress', 'buyerTaxInformation']);
/** Amazon shows ShippingAddress only once the order can ship. */
const ADDRESS_STATUSES = new Set(['Unshipped', 'PartiallyShipped', 'Shipped', 'InvoiceUnconfirmed']);
const PRICE_FIELDS = [
  'ItemPrice',
  'ShippingPrice',
  'ItemTax',
  'ShippingTax',
  'ShippingDiscount',
  'PromotionDiscount',
] as const;
const RDT_LIFETIME_SECONDS = 3600;

export const spErrorReply = (status: number, ...errors: SpError[]): FakeReply => ({ status, body: { errors } });

interface RestrictedDataTokens {
  /** createRestrictedDataToken's answer to this request body. */
  create(body: string): FakeReply;
  /** The PII elements `token` grants for this request; null when it is not an RDT, has expired, or is for another. */
  grants(token: string, method: string, path: string): Set<string> | null;
  /** Every RDT stops working. */
  clear(): void;
}

/** `mint` names the tokens, so they can share a sequence with the access tokens. */
export function createRestrictedDataTokens(mint: () => string): RestrictedDataTokens {
  const tokens = new Map<string, { resources: RestrictedResource[]; expiresAt: number }>();
  return {
    create(body) {
      let resources: RestrictedResource[];
      try {
        resources = (JSON.parse(body) as { restrictedResources: RestrictedResource[] }).restrictedResources;
      } catch {
        return spErrorReply(400, spErrors.invalidInput('Request body is not valid JSON.'));
      }
      if (!Array.isArray(resources) || resources.length === 0 || resources.length > 50) {
        return spErrorReply(400, spErrors.invalidInput('restrictedResources must hold 1 to 50 resources.'));
      }
      for (const resource of resources) {
        const known = resource.path === ORDERS_V0 || resource.path.startsWith(`${ORDERS_V0}/`);
        const elements = resource.dataElements ?? [];
        if (!known || !['GET', 'PUT', 'POST', 'DELETE'].includes(resource.method)) {
          return spErrorReply(
            400,
            spErrors.invalidInput(`Invalid restricted resource: ${resource.method} ${resource.path}`),
          );
        }
        if (elements.some((element) => !ORDER_PII_ELEMENTS.has(element))) {
          return spErrorReply(400, spErrors.invalidInput(`Invalid dataElements: ${elements.join(', ')}`));
        }
      }
      const token = mint();
      tokens.set(token, { resources, expiresAt: Date.now() + RDT_LIFETIME_SECONDS * 1000 });
      return { status: 200, body: { restrictedDataToken: token, expiresIn: RDT_LIFETIME_SECONDS } };
    },
    grants(token, method, path) {
      const rdt = tokens.get(token);
      if (!rdt || rdt.expiresAt <= Date.now()) return null;
      // A resource path may name one order or, with the {orderId} placeholder, every order.
      const resource = rdt.resources.find(
        (candidate) =>
          candidate.method === method &&
          (candidate.path === path ||
            (candidate.path === `${ORDERS_V0}/{orderId}` && path.startsWith(`${ORDERS_V0}/`))),
      );
      return resource ? new Set(resource.dataElements ?? []) : null;
    },
    clear: () => tokens.clear(),
  };
}

/** The order as a caller holding `pii` sees it. */
export function visibleOrder(order: SpOrder, pii: ReadonlySet<string>): SpOrder {
  const copy = structuredClone(order);
  if (copy.OrderStatus === 'Pending') delete copy.OrderTotal;
  if (!ADDRESS_STATUSES.has(copy.OrderStatus)) delete copy.ShippingAddress;
  else if (copy.ShippingAddress && !pii.has('shippingAddress')) {
    const { City, StateOrRegion, PostalCode, CountryCode } = copy.ShippingAddress;
    copy.ShippingAddress = { City, StateOrRegion, PostalCode, CountryCode };
  }
  if (!pii.has('buyerInfo')) delete copy.BuyerInfo;
  return copy;
}

/** Pending orders carry no prices yet. */
export function visibleItem(item: SpOrderItem, status: SpOrder['OrderStatus']): SpOrderItem {
  const copy = structuredClone(item);
  if (status === 'Pending') for (const key of PRICE_FIELDS) delete copy[key];
  return copy;
}
