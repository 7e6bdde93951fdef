import { ChannelError } from '../../http/channel-http.ts';
import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import type { CarrierRate, LabelRequest, ShipmentAddress, ShipmentRequest } from '../carrier-types.ts';
import { amountToMinorUnits } from '../carrier-units.ts';
import type { UspsClient, UspsPaymentAccount } from './usps-client.ts';
import { uspsCustomsForm, uspsCustomsFormKind } from './usps-customs.ts';
import type {
  UspsInternationalAddress,
  UspsInternationalLabelMetadata,
  UspsInternationalLabelRequest,
  UspsInternationalRatesQuery,
  UspsInternationalTotalRatesQuery,
} from './usps-international-wire.ts';
import { uspsAddress, uspsContentType, uspsNames, uspsPiece, uspsZip } from './usps-labels.ts';
import { uspsMultipartLabel } from './usps-multipart.ts';
import type { UspsBaseRatesAnswer, UspsImageType, UspsTotalRatesAnswer } from './usps-wire.ts';

/**
 * USPS mail abroad (../shared/integrations-shipping.md §1.0, §1.1, §2): International Prices 3.0 for the rates and
 * International Labels 3.0 for the label, whose customs form USPS prints inside the label image (a CN 22 or CN 23,
 * the contents beyond the fifth line on a continuation page of the same image). Abroad USPS sells insurance (930/931)
 * and Tracking Plus; it sells no signature on delivery, so a signature asked for is refused here in words.
 */

/** Insurance up to $500, and above it (USPS would replace 930 by 931 itself). */
const INSURANCE = { upTo500: 930, over500: 931 } as const;

/** The extras of an international piece: insurance only; a signature is refused before USPS is asked. */
export function uspsInternationalExtras(request: Pick<ShipmentRequest, 'insurance' | 'signature'>): {
  extraServices: number[];
  packageValue: number | null;
} {
  if (request.signature) {
    throw new ChannelError(
      'invalid',
      `USPS sells no ${request.signature === 'adult' ? 'adult signature' : 'signature'} on delivery with international mail: clear the signature for this label, or choose another carrier`,
    );
  }
  const insured = request.insurance && request.insurance.amountMinor > 0 ? request.insurance.amountMinor : 0;
  if (!insured) return { extraServices: [], packageValue: null };
  return { extraServices: [insured > 50_000 ? INSURANCE.over500 : INSURANCE.upTo500], packageValue: insured / 100 };
}

/** The base query of International Prices 3.0 for one mail class (the caller adds the class and the extras). */
export function uspsInternationalRatesQuery(
  request: ShipmentRequest,
  payment: UspsPaymentAccount,
  mailClass: string,
): UspsInternationalRatesQuery {
  const piece = uspsPiece(request.parcel);
  return {
    originZIPCode: uspsZip(request.from.postalCode).ZIPCode,
    foreignPostalCode: request.to.postalCode.trim(),
    destinationCountryCode: request.to.country.toUpperCase(),
    weight: piece.weight,
    length: piece.length,
    width: piece.width,
    height: piece.height,
    mailClass,
    processingCategory: piece.processingCategory,
    rateIndicator: piece.rateIndicator,
    destinationEntryFacilityType: 'NONE',
    priceType: 'COMMERCIAL',
    mailingDate: request.shipDate,
    accountType: payment.accountType,
    accountNumber: payment.accountNumber,
  };
}

/**
 * One international mail class's commercial price: base rates without extras, total rates (base plus the insurance)
 * with them, so the price shown is what the label will cost. A quote: safe to ask again.
 */
export async function uspsInternationalPrice(
  client: UspsClient,
  query: UspsInternationalRatesQuery,
  extras: { extraServices: number[]; packageValue: number | null },
  signal?: AbortSignal,
): Promise<CarrierRate> {
  let price: number | undefined;
  if (extras.extraServices.length > 0) {
    const json: UspsInternationalTotalRatesQuery = {
      ...query,
      extraServices: extras.extraServices,
      ...(extras.packageValue !== null ? { itemValue: extras.packageValue } : {}),
    };
    const answer = await client.call<UspsTotalRatesAnswer | null>(
      { method: 'POST', path: '/international-prices/v3/total-rates/search', json, idempotent: true },
      signal,
    );
    price = answer?.rateOptions?.[0]?.totalPrice;
  } else {
    const answer = await client.call<UspsBaseRatesAnswer | null>(
      { method: 'POST', path: '/international-prices/v3/base-rates/search', json: query, idempotent: true },
      signal,
    );
    price = answer?.totalBasePrice ?? answer?.rates?.[0]?.price;
  }
  return {
    serviceCode: query.mailClass,
    amountMinor: amountToMinorUnits(price, 'USD', 'USPS'),
    currency: 'USD',
    deliveryDays: null,
  };
}

