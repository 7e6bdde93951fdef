import { ChannelError } from '../../http/channel-http.ts';
import type {
  LabelFormat,
  PurchasedLabel,
  ShipmentAddress,
  ShipmentParcel,
  ShipmentRequest,
} from '../carrier-types.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import { amountToMinorUnits, gramsToPounds, roundInches } from '../carrier-units.ts';
import { upsInternationalForms, upsShipmentDescription } from './ups-customs.ts';
import type {
  UpsDimensions,
  UpsLabelImageCode,
  UpsMoney,
  UpsPackageServiceOptions,
  UpsPackageWeight,
  UpsParty,
  UpsRateRequest,
  UpsShipmentServiceOptions,
  UpsReferenceNumber,
  UpsShipRequest,
} from './ups-wire.ts';

/**
 * What UPS's Rating and Shipping APIs take (parties, one package, numbers written as strings) and what their answers
 * mean: charges (the account's negotiated rate when UPS gives one), a 1Z tracking number checked by its check digit,
 * and the label image. UPS prints GIF or ZPL when it ships; PDF only through Label Recovery.
 */

/** UPS's longest name and address line. */
const clip = (text: string, max = 35) => text.trim().slice(0, max);

/** UPS's own packaging and the seller's ('02'); only the seller's needs its size. */
const CUSTOMER_PACKAGING = '02';

function digits(phone: string | null): string | undefined {
  const only = (phone ?? '').replace(/\D/g, '');
  return only.length >= 10 ? only.slice(0, 15) : undefined;
}

/** A party: the company (or the person) as Name, the person as AttentionName. */
export function upsParty(address: ShipmentAddress, residential = false): UpsParty {
  const country = address.country.toUpperCase();
  const postalCode = country === 'US' ? address.postalCode.replace(/[\s-]/g, '') : address.postalCode.trim();
  const phone = digits(address.phone);
  return {
    Name: clip(address.company || address.name),
    AttentionName: clip(address.name),
    ...(phone ? { Phone: { Number: phone } } : {}),
    ...(address.email ? { EMailAddress: address.email } : {}),
    Address: {
      AddressLine: [address.street1, address.street2].flatMap((line) => (line?.trim() ? [clip(line)] : [])),
      City: clip(address.city, 30),
      ...(address.state ? { StateProvinceCode: address.state.toUpperCase() } : {}),
      PostalCode: postalCode,
      CountryCode: country,
      // UPS prices residential delivery; an address not known to be a business is treated as a home.
      ...(residential && address.residential !== false ? { ResidentialAddressIndicator: 'Y' } : {}),
    },
  };
}

function upsPackage(parcel: ShipmentParcel): {
  code: string;
  Dimensions?: UpsDimensions;
  PackageWeight: UpsPackageWeight;
} {
  const inches = (value: number) => String(roundInches(value));
  const sized = parcel.packageType === CUSTOMER_PACKAGING && parcel.lengthIn > 0;
  return {
    code: parcel.packageType || CUSTOMER_PACKAGING,
    ...(sized
      ? {
          Dimensions: {
            UnitOfMeasurement: { Code: 'IN' },
            Length: inches(parcel.lengthIn),
            Width: inches(parcel.widthIn),
            Height: inches(parcel.heightIn),
          },
        }
      : {}),
    PackageWeight: {
      UnitOfMeasurement: { Code: 'LBS' },
      Weight: String(Math.max(0.1, gramsToPounds(parcel.weightGrams, 1))),
    },
  };
}

/**
 * The options in UPS's fields: the insured value as the package's DeclaredValue (type 01 EVS, the default) and a
 * signature as DeliveryConfirmation. Which level UPS applies per origin and destination is unconfirmed
 * (docs/label-options.md): within the US (and Puerto Rico) at the package (DCISType 2 signature, 3 adult),
 * elsewhere at the shipment (1 signature, 2 adult); `signatureLevel` in the account's settings overrides it.
 */
