import { ChannelError } from '../../http/channel-http.ts';
import type {
  LabelFormat,
  PurchasedForms,
  PurchasedLabel,
  ShipmentAddress,
  ShipmentParcel,
  ShipmentRequest,
} from '../carrier-types.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import { amountToMinorUnits, gramsToPounds, roundInches } from '../carrier-units.ts';
import { uspsCustomsForm } from './usps-customs.ts';
import type { UspsImageType, UspsLabelAddress, UspsLabelAnswer, UspsLabelRequest } from './usps-wire.ts';

/**
 * What a USPS label purchase sends and what its answer means (integrations.md sections 8 and 12): the address split
 * the way Domestic Labels 3.0 takes it, the package description (weight in pounds, size in inches, the rate
 * indicator of a flat-rate box), and the answer's tracking number checked by its MOD 10 digit before anything is kept.
 */

/** Where USPS delivers as domestic mail: the states and the territories with ZIP Codes. */
const DOMESTIC = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);

export const isUspsDomestic = (address: ShipmentAddress): boolean => DOMESTIC.has(address.country.toUpperCase());

/** USPS's rate indicators for its flat-rate packaging (catalogue package-type code -> indicator); else single piece. */
const RATE_INDICATORS: Record<string, string> = {
  FLAT_RATE_ENVELOPE: 'FE',
  SMALL_FLAT_RATE_BOX: 'FS',
  MEDIUM_FLAT_RATE_BOX: 'FB',
  LARGE_FLAT_RATE_BOX: 'PL',
};

const IMAGE_TYPES: Record<LabelFormat, UspsImageType | null> = { pdf: 'PDF', zpl: 'ZPL203DPI', png: null };
const CONTENT_TYPES: Record<UspsImageType, string> = { PDF: 'application/pdf', ZPL203DPI: 'text/plain' };

export const uspsContentType = (imageType: UspsImageType): string => CONTENT_TYPES[imageType];

export function uspsImageType(format: LabelFormat): UspsImageType {
  const type = IMAGE_TYPES[format];
  if (!type) throw new ChannelError('invalid', 'USPS does not print PNG labels; choose PDF or ZPL');
  return type;
}

/** MOD 10 of USPS Pub. 199 over the digits before the check digit: from the right, odd positions x 3 plus even ones. */
export function uspsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    total += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (total % 10)) % 10;
}

/** A package identification code (20 to 34 digits) whose last digit is its MOD 10 check digit. */
export function isValidUspsTrackingNumber(trackingNumber: string): boolean {
  if (!/^\d{20,34}$/.test(trackingNumber)) return false;
  return uspsCheckDigit(trackingNumber.slice(0, -1)) === Number(trackingNumber.at(-1));
}

/** "63118-2628" -> ZIP Code and ZIP+4; anything else is refused before USPS is asked. */
export function uspsZip(postalCode: string): { ZIPCode: string; ZIPPlus4?: string } {
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(postalCode.trim());
  if (!match) throw new ChannelError('invalid', `USPS needs a 5-digit ZIP Code, not "${postalCode}"`);
  return match[2] ? { ZIPCode: match[1]!, ZIPPlus4: match[2] } : { ZIPCode: match[1]! };
}

/** Ten digits, as USPS takes a phone number; a number that is not one is left out rather than refused. */
function uspsPhone(phone: string | null): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : undefined;
}

/**
 * A person's name split at its last space; a one-word name goes where a firm would (USPS wants both names or a firm).
 * `firmRequired`: the sender of a label with a customs form, which USPS wants a firm on (the name when there is no
 * company).
 */
export function uspsNames(
  address: Pick<ShipmentAddress, 'name' | 'company'>,
  firmRequired = false,
): { firstName?: string; lastName?: string; firm?: string } {
  const name = address.name.trim().replace(/\s+/g, ' ');
  const space = name.lastIndexOf(' ');
  const person = space > 0 ? { firstName: name.slice(0, space), lastName: name.slice(space + 1) } : {};
  const firm = address.company?.trim() || (space > 0 && !firmRequired ? undefined : name);
  return { ...person, ...(firm ? { firm } : {}) };
}

export function uspsAddress(address: ShipmentAddress, firmRequired = false): UspsLabelAddress {
  if (!address.state) throw new ChannelError('invalid', `USPS needs the state of the address in ${address.city}`);
  return {
    ...uspsNames(address, firmRequired),
    streetAddress: address.street1,
    ...(address.street2 ? { secondaryAddress: address.street2 } : {}),
    city: address.city,
    state: address.state.toUpperCase(),
    ...uspsZip(address.postalCode),
    ...(uspsPhone(address.phone) ? { phone: uspsPhone(address.phone) } : {}),
    ...(address.email ? { email: address.email } : {}),
  };
}

interface UspsPiece {
  /** Pounds. */
  weight: number;
  length: number;
  width: number;
  height: number;
  rateIndicator: string;
  processingCategory: 'MACHINABLE' | 'NONSTANDARD';
}

/**
 * The piece as USPS prices it. Machinable parcels are at most 22 x 18 x 15 inches and 25 pounds; a larger one is
 * NONSTANDARD (USPS's name for non-machinable since January 2025).
 */
