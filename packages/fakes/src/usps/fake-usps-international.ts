import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { LABEL_CUSTOMS_LINES, customsLines, customsRefusals } from './fake-usps-customs.ts';
import { continuationZpl, labelPdfPages, labelZpl } from './fake-usps-documents.ts';
import { internationalExtras, internationalQuote } from './fake-usps-international-prices.ts';
import type {
  UspsInternationalAddress,
  UspsInternationalLabelMetadata,
  UspsInternationalLabelRequest,
} from './fake-usps-international-wire.ts';
import { IMAGE_TYPES, addressRefusals, dateRefusal, missing } from './fake-usps-label-checks.ts';
import { authorize, multipart } from './fake-usps-label-replies.ts';
import { cancelSold, declined, replayed, sell, type UspsLabelsState } from './fake-usps-label-store.ts';
import { header, jsonBody, uspsError } from './fake-usps-replies.ts';
import { startJourney } from './fake-usps-tracking.ts';
import type { UspsErrorDetail, UspsLabelAddress } from './fake-usps-wire.ts';

/**
 * International Labels 3.0 of the fake USPS (../shared/integrations-shipping.md §1.1): `POST
 * /international-labels/v3/international-label` with the same bearer and payment authorization token as domestic
 * labels, deduplicated on X-Idempotency-Key, refused as USPS refuses it (above all its customs form:
 * fake-usps-customs.ts), answered multipart (labelMetadata with an S10 internationalTrackingNumber, the base64
 * labelImage), and `DELETE /international-labels/v3/international-label/{trackingNumber}`. The label image prints the
 * customs declaration: its first five lines on the label, the rest on a continuation page of the same image.
 */

const API = '/international-labels/v3';
const NON_DELIVERY = ['RETURN', 'REDIRECT', 'ABANDON'];

/** Weights 8 6 4 2 3 5 9 7 over the eight serial digits (UPU S10); 10 -> 0 and 11 -> 5. */
export function s10CheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/** An S10 item number: the service indicator, eight serial digits, the check digit and US. */
export function s10Number(prefix: string, serial: number): string {
  const digits = String(serial % 100_000_000).padStart(8, '0');
  return `${prefix}${digits}${s10CheckDigit(digits)}US`;
}

const nameOf = (a: { firstName?: string; lastName?: string; firm?: string }) =>
  [a.firstName, a.lastName].filter(Boolean).join(' ') || (a.firm ?? '');

function toAddressRefusals(to: UspsInternationalAddress | undefined): UspsErrorDetail[] {
  if (!to) return [missing('toAddress')];
  const refusals = (['streetAddress', 'city', 'countryISOAlpha2Code'] as const)
    .filter((field) => !to[field])
    .map((field) => missing(`toAddress.${field}`));
  if (!to.firm && !(to.firstName && to.lastName))
    refusals.push(missing('toAddress.firstName, toAddress.lastName or toAddress.firm'));
  const country = to.countryISOAlpha2Code ?? '';
  if (country && (!/^[A-Z]{2}$/.test(country) || country === 'US')) {
    refusals.push({
      code: 'INVALID_COUNTRY',
      title: 'Invalid countryISOAlpha2Code',
      detail: `toAddress.countryISOAlpha2Code ${country} is not a country abroad.`,
      source: { parameter: 'toAddress.countryISOAlpha2Code' },
    });
  }
  if ((to.postalCode ?? '').length > 11) {
    refusals.push({
      code: 'INVALID_POSTAL_CODE',
      title: 'Invalid postalCode',
      detail: 'toAddress.postalCode is at most 11 characters.',
      source: { parameter: 'toAddress.postalCode' },
    });
  }
  return refusals;
}

function senderRefusals(from: UspsLabelAddress | undefined): UspsErrorDetail[] {
  const refusals = addressRefusals(from, 'fromAddress');
  // A domestic address used with a customs form needs a firm.
  if (from && !from.firm) refusals.push(missing('fromAddress.firm'));
  return refusals;
}

function document(imageType: string, trackingNumber: string, body: UspsInternationalLabelRequest): Buffer {
  const from = body.fromAddress!;
  const to = body.toAddress!;
  const mailClass = body.packageDescription!.mailClass!;
  const banner = mailClass.replaceAll('_', ' ');
  const customs = customsLines(mailClass, body.customsForm!);
  const fromLines = [nameOf(from), from.streetAddress!, `${from.city ?? ''} ${from.state ?? ''} ${from.ZIPCode ?? ''}`];
  const toLines = [
    nameOf(to),
    to.streetAddress!,
    `${to.city ?? ''} ${to.province ?? ''} ${to.postalCode ?? ''}`,
    (to.country ?? to.countryISOAlpha2Code ?? '').toUpperCase(),
  ];
  const onLabel = customs.items.slice(0, LABEL_CUSTOMS_LINES);
  const rest = customs.items.slice(LABEL_CUSTOMS_LINES);
  const continued = `${customs.header[0]} - CONTINUED (${trackingNumber})`;
  if (imageType === 'PDF') {
    return labelPdfPages([
      [banner, ...fromLines, '', ...toLines, '', 'USPS TRACKING #', trackingNumber, '', ...customs.header, ...onLabel],
      ...(rest.length > 0 ? [[continued, ...rest]] : []),
    ]);
  }
  const zpl = labelZpl({
    banner,
    from: fromLines,
    to: toLines,
    trackingNumber,
    barcodeData: trackingNumber,
    customs: [customs.header[0]!, customs.header[2]!, ...onLabel],
  });
  return Buffer.from(zpl + (rest.length > 0 ? continuationZpl(continued, rest) : ''), 'utf8');
}