const USPS_POSTAL_CODE_LENGTH = 11;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The addressee abroad: a province and a postal code (at most 11 characters), the country by code and name. */
function uspsInternationalAddress(address: ShipmentAddress): UspsInternationalAddress {
  const postalCode = address.postalCode.trim();
  if (postalCode.length > USPS_POSTAL_CODE_LENGTH) {
    throw new ChannelError('invalid', `USPS takes postal codes up to 11 characters, not "${postalCode}"`);
  }
  const country = address.country.toUpperCase();
  const phone = (address.phone ?? '').replace(/\D/g, '');
  return {
    ...uspsNames(address),
    streetAddress: address.street1,
    ...(address.street2 ? { secondaryAddress: address.street2 } : {}),
    city: address.city,
    ...(address.state ? { province: address.state } : {}),
    ...(postalCode ? { postalCode } : {}),
    country: regionNames.of(country) ?? country,
    countryISOAlpha2Code: country,
    ...(phone ? { phone } : {}),
  };
}

function uspsInternationalLabelRequest(request: LabelRequest, imageType: UspsImageType): UspsInternationalLabelRequest {
  const { rateIndicator, processingCategory, weight, length, width, height } = uspsPiece(request.parcel);
  const extras = uspsInternationalExtras(request);
  const reference = request.reference.trim().slice(0, 30);
  return {
    imageInfo: { imageType, labelType: '4X6LABEL' },
    toAddress: uspsInternationalAddress(request.to),
    // USPS wants a firm on the sender of a label with a customs form.
    fromAddress: uspsAddress(request.from, true),
    packageDescription: {
      mailClass: request.serviceCode,
      rateIndicator,
      weightUOM: 'lb',
      weight,
      dimensionsUOM: 'in',
      length,
      width,
      height,
      processingCategory,
      mailingDate: request.shipDate,
      destinationEntryFacilityType: 'NONE',
      ...(reference ? { customerReference: [{ referenceNumber: reference }] } : {}),
      ...(extras.extraServices.length > 0 ? { extraServices: extras.extraServices } : {}),
      packageOptions: {
        ...(extras.packageValue !== null ? { packageValue: extras.packageValue } : {}),
        nonDeliveryOption: request.customs?.nonDelivery === 'abandon' ? 'ABANDON' : 'RETURN',
      },
    },
    // Sent as the request has it: without a declaration USPS refuses the label in its own words.
    ...(request.customs ? { customsForm: uspsCustomsForm(request.customs) } : {}),
  };
}

/** Weights 8 6 4 2 3 5 9 7 over the eight serial digits (UPU S10); 10 -> 0 and 11 -> 5. */
function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** An international tracking number: two letters, eight digits, the S10 check digit, the origin's two letters. */
export function isUspsInternationalTrackingNumber(trackingNumber: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(trackingNumber);
  return Boolean(match) && s10CheckDigit(match![1]!) === Number(match![2]);
}

/**
 * Buys one international label under the request's idempotency key (USPS deduplicates on X-Idempotency-Key, as for
 * domestic labels, which is what findLabel relies on). Not retried by the client on a timeout or a 5xx.
 */
export async function buyUspsInternationalLabel(
  client: UspsClient,
  request: LabelRequest,
  imageType: UspsImageType,
  signal?: AbortSignal,
) {
  const answer = await client.paymentText(
    {
      method: 'POST',
      path: '/international-labels/v3/international-label',
      headers: {
        // International Labels answers multipart only (labelMetadata and the base64 labelImage).
        accept: 'multipart/mixed, multipart/form-data',
        'X-Idempotency-Key': request.idempotencyKey,
      },
      json: uspsInternationalLabelRequest(request, imageType),
      idempotent: false,
      answerLimit: LABEL_ANSWER_LIMIT,
    },
    signal,
  );
  const { metadata, labelImage } = uspsMultipartLabel<UspsInternationalLabelMetadata | null>(
    answer.contentType,
    answer.text,
  );
  const trackingNumber = (metadata?.internationalTrackingNumber ?? '').replace(/\s/g, '').toUpperCase();
  if (!isUspsInternationalTrackingNumber(trackingNumber)) {
    throw new ChannelError(
      'malformed',
      `USPS answered the international label with a tracking number that is not one: "${trackingNumber}"`,
      200,
    );
  }
  if (!labelImage) throw new ChannelError('malformed', 'USPS answered the label without its image', 200);
  // International postage excludes the insurance and the other extras: they are charged beside it.
  const items = [...(metadata?.extraServices ?? []), ...(metadata?.fees ?? [])];
  const amountMinor = items.reduce(
    (sum, item) => sum + amountToMinorUnits(item.price ?? 0, 'USD', 'USPS'),
    amountToMinorUnits(metadata?.postage, 'USD', 'USPS'),
  );
  return {
    trackingNumber,
    carrierShipmentId: trackingNumber,
    amountMinor,
    currency: 'USD',
    format: request.format,
    contentType: uspsContentType(imageType),
    document: asBytes(labelFromBase64(labelImage)),
    // The declaration is printed in the label image: no separate document.
    forms: request.customs ? { form: uspsCustomsFormKind(request.serviceCode, request.customs), document: null } : null,
  };
}