export function uspsPiece(parcel: ShipmentParcel): UspsPiece {
  const weight = Math.max(0.01, gramsToPounds(parcel.weightGrams));
  const [longest, middle, shortest] = [parcel.lengthIn, parcel.widthIn, parcel.heightIn].sort((a, b) => b - a);
  const machinable = longest! <= 22 && middle! <= 18 && shortest! <= 15 && weight <= 25;
  return {
    weight,
    length: roundInches(parcel.lengthIn),
    width: roundInches(parcel.widthIn),
    height: roundInches(parcel.heightIn),
    rateIndicator: RATE_INDICATORS[parcel.packageType] ?? 'SP',
    processingCategory: machinable ? 'MACHINABLE' : 'NONSTANDARD',
  };
}

/** Signature Confirmation, Adult Signature Required; insurance up to $500, and above it. */
const USPS_EXTRA = { signature: 921, adultSignature: 922, insurance: 930, insuranceOver500: 931 } as const;

/**
 * The options as USPS extra service codes, and the package value they need: 921 or 922 for a signature, 930 (or
 * 931 above $500: USPS would replace 930 by 931 itself) for insurance, the value in USD in `packageValue`.
 */
export function uspsExtras(request: Pick<ShipmentRequest, 'insurance' | 'signature'>): {
  extraServices: number[];
  packageValue: number | null;
} {
  const codes: number[] = [];
  if (request.signature) codes.push(request.signature === 'adult' ? USPS_EXTRA.adultSignature : USPS_EXTRA.signature);
  const insured = request.insurance && request.insurance.amountMinor > 0 ? request.insurance.amountMinor : 0;
  if (insured) codes.push(insured > 50_000 ? USPS_EXTRA.insuranceOver500 : USPS_EXTRA.insurance);
  return { extraServices: codes, packageValue: insured ? insured / 100 : null };
}

interface UspsLabelInput {
  from: ShipmentAddress;
  to: ShipmentAddress;
  parcel: ShipmentParcel;
  insurance?: ShipmentRequest['insurance'];
  signature?: ShipmentRequest['signature'];
  /** A military or territory address's declaration: sent as Domestic Labels' customsForm. */
  customs?: ShipmentRequest['customs'];
  shipDate: string;
  reference: string;
  serviceCode: string;
  imageType: UspsImageType;
}

export function uspsLabelRequest(input: UspsLabelInput): UspsLabelRequest {
  const { rateIndicator, processingCategory, weight, length, width, height } = uspsPiece(input.parcel);
  const reference = input.reference.trim().slice(0, 30);
  const extras = uspsExtras(input);
  return {
    imageInfo: {
      imageType: input.imageType,
      labelType: '4X6LABEL',
      receiptOption: 'NONE',
      suppressPostage: false,
      suppressMailDate: false,
      returnLabel: false,
    },
    toAddress: uspsAddress(input.to),
    fromAddress: uspsAddress(input.from, Boolean(input.customs)),
    packageDescription: {
      mailClass: input.serviceCode,
      rateIndicator,
      weightUOM: 'lb',
      weight,
      dimensionsUOM: 'in',
      length,
      width,
      height,
      processingCategory,
      mailingDate: input.shipDate,
      destinationEntryFacilityType: 'NONE',
      ...(reference ? { customerReference: [{ referenceNumber: reference, printReferenceNumber: true }] } : {}),
      ...(extras.extraServices.length > 0 ? { extraServices: extras.extraServices } : {}),
      ...(extras.packageValue !== null ? { packageOptions: { packageValue: extras.packageValue } } : {}),
    },
    ...(input.customs ? { customsForm: uspsCustomsForm(input.customs) } : {}),
  };
}

/** The postage plus the extra services and fees USPS charged with it, in cents. */
function chargedCents(answer: UspsLabelAnswer): number {
  const items = [...(answer.extraServices ?? []), ...(answer.fees ?? [])];
  return items.reduce(
    (sum, item) => sum + amountToMinorUnits(item.price ?? 0, 'USD', 'USPS'),
    amountToMinorUnits(answer.postage, 'USD', 'USPS'),
  );
}

/** The bought label of a JSON label answer; a tracking number failing its check digit is a malformed answer. */
export function uspsPurchasedLabel(
  answer: UspsLabelAnswer | null,
  format: LabelFormat,
  imageType: UspsImageType,
  forms: PurchasedForms | null = null,
): PurchasedLabel {
  const trackingNumber = (answer?.trackingNumber ?? '').replace(/\s/g, '');
  if (!isValidUspsTrackingNumber(trackingNumber)) {
    throw new ChannelError(
      'malformed',
      `USPS answered the label with a tracking number that fails its check digit: "${trackingNumber}"`,
      200,
    );
  }
  if (!answer?.labelImage) throw new ChannelError('malformed', 'USPS answered the label without its image', 200);
  return {
    trackingNumber,
    carrierShipmentId: trackingNumber,
    amountMinor: chargedCents(answer),
    currency: 'USD',
    format,
    contentType: CONTENT_TYPES[imageType],
    document: asBytes(labelFromBase64(answer.labelImage)),
    ...(forms ? { forms } : {}),
  };
}