function upsOptions(request: ShipmentRequest, signatureLevel?: string) {
  const { insurance, signature } = request;
  const level = signatureLevel === 'package' || signatureLevel === 'shipment' ? signatureLevel : null;
  const atPackage = (level ?? (withinUs(request) ? 'package' : 'shipment')) === 'package';
  const packageOptions: UpsPackageServiceOptions = {
    ...(insurance && insurance.amountMinor > 0
      ? {
          DeclaredValue: {
            Type: { Code: '01' },
            CurrencyCode: insurance.currency,
            MonetaryValue: (insurance.amountMinor / 100).toFixed(2),
          },
        }
      : {}),
    ...(signature && atPackage ? { DeliveryConfirmation: { DCISType: signature === 'adult' ? '3' : '2' } } : {}),
  };
  const shipmentOptions: UpsShipmentServiceOptions | null =
    signature && !atPackage ? { DeliveryConfirmation: { DCISType: signature === 'adult' ? '2' : '1' } } : null;
  return {
    shipment: shipmentOptions ? { ShipmentServiceOptions: shipmentOptions } : {},
    package: Object.keys(packageOptions).length > 0 ? { PackageServiceOptions: packageOptions } : {},
  };
}

/** The shipper (the account, at the sender's address), the recipient and the sender. */
function parties(request: ShipmentRequest, accountNumber: string) {
  return {
    Shipper: { ...upsParty(request.from), ShipperNumber: accountNumber },
    ShipTo: upsParty(request.to, true),
    ShipFrom: upsParty(request.from),
  };
}

const billShipper = (accountNumber: string) => [{ Type: '01' as const, BillShipper: { AccountNumber: accountNumber } }];

export function upsRateRequest(
  request: ShipmentRequest,
  accountNumber: string,
  serviceCode?: string,
  signatureLevel?: string,
): UpsRateRequest {
  const { code, ...pkg } = upsPackage(request.parcel);
  const options = upsOptions(request, signatureLevel);
  return {
    RateRequest: {
      Request: { TransactionReference: { CustomerContext: clip(request.reference, 512) || 'rates' } },
      Shipment: {
        ...parties(request, accountNumber),
        PaymentDetails: { ShipmentCharge: billShipper(accountNumber) },
        ...(serviceCode ? { Service: { Code: serviceCode } } : {}),
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        NumOfPieces: '1',
        ...options.shipment,
        Package: { PackagingType: { Code: code }, ...pkg, ...options.package },
      },
    },
  };
}

/** The idempotency key as a reference number (at most 35 characters): what findLabel looks the shipment up by. */
export const upsKeyReference = (idempotencyKey: string) => idempotencyKey.replaceAll('-', '').slice(0, 35);

/** UPS takes package-level references within the US (and Puerto Rico), shipment-level ones otherwise. */
function withinUs(request: ShipmentRequest): boolean {
  const from = request.from.country.toUpperCase();
  return from === request.to.country.toUpperCase() && (from === 'US' || from === 'PR');
}

interface UpsShipInput extends ShipmentRequest {
  serviceCode: string;
  idempotencyKey: string;
  imageCode: UpsLabelImageCode;
}

