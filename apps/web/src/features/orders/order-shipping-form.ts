import type { Path } from 'react-hook-form';
import {
  CARRIER_CATALOGUE,
  type Carrier,
  type CarrierCatalogueEntry,
  type CarrierService,
  type Order,
  type OrderShipping,
  type OrderShippingUpdate,
} from '@shipdesk/contract';

/** One carrier service of the catalogue as an option of the order's picker, grouped by its carrier. */
export interface ShippingServiceOption {
  /** `carrier:code`, the form's value. */
  key: string;
  carrier: Carrier;
  carrierName: string;
  service: CarrierService;
}

const optionKey = (carrier: Carrier, code: string) => `${carrier}:${code}`;

/**
 * The form of a carrier service chosen by hand. `carrierMethod` holds the option's key, so the server's
 * `errors.carrierMethod` lands on the service picker.
 */
export interface OrderShippingFormValues {
  carrierMethod: string;
  /** '' for the carrier's default packaging. */
  packageType: string;
}

export const ORDER_SHIPPING_FIELDS: Path<OrderShippingFormValues>[] = ['carrierMethod', 'packageType'];

/**
 * The catalogue's carriers, plus the order's own carrier when the catalogue no longer lists it (its account stopped
 * passing the connection test): the service the order ships with stays on show and can be kept.
 */
export function orderShippingCatalogue(
  listed: readonly CarrierCatalogueEntry[],
  shipping: OrderShipping,
): readonly CarrierCatalogueEntry[] {
  const { carrier } = shipping;
  return carrier && !listed.some((entry) => entry.carrier === carrier)
    ? [...listed, CARRIER_CATALOGUE[carrier]]
    : listed;
}

export function shippingServiceOptions(entries: readonly CarrierCatalogueEntry[]): ShippingServiceOption[] {
  return entries.flatMap((entry) =>
    entry.services.map((service) => ({
      key: optionKey(entry.carrier, service.code),
      carrier: entry.carrier,
      carrierName: entry.name,
      service,
    })),
  );
}

export function findShippingServiceOption(
  options: readonly ShippingServiceOption[],
  key: string,
): ShippingServiceOption | undefined {
  return options.find((option) => option.key === key);
}

/** The form opens on what the order ships with now, if anything. */
export function orderShippingFormDefaults(shipping: OrderShipping): OrderShippingFormValues {
  return {
    carrierMethod:
      shipping.carrier && shipping.carrierMethod ? optionKey(shipping.carrier, shipping.carrierMethod) : '',
    packageType: shipping.packageType ?? '',
  };
}

export function validateOrderShippingForm(
  values: OrderShippingFormValues,
  options: readonly ShippingServiceOption[],
): Record<string, string> {
  if (!values.carrierMethod) return { carrierMethod: 'Choose a carrier service' };
  if (!findShippingServiceOption(options, values.carrierMethod)) {
    return { carrierMethod: 'Choose a carrier service from the list' };
  }
  return {};
}

/**
 * The body of a choice by hand. The order keeps its shipping method (the server would clear one not sent), and its
 * version refuses the choice if someone changed the order since it was shown.
 */
export function toOrderShippingUpdate(
  values: OrderShippingFormValues,
  order: Pick<Order, 'shipping' | 'version'>,
): OrderShippingUpdate {
  const at = values.carrierMethod.indexOf(':');
  const shipMethodId = order.shipping.shipMethod?.id;
  return {
    carrier: values.carrierMethod.slice(0, at) as Carrier,
    carrierMethod: values.carrierMethod.slice(at + 1),
    ...(values.packageType ? { packageType: values.packageType } : {}),
    ...(shipMethodId ? { shipMethodId } : {}),
    version: order.version,
  };
}

/** "2–5 business days", "1 business day", "Same day". */
export function deliveryDaysText({ min, max }: CarrierService['deliveryDays']): string {
  if (max === 0) return 'Same day';
  if (min === max) return `${min} business day${min === 1 ? '' : 's'}`;
  return `${min}–${max} business days`;
}

/** "Domestic · 2–5 business days" */
export function serviceReachText(service: Pick<CarrierService, 'scope' | 'deliveryDays'>): string {
  return `${service.scope === 'domestic' ? 'Domestic' : 'International'} · ${deliveryDaysText(service.deliveryDays)}`;
}
