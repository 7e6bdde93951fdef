import { createHash } from 'node:crypto';
import type { LabelFormat, ShipmentAddress, ShipmentParcel, ShipmentRequest } from '../carrier-types.ts';
import { gramsToPounds } from '../carrier-units.ts';
import type { FedexAddress, FedexContact, FedexCustomerReference, FedexPackageLineItem } from './fedex-wire.ts';

/**
 * A shipment in FedEx's words, shared by quotes and purchases: addresses (the recipient residential unless known
 * otherwise, as FedEx prices it), contacts, the package in pounds and whole inches, the label's image and stock, and
 * the references its package carries.
 */

/** Dropped off at FedEx: a scheduled pickup is the account's arrangement, not something a label can assume. */
export const PICKUP_TYPE = 'DROPOFF_AT_FEDEX_LOCATION';

/** FedEx refuses more than 30 characters in a P.O. number reference on Ground (40 on Express). */
const MAX_REFERENCE = 30;

export function fedexAddress(address: ShipmentAddress, recipient: boolean): FedexAddress {
  return {
    streetLines: [address.street1, address.street2].filter((line): line is string => !!line?.trim()),
    city: address.city,
    ...(address.state ? { stateOrProvinceCode: address.state } : {}),
    postalCode: address.postalCode,
    countryCode: address.country,
    ...(recipient ? { residential: address.residential ?? true } : {}),
  };
}

/** Digits only: FedEx takes 10 to 15 of them. */
const phoneDigits = (phone: string | null) => (phone ?? '').replace(/\D/g, '') || undefined;

/**
 * FedEx requires a phone number for both parties. A recipient without one gets the shipper's: FedEx calls it about a
 * delivery problem, and the seller is who can answer.
 */
export function fedexContact(address: ShipmentAddress, fallbackPhone: string | null = null): FedexContact {
  const phoneNumber = phoneDigits(address.phone) ?? phoneDigits(fallbackPhone);
  return {
    personName: address.name,
    ...(address.company ? { companyName: address.company } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
    ...(address.email ? { emailAddress: address.email } : {}),
  };
}

/**
 * The options in FedEx's package fields: the insured value as `declaredValue` (FedEx's maximum liability) and a
 * signature as the SIGNATURE_OPTION special service (listed in `specialServiceTypes` too, as integrators send it):
 * DIRECT for a signature at the door, ADULT for an adult's.
 */
function fedexPackageOptions(request: Pick<ShipmentRequest, 'insurance' | 'signature'>) {
  const { insurance, signature } = request;
  return {
    ...(insurance && insurance.amountMinor > 0
      ? { declaredValue: { amount: insurance.amountMinor / 100, currency: insurance.currency } }
      : {}),
    ...(signature
      ? {
          packageSpecialServices: {
            specialServiceTypes: ['SIGNATURE_OPTION'],
            signatureOptionType: signature === 'adult' ? ('ADULT' as const) : ('DIRECT' as const),
          },
        }
      : {}),
  };
}

/** FedEx takes dimensions in whole inches: rounded up, and left out when the parcel has none. */
export function fedexPackage(
  parcel: ShipmentParcel,
  references?: FedexCustomerReference[],
  options: Pick<ShipmentRequest, 'insurance' | 'signature'> = {},
): FedexPackageLineItem {
  const sides = [parcel.lengthIn, parcel.widthIn, parcel.heightIn];
  return {
    weight: { units: 'LB', value: gramsToPounds(parcel.weightGrams, 1) },
    ...(sides.every((side) => side > 0)
      ? {
          dimensions: {
            length: Math.ceil(parcel.lengthIn),
            width: Math.ceil(parcel.widthIn),
            height: Math.ceil(parcel.heightIn),
            units: 'IN' as const,
          },
        }
      : {}),
    ...(references?.length ? { customerReferences: references } : {}),
    ...fedexPackageOptions(options),
  };
}

export const packagingType = (parcel: ShipmentParcel) => parcel.packageType || 'YOUR_PACKAGING';

/** imageType and labelStockType per format: thermal ZPL on 4×6 stock, PDF and PNG on 4×6 paper. */
export const LABEL_SPECIFICATIONS: Record<LabelFormat, { imageType: string; labelStockType: string }> = {
  pdf: { imageType: 'PDF', labelStockType: 'PAPER_4X6' },
  zpl: { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' },
  png: { imageType: 'PNG', labelStockType: 'PAPER_4X6' },
};

export const CONTENT_TYPES: Record<LabelFormat, string> = {
  pdf: 'application/pdf',
  zpl: 'text/plain',
  png: 'image/png',
};

/**
 * The purchase's key as FedEx can hold it in a P.O. number reference (at most 30 letters, digits and hyphens): the key
 * itself when it fits, else a digest of it. Buying and finding compute the same value.
 */
export function purchaseReference(idempotencyKey: string): string {
  if (/^[A-Za-z0-9-]+$/.test(idempotencyKey) && idempotencyKey.length <= MAX_REFERENCE) return idempotencyKey;
  return `SD${createHash('sha256')
    .update(idempotencyKey)
    .digest('hex')
    .slice(0, MAX_REFERENCE - 2)
    .toUpperCase()}`;
}

/**
 * The package's references: the order's number as the customer reference (printed on the label, what the seller
 * searches by in FedEx Ship Manager), and the purchase key as the P.O. number, which FedEx's Track API finds a shipment
 * by when a purchase's answer was lost. One per type: FedEx takes no second customer reference.
 */
export function packageReferences(request: ShipmentRequest, idempotencyKey: string): FedexCustomerReference[] {
  const reference = request.reference.trim().slice(0, MAX_REFERENCE);
  return [
    ...(reference ? [{ customerReferenceType: 'CUSTOMER_REFERENCE', value: reference }] : []),
    { customerReferenceType: 'P_O_NUMBER', value: purchaseReference(idempotencyKey) },
  ];
}
