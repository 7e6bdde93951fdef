import type { FakeReply } from '../http/fake-http.ts';
import type { ShippoExtra } from './fake-shippo-extras.ts';
import type { ShippoAddress } from './fake-shippo-wire.ts';

/**
 * Return shipments at the fake Shippo: a shipment with `extra.is_return: true`, sent with the outbound's addresses as
 * they were (address_from the seller, address_to the buyer). Shippo swaps them itself, so the shipment it keeps, its
 * rates and its label run from the buyer back to the seller. Return labels are offered by USPS, FedEx and UPS only
 * (the fake's carriers are all three). A label bought from a return shipment is marked as a return.
 */

/** The carriers Shippo makes return labels with. */
const RETURN_CARRIERS = new Set(['usps', 'fedex', 'ups']);

export const isReturnShipment = (extra: ShippoExtra | undefined): boolean => extra?.is_return === true;

/** The 400 of an `is_return` that is not a boolean, in Django REST framework's field-error shape; else null. */
export function shippoReturnRefusal(extra: ShippoExtra | undefined): FakeReply | null {
  if (extra?.is_return === undefined || typeof extra.is_return === 'boolean') return null;
  return { status: 400, body: { extra: { is_return: ['Must be a valid boolean.'] } } };
}

/** The shipment's addresses as Shippo keeps them: a return's swapped (it leaves from the outbound's recipient). */
export function shipmentAddresses(
  from: ShippoAddress,
  to: ShippoAddress,
  extra: ShippoExtra | undefined,
): { from: ShippoAddress; to: ShippoAddress } {
  return isReturnShipment(extra) ? { from: to, to: from } : { from, to };
}

/** Whether the carrier rates this shipment: any carrier for an outbound one, USPS, FedEx and UPS for a return. */
export const ratesShipment = (carrier: string, extra: ShippoExtra | undefined): boolean =>
  !isReturnShipment(extra) || RETURN_CARRIERS.has(carrier);
