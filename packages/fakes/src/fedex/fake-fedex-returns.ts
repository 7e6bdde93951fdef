import type { FakeReply } from '../http/fake-http.ts';
import { fedexError } from './fake-fedex-errors.ts';
import type { FedexShipRequest } from './fake-fedex-wire.ts';

type RequestedShipment = NonNullable<FedexShipRequest['requestedShipment']>;

/**
 * Return shipments at the fake FedEx: the RETURN_SHIPMENT special service with its returnShipmentDetail. The fake
 * prints return labels (PRINT_RETURN_LABEL) only; e-mailed ones (PENDING) are refused here. The error codes are the
 * fake's own, in FedEx's error shape.
 */

/** What a return label was bought with, as the fake records it. */
export interface FakeFedexReturn {
  returnType: string;
  /** The RMA's reason (Shipdesk sends the RMA number); null when none. */
  rma: string | null;
  /** The outbound shipment it returns (returnAssociationDetail); null when not linked. */
  outboundTrackingNumber: string | null;
}

const isReturn = (shipment: RequestedShipment) =>
  shipment.shipmentSpecialServices?.specialServiceTypes?.includes('RETURN_SHIPMENT') ?? false;

/** Why the fake refuses a shipment's return, or null (not a return, or a printed return label well asked for). */
export function fedexReturnRefusal(shipment: RequestedShipment): FakeReply | null {
  const detail = shipment.shipmentSpecialServices?.returnShipmentDetail;
  if (!isReturn(shipment)) {
    return detail
      ? fedexError(400, 'RETURNSHIPMENT.SPECIALSERVICE.REQUIRED', 'returnShipmentDetail needs RETURN_SHIPMENT.')
      : null;
  }
  if (detail?.returnType !== 'PRINT_RETURN_LABEL') {
    return fedexError(
      400,
      'RETURNSHIPMENT.RETURNTYPE.INVALID',
      `Return type ${detail?.returnType ?? '(none)'} is not offered here; use PRINT_RETURN_LABEL.`,
    );
  }
  return null;
}

/** The return a shipment was bought as, or null for an outbound one. */
export function fedexReturnOf(shipment: RequestedShipment): FakeFedexReturn | null {
  const detail = shipment.shipmentSpecialServices?.returnShipmentDetail;
  if (!isReturn(shipment) || !detail) return null;
  return {
    returnType: detail.returnType ?? '',
    rma: detail.rma?.reason ?? null,
    outboundTrackingNumber: detail.returnAssociationDetail?.trackingNumber ?? null,
  };
}