/** `POST /international-labels/v3/international-label`: checked, paid once per idempotency key, drawn, answered. */
export function createInternationalLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply | Promise<FakeReply> {
  const authorized = authorize(usps.context, request, API);
  if ('reply' in authorized) return authorized.reply;
  const parsed = jsonBody<UspsInternationalLabelRequest>(request, API);
  if ('reply' in parsed) return parsed.reply;
  const body = parsed.value;
  const again = replayed(usps, request, API);
  if (again) return again;

  const image = body.imageInfo?.imageType ?? '';
  const description = body.packageDescription ?? {};
  const options = description.packageOptions ?? {};
  const refusals = [...toAddressRefusals(body.toAddress), ...senderRefusals(body.fromAddress)];
  if (!IMAGE_TYPES.includes(image)) {
    refusals.push({
      code: 'INVALID_IMAGE_TYPE',
      title: 'Invalid imageType',
      detail: `imageType ${image || '(none)'} is not offered here; use one of ${IMAGE_TYPES.join(', ')}.`,
    });
  }
  if (body.imageInfo?.labelType !== '4X6LABEL') refusals.push(missing('imageInfo.labelType'));
  if (description.weightUOM !== 'lb') refusals.push(missing('packageDescription.weightUOM'));
  if (!description.processingCategory) refusals.push(missing('packageDescription.processingCategory'));
  const date = dateRefusal(description.mailingDate);
  if (date) refusals.push(date);
  if (!NON_DELIVERY.includes(options.nonDeliveryOption ?? '')) {
    refusals.push(missing('packageDescription.packageOptions.nonDeliveryOption'));
  } else if (options.nonDeliveryOption === 'REDIRECT' && !options.redirectAddress) {
    refusals.push(missing('packageDescription.packageOptions.redirectAddress'));
  }
  refusals.push(...customsRefusals(body.customsForm, 'international'));
  const quote = internationalQuote({ ...description, destinationCountryCode: body.toAddress?.countryISOAlpha2Code });
  if (!('price' in quote)) refusals.push(quote);
  const extras = internationalExtras(description.mailClass, description.extraServices, options.packageValue);
  if (!Array.isArray(extras)) refusals.push(extras);
  if (refusals.length > 0 || !('price' in quote) || !Array.isArray(extras)) {
    return uspsError(400, API, 'Bad Request', refusals);
  }
  const charged = Math.round((quote.price + extras.reduce((sum, e) => sum + e.price, 0)) * 100) / 100;
  const refused = declined(usps, authorized.roles, charged, API);
  if (refused) return refused;

  const trackingNumber = s10Number(quote.prefix, usps.serial++);
  const imageBytes = image === 'NONE' ? null : document(image, trackingNumber, body);
  const answer: UspsInternationalLabelMetadata & { labelImage?: string } = {
    labelAddress: { ...body.toAddress, city: body.toAddress!.city?.toUpperCase() },
    internationalTrackingNumber: trackingNumber,
    constructCode: 'I01',
    SKU: quote.SKU,
    postage: quote.price,
    extraServices: extras.map((extra) => ({
      serviceID: extra.extraService,
      serviceName: extra.name,
      price: extra.price,
    })),
    internationalPriceGroup: String(quote.priceGroup),
    weightUOM: 'lb',
    weight: description.weight!,
    dimensionalWeight: '0',
    fees: [],
    ...(imageBytes ? { labelImage: imageBytes.toString('base64') } : {}),
  };
  usps.internationalLabels.set(trackingNumber, {
    trackingNumber,
    idempotencyKey: header(request, 'x-idempotency-key') ?? null,
    request: body,
    answer,
    state: 'created',
    filed: false,
    disputeId: null,
    ...startJourney(usps.clock, {
      name: nameOf(body.toAddress!),
      street: body.toAddress!.streetAddress ?? '',
      city: body.toAddress!.city,
      state: body.toAddress!.province,
      postalCode: body.toAddress!.postalCode,
    }),
  });
  const { labelImage, ...metadata } = answer;
  // International Labels answers multipart whatever the Accept header asks.
  return sell(usps, { request, roles: authorized.roles, amount: charged, trackingNumber }, () =>
    multipart(metadata, labelImage),
  );
}

/** `DELETE /international-labels/v3/international-label/{trackingNumber}`: as a domestic cancel. */
export function cancelInternationalLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply {
  const authorized = authorize(usps.context, request, API);
  if ('reply' in authorized) return authorized.reply;
  const trackingNumber = request.params.trackingNumber!;
  return cancelSold(usps, usps.internationalLabels.get(trackingNumber), trackingNumber, API);
}
