import type { UpsPackage, UpsShipmentBody } from './fake-ups-wire.ts';

/**
 * The options the fake UPS checks and prices as its Rating and Shipping APIs do: the package's
 * `PackageServiceOptions.DeclaredValue` (type 01 EVS or 02 DVS, refused above $50,000) and `DeliveryConfirmation`
 * at the package (DCISType 2 signature, 3 adult) or the shipment (1 signature, 2 adult). Unknown codes are refused
 * with UPS's error codes; the charges (made up) go into ServiceOptionsCharges and the total.
 */

const UPS_MAX_DECLARED = 50_000;
/** Dollars per DCISType, package level and shipment level. */
const PACKAGE_CONFIRMATION: Record<string, number> = { '2': 6.2, '3': 7.5 };
const SHIPMENT_CONFIRMATION: Record<string, number> = { '1': 6.2, '2': 7.5 };
const DECLARED_TYPES = new Set(['01', '02']);

interface UpsOptionsFields {
  ShipmentServiceOptions?: { DeliveryConfirmation?: { DCISType?: unknown } };
}
interface UpsPackageOptionsFields {
  PackageServiceOptions?: {
    DeclaredValue?: { Type?: { Code?: unknown }; CurrencyCode?: unknown; MonetaryValue?: unknown };
    DeliveryConfirmation?: { DCISType?: unknown };
  };
}

const packageOptions = (pkg: UpsPackage | undefined) =>
  (pkg as UpsPackageOptionsFields | undefined)?.PackageServiceOptions;
const shipmentConfirmation = (shipment: UpsShipmentBody) =>
  (shipment as UpsOptionsFields).ShipmentServiceOptions?.DeliveryConfirmation;

/** Why UPS refuses the options, or null. */
export function upsOptionsRefusal(
  shipment: UpsShipmentBody,
  pkg: UpsPackage | undefined,
): { code: string; message: string } | null {
  const options = packageOptions(pkg);
  const declared = options?.DeclaredValue;
  if (declared) {
    if (!DECLARED_TYPES.has(String(declared.Type?.Code ?? '01'))) {
      return { code: '9120211', message: `Invalid DeclaredValue Type Code ${String(declared.Type?.Code)}` };
    }
    const value = declared.MonetaryValue;
    if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value) || !declared.CurrencyCode) {
      return {
        code: '9120200',
        message: 'Invalid or missing DeclaredValue.MonetaryValue: a number written as a string',
      };
    }
    if (Number(value) > UPS_MAX_DECLARED) {
      return {
        code: '120516',
        message: `The declared value exceeds the maximum allowed of ${UPS_MAX_DECLARED} USD per package`,
      };
    }
  }
  const atPackage = options?.DeliveryConfirmation;
  if (atPackage && PACKAGE_CONFIRMATION[String(atPackage.DCISType)] === undefined) {
    return { code: '120801', message: `Invalid Package DeliveryConfirmation DCISType ${String(atPackage.DCISType)}` };
  }
  const atShipment = shipmentConfirmation(shipment);
  if (atShipment && SHIPMENT_CONFIRMATION[String(atShipment.DCISType)] === undefined) {
    return { code: '120802', message: `Invalid Shipment DeliveryConfirmation DCISType ${String(atShipment.DCISType)}` };
  }
  if (atPackage && atShipment) {
    return { code: '120803', message: 'Delivery Confirmation is allowed at the package or the shipment, not both' };
  }
  return null;
}

/** The options' charges in dollars: the confirmation's, and $1.05 per $100 declared past the first $100. */
export function upsOptionsCharge(shipment: UpsShipmentBody, pkg: UpsPackage | undefined): number {
  const options = packageOptions(pkg);
  const declared = Number(options?.DeclaredValue?.MonetaryValue ?? 0);
  const insurance = declared > 100 ? Math.ceil((declared - 100) / 100) * 1.05 : 0;
  const confirmation =
    PACKAGE_CONFIRMATION[String(options?.DeliveryConfirmation?.DCISType)] ??
    SHIPMENT_CONFIRMATION[String(shipmentConfirmation(shipment)?.DCISType)] ??
    0;
  return Math.round((insurance + confirmation) * 100) / 100;
}
