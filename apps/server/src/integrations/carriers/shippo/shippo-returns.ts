import type { PurchasedReturnLabel, ReturnLabelRequest } from '../carrier-types.ts';
import { shippoBuyLabel, type ShippoLabelContext } from './shippo-labels.ts';

/**
 * Shippo return labels (docs/returns.md): a new shipment with `extra.is_return: true`, rated and bought like an
 * outbound label, refunded (voided) like one. The service is the outbound's: Shippo makes a return with the same
 * carrier (USPS, FedEx or UPS) and its service level.
 */

/**
 * Shippo wants a return's addresses as the OUTBOUND shipment had them and swaps them itself: address_from is the
 * seller, address_to the buyer. The request says it the other way round (`from` the buyer, where the return leaves;
 * `to` the seller's returns address), so they are turned back here: request.to goes as address_from, request.from as
 * address_to. The RMA is the label's reference. Always pay-on-use: Shippo's return labels are scan-based (free to
 * print, charged when used), so the amount is what will be charged then.
 */
export async function shippoBuyReturnLabel(
  context: ShippoLabelContext,
  request: ReturnLabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedReturnLabel> {
  const outbound = { ...request, from: request.to, to: request.from, reference: request.rma, customs: null };
  const { forms: _forms, ...label } = await shippoBuyLabel(context, { ...outbound, isReturn: true }, signal);
  return { ...label, payOnUse: true };
}
