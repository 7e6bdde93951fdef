import type { Path } from 'react-hook-form';
import type { Order, OrderShipping, OrderShippingUpdate } from '@shipdesk/contract';
import {
  carrierKey,
  findCarrierServiceOption,
  splitCarrierKey,
  type CarrierServiceOption,
} from '@/entities/carrier-catalogue/carrier-services';

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

/** The form opens on what the order ships with now, if anything. */
export function orderShippingFormDefaults(shipping: OrderShipping): OrderShippingFormValues {
  return {
    carrierMethod:
      shipping.carrier && shipping.carrierMethod ? carrierKey(shipping.carrier, shipping.carrierMethod) : '',
    packageType: shipping.packageType ?? '',
  };
}

export function validateOrderShippingForm(
  values: OrderShippingFormValues,
  options: readonly CarrierServiceOption[],
): Record<string, string> {
  if (!values.carrierMethod) return { carrierMethod: 'Choose a carrier service' };
  if (!findCarrierServiceOption(options, values.carrierMethod)) {
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
  const service = splitCarrierKey(values.carrierMethod);
  // The form checks the choice against the catalogue's options first.
  if (!service) throw new Error(`Not a carrier service: ${values.carrierMethod}`);
  const shipMethodId = order.shipping.shipMethod?.id;
  return {
    carrier: service.carrier,
    carrierMethod: service.code,
    ...(values.packageType ? { packageType: values.packageType } : {}),
    ...(shipMethodId ? { shipMethodId } : {}),
    version: order.version,
  };
}
