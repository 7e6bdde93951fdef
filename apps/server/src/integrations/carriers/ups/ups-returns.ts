import type { PurchasedLabel, PurchasedReturnLabel, ReturnLabelRequest } from '../carrier-types.ts';
import { UPS_FORMATS, upsParty, upsShipRequest } from './ups-shipment.ts';
import type { UpsShipRequest } from './ups-wire.ts';

/**
 * UPS return labels (docs/returns.md): the same Ship call as an outbound label, with `ReturnService` 9 (Print Return
 * Label: the label comes back in the answer, to be handed to the buyer). The service stays the outbound one: UPS
 * carries a return on the service it names (Ground, 2nd Day Air…), the ReturnService only says what kind of return.
 */

/** Print Return Label: the one return kind Shipdesk buys (the others mail, e-mail or attempt a pickup). */
const UPS_PRINT_RETURN_LABEL = '9';

/** UPS's longest description: 35 characters. */
const clip = (text: string) => text.trim().slice(0, 35);

/**
 * The Ship request of a return. ShipFrom is the buyer (where the parcel leaves), ShipTo the seller's returns address;
 * the shipper is the account holder, so it sits at the seller's address too, not the buyer's. UPS requires a
 * Description on a return; the RMA is both the description's subject and the reference printed on the label (beside
 * the idempotency key, which is how a lost purchase is found again, as for an outbound label).
 */
export function upsReturnShipRequest(
  request: ReturnLabelRequest,
  accountNumber: string,
  signatureLevel?: string,
): UpsShipRequest {
  const outbound = upsShipRequest(
    { ...request, customs: null, reference: request.rma, imageCode: UPS_FORMATS[request.format].ship },
    accountNumber,
    signatureLevel,
  );
  const { Shipment: shipment } = outbound.ShipmentRequest;
  return {
    ShipmentRequest: {
      ...outbound.ShipmentRequest,
      Shipment: {
        ...shipment,
        Description: clip(`Return ${request.rma}`),
        Shipper: { ...upsParty(request.to), ShipperNumber: accountNumber },
        ReturnService: { Code: UPS_PRINT_RETURN_LABEL },
      },
    },
  };
}

/**
 * The bought return label. Never pay-on-use: UPS bills its return services per its tariff (whether a Print Return
 * Label is charged when bought or when used is unconfirmed), so the charge UPS answers is taken as paid now.
 */
export function upsReturnLabel(label: PurchasedLabel): PurchasedReturnLabel {
  const { forms: _forms, ...rest } = label;
  return { ...rest, payOnUse: false };
}