export function upsShipRequest(input: UpsShipInput, accountNumber: string, signatureLevel?: string): UpsShipRequest {
  const { code, ...pkg } = upsPackage(input.parcel);
  const options = upsOptions(input, signatureLevel);
  const references: UpsReferenceNumber[] = [
    ...(input.reference.trim() ? [{ Value: clip(input.reference) }] : []),
    { Value: upsKeyReference(input.idempotencyKey) },
  ];
  const packageLevel = withinUs(input);
  const { customs } = input;
  // A declaration travels as the commercial invoice, beside the shipment's other options (a signature).
  const serviceOptions: UpsShipmentServiceOptions | undefined = customs
    ? {
        ...options.shipment.ShipmentServiceOptions,
        InternationalForms: upsInternationalForms({ ...input, customs }, upsParty(input.to)),
      }
    : options.shipment.ShipmentServiceOptions;
  return {
    ShipmentRequest: {
      // validate: UPS checks the city, state and postal code before it bills anything.
      Request: { RequestOption: 'validate', TransactionReference: { CustomerContext: clip(input.reference, 512) } },
      Shipment: {
        // UPS requires a description of the goods on an international shipment: the declaration's, when there is one.
        Description: customs ? upsShipmentDescription(customs) : clip(input.reference) || 'Merchandise',
        ...parties(input, accountNumber),
        PaymentInformation: { ShipmentCharge: billShipper(accountNumber) },
        Service: { Code: input.serviceCode },
        ShipmentRatingOptions: { NegotiatedRatesIndicator: 'Y' },
        ...(packageLevel ? {} : { ReferenceNumber: references }),
        ...(serviceOptions ? { ShipmentServiceOptions: serviceOptions } : {}),
        Package: [
          {
            Packaging: { Code: code },
            ...pkg,
            ...(packageLevel ? { ReferenceNumber: references } : {}),
            ...options.package,
          },
        ],
      },
      LabelSpecification: upsLabelSpecification(input.imageCode),
    },
  };
}

export function upsLabelSpecification(imageCode: UpsLabelImageCode) {
  return {
    LabelImageFormat: { Code: imageCode },
    LabelStockSize: { Height: '6' as const, Width: '4' as const },
    // UPS wants a browser name with GIF labels (it wraps them in HTML for one).
    ...(imageCode === 'GIF' ? { HTTPUserAgent: 'Mozilla/4.5' } : {}),
  };
}

/** UPS's check digit over the 15 characters after "1Z": letters as (code - 63) mod 10, even positions doubled. */
export function upsCheckDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    total += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (total % 10)) % 10;
}

export function isValidUpsTrackingNumber(trackingNumber: string): boolean {
  if (!/^1Z[0-9A-Z]{16}$/.test(trackingNumber)) return false;
  return upsCheckDigit(trackingNumber.slice(2, 17)) === Number(trackingNumber[17]);
}

/** A charge in minor units of its currency (USD when UPS names none). */
export function upsCharge(money: UpsMoney | undefined): { amountMinor: number; currency: string } {
  const currency = money?.CurrencyCode || 'USD';
  return { amountMinor: amountToMinorUnits(money?.MonetaryValue, currency, 'UPS'), currency };
}

/** One object or an array of them, as UPS answers depending on the version and the count. */
export const asArray = <T>(value: T[] | T | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** What each label format is asked for as and served with. 'pdf' is recovered as PDF after the purchase. */
export const UPS_FORMATS: Record<LabelFormat, { ship: UpsLabelImageCode; contentType: string }> = {
  zpl: { ship: 'ZPL', contentType: 'text/plain' },
  // UPS prints image labels as GIF: served as they are, with their own content type.
  png: { ship: 'GIF', contentType: 'image/gif' },
  pdf: { ship: 'GIF', contentType: 'application/pdf' },
};

interface UpsLabelParts {
  trackingNumber: string | undefined;
  shipmentId: string | undefined;
  image: string | undefined;
  charge: { amountMinor: number; currency: string };
}

/** The bought label; a tracking number failing its check digit, or a missing image, is a malformed answer. */
export function upsPurchasedLabel(parts: UpsLabelParts, format: LabelFormat, contentType: string): PurchasedLabel {
  const trackingNumber = (parts.trackingNumber ?? '').trim().toUpperCase();
  if (!isValidUpsTrackingNumber(trackingNumber)) {
    throw new ChannelError(
      'malformed',
      `UPS answered the shipment with a tracking number that fails its check digit: "${trackingNumber}"`,
      200,
    );
  }
  if (!parts.image) throw new ChannelError('malformed', 'UPS answered the shipment without its label image', 200);
  return {
    trackingNumber,
    carrierShipmentId: parts.shipmentId || trackingNumber,
    ...parts.charge,
    format,
    contentType,
    document: asBytes(labelFromBase64(parts.image)),
  };
}
