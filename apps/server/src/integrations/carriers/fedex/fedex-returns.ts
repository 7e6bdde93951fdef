import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import type { PurchasedReturnLabel, ReturnLabelRequest } from '../carrier-types.ts';
import type { FedexClient } from './fedex-client.ts';
import { fedexShipRequest, purchasedLabel, type FedexShippingAccount } from './fedex-labels.ts';
import type { FedexAnswer, FedexReturnShipmentDetail, FedexShipOutput, FedexShipRequest } from './fedex-wire.ts';

/**
 * FedEx return labels (docs/returns.md): the Ship API's own call with the RETURN_SHIPMENT special service and a
 * PRINT_RETURN_LABEL (the label in the answer, for the buyer to print). The shipper is the buyer (where the parcel
 * leaves), the recipient the seller's returns address; the service is the outbound one (FedEx carries a return on the
 * service it names), but for ground, that of the returns address (fedexReturnService). E-mailed return labels
 * (PENDING) and return pickups (tags) are not bought here.
 */

/**
 * The ground service for the return's destination: the outbound went to a home (Home Delivery) but the return goes to
 * the seller, a business unless its address says otherwise, which FedEx serves with FedEx Ground (and the reverse). It
 * follows the residential flag the request sends (an unknown one is sent as a home). Express services stay as they are.
 */
export function fedexReturnService(request: ReturnLabelRequest): string {
  if (request.serviceCode !== 'GROUND_HOME_DELIVERY' && request.serviceCode !== 'FEDEX_GROUND')
    return request.serviceCode;
  return (request.to.residential ?? true) ? 'GROUND_HOME_DELIVERY' : 'FEDEX_GROUND';
}

/** The Ship request of a return: the RMA as FedEx's RMA reason and the label's reference, linked to the outbound. */
function fedexReturnShipRequest(account: FedexShippingAccount, request: ReturnLabelRequest): FedexShipRequest {
  const outbound = fedexShipRequest(account, {
    ...request,
    customs: null,
    reference: request.rma,
    serviceCode: fedexReturnService(request),
  });
  const returnShipmentDetail: FedexReturnShipmentDetail = {
    returnType: 'PRINT_RETURN_LABEL',
    rma: { reason: request.rma },
    // FedEx ties the return to the outbound shipment when it knows it; a return without one is still a return.
    ...(request.outboundTrackingNumber
      ? { returnAssociationDetail: { trackingNumber: request.outboundTrackingNumber } }
      : {}),
  };
  return {
    ...outbound,
    requestedShipment: {
      ...outbound.requestedShipment,
      shipmentSpecialServices: { specialServiceTypes: ['RETURN_SHIPMENT'], returnShipmentDetail },
    },
  };
}

/**
 * Bought like an outbound label (not retried: FedEx documents no purchase idempotency; the key travels as the
 * transaction id and the package's P.O. number) and cancelled like one. Never pay-on-use: whether FedEx bills a
 * printed return label when it is bought or when it is used is unconfirmed, so its answered charge is taken as paid.
 */
export async function fedexBuyReturnLabel(
  client: FedexClient,
  account: FedexShippingAccount,
  request: ReturnLabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedReturnLabel> {
  const answer = await client.call<FedexAnswer<FedexShipOutput> | null>(
    {
      method: 'POST',
      path: '/ship/v1/shipments',
      headers: { 'x-customer-transaction-id': request.idempotencyKey },
      json: fedexReturnShipRequest(account, request),
      idempotent: false,
      answerLimit: LABEL_ANSWER_LIMIT,
    },
    signal,
  );
  return { ...purchasedLabel(answer, request.format), payOnUse: false };
}
