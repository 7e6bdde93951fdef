import {
  CARRIER_CATALOGUE,
  CARRIER_NAMES,
  findCarrierService,
  findPackageType,
  type Carrier,
  type OrderSummary,
} from '@shipdesk/contract';

// What the order's page says with the carrier catalogue's names; the order list, which names only the carrier and the
// server's service name (order-shipping.ts), does not load the catalogue.

/** The package type's name in its carrier's catalogue, or its code when the catalogue does not know it. */
export function packageTypeName(shipping: OrderSummary['shipping']): string | null {
  if (!shipping.packageType) return null;
  return (shipping.carrier && findPackageType(shipping.carrier, shipping.packageType)?.name) || shipping.packageType;
}

/** The carrier service a shipping change left the order with, from the timeline event's payload: "UPS Ground (UPS)". */
export function shippingEventService(payload: Record<string, unknown>): string | null {
  const { carrier, carrierMethod } = payload;
  if (typeof carrier !== 'string' || !(carrier in CARRIER_CATALOGUE) || typeof carrierMethod !== 'string') return null;
  const service = findCarrierService(carrier as Carrier, carrierMethod);
  return `${service?.name ?? carrierMethod} (${CARRIER_NAMES[carrier as Carrier]})`;
}
