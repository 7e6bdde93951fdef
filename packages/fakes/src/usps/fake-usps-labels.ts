import { createUspsEndOfDay } from './fake-usps-end-of-day.ts';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock } from '../tracking/fake-parcel-journey.ts';
import { LABEL_CUSTOMS_LINES, customsLines, customsRefusals } from './fake-usps-customs.ts';
import { continuationZpl, impbBarcodeData, labelPdf, labelPdfPages, labelZpl, uspsPic } from './fake-usps-documents.ts';
import { uspsExtras } from './fake-usps-extras.ts';
import { cancelInternationalLabel, createInternationalLabel } from './fake-usps-international.ts';
import { IMAGE_TYPES, addressRefusals, dateRefusal, missing } from './fake-usps-label-checks.ts';
import { authorize, multipart, type UspsLabelContext } from './fake-usps-label-replies.ts';
import {
  cancelSold,
  declined,
  findSold,
  replayed,
  sell,
  type FakeUspsAnyLabel,
  type FakeUspsCharge,
  type FakeUspsInternationalLabel,
  type FakeUspsLabel,
  type FakeUspsRefund,
  type UspsLabelsState,
} from './fake-usps-label-store.ts';
import { uspsQuote } from './fake-usps-prices.ts';
import { createUspsReturns, type FakeUspsReturnLabel } from './fake-usps-returns.ts';
import { bearerOf, header, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import { advanceLabel, startJourney, trackingReply } from './fake-usps-tracking.ts';
import type { UspsLabelAddress, UspsLabelAnswer, UspsLabelRequest } from './fake-usps-wire.ts';

export type {
  FakeUspsCharge,
  FakeUspsInternationalLabel,
  FakeUspsLabel,
  FakeUspsRefund,
} from './fake-usps-label-store.ts';

/**
 * Domestic Labels 3.0 and Tracking 3.2 of the fake USPS: labels bought with a payment authorization token
 * (`POST /labels/v3/label`, deduplicated on X-Idempotency-Key), cancelled or refunded (`DELETE
 * /labels/v3/label/{trackingNumber}`) and tracked (`POST /tracking/v3r2/tracking`, fake-usps-tracking.ts),
 * international ones too (fake-usps-international.ts). A label to a military address (AA, AE, AP) needs the domestic
 * customs form, which is printed on it. Every label is kept by its tracking number and every purchase recorded as a charge, so a test can
 * prove that one purchase cost once.
 */

const LABELS_API = '/labels/v3';
const TRACKING_API = '/tracking/v3r2';
const JSON_ACCEPT = 'application/vnd.usps.labels+json';
/** Military "states": their mail crosses a customs border (DMM 608.2.4), so the label needs a customs form. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);
const nameOf = (a: UspsLabelAddress) => [a.firstName, a.lastName].filter(Boolean).join(' ') || (a.firm ?? '');
const cityLine = (a: UspsLabelAddress) => `${a.city ?? ''} ${a.state ?? ''} ${a.ZIPCode ?? ''}`;

function document(imageType: string, label: { pic: string; mailClass: string; request: UspsLabelRequest }) {
  const to = label.request.toAddress!;
  const from = label.request.fromAddress!;
  const banner = label.mailClass.replaceAll('_', ' ');
  const form = label.request.customsForm;
  const customs = form ? customsLines(label.mailClass, form) : null;
  if (imageType === 'PDF') {
    const page = [
      banner,
      nameOf(from),
      from.streetAddress!,
      cityLine(from),
      '',
      nameOf(to),
      to.streetAddress!,
      cityLine(to),
      '',
      'USPS TRACKING #',
      label.pic,
    ];
    if (!customs) return labelPdf(page);
    const rest = customs.items.slice(LABEL_CUSTOMS_LINES);
    return labelPdfPages([
      [...page, '', ...customs.header, ...customs.items.slice(0, LABEL_CUSTOMS_LINES)],
      ...(rest.length > 0 ? [[`${customs.header[0]} - CONTINUED`, ...rest]] : []),
    ]);
  }
  const zpl = labelZpl({
    banner,
    from: [nameOf(from), from.streetAddress!, cityLine(from)],
    to: [nameOf(to), to.streetAddress!, cityLine(to)],
    trackingNumber: label.pic,
    barcodeData: impbBarcodeData(to.ZIPCode!, label.pic),
    ...(customs
      ? { customs: [customs.header[0]!, customs.header[2]!, ...customs.items.slice(0, LABEL_CUSTOMS_LINES)] }
      : {}),
  });
  const rest = customs?.items.slice(LABEL_CUSTOMS_LINES) ?? [];
  const continued = rest.length > 0 ? continuationZpl(`${customs!.header[0]} - CONTINUED`, rest) : '';
  return Buffer.from(zpl + continued, 'utf8');
}

interface UspsLabels {
  readonly labels: Map<string, FakeUspsLabel>;
  readonly internationalLabels: Map<string, FakeUspsInternationalLabel>;
  readonly charges: FakeUspsCharge[];
  readonly refunds: FakeUspsRefund[];
  /** Every return label sold (fake-usps-returns.ts), by tracking number; also among `labels`. */
  readonly returnLabels: Map<string, FakeUspsReturnLabel>;
  /** Money left on the EPS account; null = unlimited. */
  balance: number | null;
  /** Purchases still to apply whose answer never comes (the client times out). */
  dropAnswers: number;
  createLabel(request: FakeRequest): FakeReply | Promise<FakeReply>;
  cancelLabel(request: FakeRequest): FakeReply;
  createReturnLabel(request: FakeRequest): FakeReply | Promise<FakeReply>;
  createInternationalLabel(request: FakeRequest): FakeReply | Promise<FakeReply>;
  cancelInternationalLabel(request: FakeRequest): FakeReply;
  /** Tracking 3.2's batch of numbers. */
  track(request: FakeRequest): FakeReply;
  /** Moves a label on by hand (a scan, a delivery, an alert), ending its journey; throws for an unknown label. */
  advance(trackingNumber: string, state: 'accepted' | 'delivered' | 'alert', eventType?: string): void;
  /** A label sold, domestic or international; throws for an unknown one. */
  label(trackingNumber: string): FakeUspsAnyLabel;
  /** SCAN forms and carrier pickups (fake-usps-end-of-day.ts). */
  readonly endOfDay: ReturnType<typeof createUspsEndOfDay>;
}

function label(usps: UspsLabelsState, trackingNumber: string): FakeUspsAnyLabel {
  const found = findSold(usps, trackingNumber);
  if (!found) throw new Error(`The fake USPS sold no label ${trackingNumber}`);
  return found;
}

function reply(request: FakeRequest, answer: UspsLabelAnswer): FakeReply {
  if ((header(request, 'accept') ?? '').includes(JSON_ACCEPT)) return { status: 200, body: answer };
  const { labelImage, receiptImage: _receipt, ...metadata } = answer;
  return multipart(metadata, labelImage);
}

/** `POST /labels/v3/label`: checked, paid from the EPS account once per idempotency key, drawn, and answered. */
function createLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply | Promise<FakeReply> {
  const authorized = authorize(usps.context, request, LABELS_API);
  if ('reply' in authorized) return authorized.reply;
  const parsed = jsonBody<UspsLabelRequest>(request, LABELS_API);
  if ('reply' in parsed) return parsed.reply;
  const body = parsed.value;
  const again = replayed(usps, request, LABELS_API);
  if (again) return again;

  const image = body.imageInfo?.imageType ?? '';
  const description = body.packageDescription ?? {};
  const refusals = [
    ...addressRefusals(body.toAddress, 'toAddress'),
    ...addressRefusals(body.fromAddress, 'fromAddress'),
  ];
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
  if (body.customsForm !== undefined || MILITARY_STATES.has(body.toAddress?.state ?? '')) {
    refusals.push(...customsRefusals(body.customsForm, 'domestic'));
  }
  const quote = uspsQuote({
    mailClass: description.mailClass,
    rateIndicator: description.rateIndicator,
    weight: description.weight,
    originZIPCode: body.fromAddress?.ZIPCode,
    destinationZIPCode: body.toAddress?.ZIPCode,
  });
  if (!('price' in quote)) refusals.push(quote);
  const extras = uspsExtras(description.mailClass, description.extraServices, description.packageOptions?.packageValue);
  if (!Array.isArray(extras)) refusals.push(extras);
  if (refusals.length > 0 || !('price' in quote) || !Array.isArray(extras)) {
    return uspsError(400, LABELS_API, 'Bad Request', refusals);
  }
  const charged = Math.round((quote.price + extras.reduce((sum, e) => sum + e.price, 0)) * 100) / 100;
  const refused = declined(usps, authorized.roles, charged, LABELS_API);
  if (refused) return refused;

  const owner = authorized.roles.find((role) => role.roleName === 'LABEL_OWNER') ?? authorized.roles[0]!;
  const pic = uspsPic(quote.serviceTypeCode, owner.MID, usps.serial++);
  const to = body.toAddress!;
  const imageBytes =
    image === 'NONE' ? null : document(image, { pic, mailClass: description.mailClass!, request: body });
  const shipDay = Date.parse(`${description.mailingDate}T12:00:00Z`);
  const answer: UspsLabelAnswer = {
    labelAddress: { ...to, city: to.city?.toUpperCase(), ZIPPlus4: to.ZIPPlus4 ?? '0001', ignoreBadAddress: false },
    routingInformation: `420${to.ZIPCode}${to.ZIPPlus4 ?? '0001'}`,
    trackingNumber: pic,
    postage: quote.price,
    extraServices: [
      { name: 'USPS Tracking', price: 0, SKU: 'DXTX0XXXXX00000' },
      ...extras.map(({ name, price, SKU }) => ({ name, price, SKU })),
    ],
    fees: [],
    zone: quote.zone,
    commitment: {
      name: `${quote.deliveryDays} Days`,
      scheduleDeliveryDate: new Date(shipDay + quote.deliveryDays * 86_400_000).toISOString().slice(0, 10),
    },
    weightUOM: 'LB',
    weight: description.weight!,
    dimensionalWeight: 0,
    bannerText: 'USPS TRACKING # ',
    serviceTypeCode: quote.serviceTypeCode,
    constructCode: 'C01',
    SKU: quote.SKU,
    ...(imageBytes ? { labelImage: imageBytes.toString('base64') } : {}),
  };
  usps.labels.set(pic, {
    trackingNumber: pic,
    idempotencyKey: header(request, 'x-idempotency-key') ?? null,
    request: body,
    answer,
    state: 'created',
    filed: false,
    disputeId: null,
    ...startJourney(usps.clock, {
      name: nameOf(to),
      street: to.streetAddress ?? '',
      city: to.city,
      state: to.state,
      postalCode: to.ZIPCode,
    }),
  });
  return sell(usps, { request, roles: authorized.roles, amount: charged, trackingNumber: pic }, (again) =>
    reply(again, answer),
  );
}

/** `DELETE /labels/v3/label/{trackingNumber}`: a domestic label (an international one is not known here). */
function cancelLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply {
  const authorized = authorize(usps.context, request, LABELS_API);
  if ('reply' in authorized) return authorized.reply;
  const trackingNumber = request.params.trackingNumber!;
  return cancelSold(usps, usps.labels.get(trackingNumber), trackingNumber, LABELS_API);
}

function track(usps: UspsLabelsState, request: FakeRequest): FakeReply {
  if (!usps.context.bearerWorks(bearerOf(request))) return invalidToken(TRACKING_API);
  return trackingReply(request, (trackingNumber) => findSold(usps, trackingNumber), usps.clock.now());
}

export function createUspsLabels(context: UspsLabelContext, clock: FakeClock): UspsLabels {
  const usps: UspsLabelsState = {
    context,
    clock,
    labels: new Map(),
    internationalLabels: new Map(),
    byKey: new Map(),
    serial: 70_000,
    charges: [],
    refunds: [],
    balance: null,
    dropAnswers: 0,
  };
  const returns = createUspsReturns(usps);
  return {
    endOfDay: createUspsEndOfDay(usps),
    returnLabels: returns.returnLabels,
    createReturnLabel: returns.createReturnLabel,
    labels: usps.labels,
    internationalLabels: usps.internationalLabels,
    charges: usps.charges,
    refunds: usps.refunds,
    get balance() {
      return usps.balance;
    },
    set balance(amount) {
      usps.balance = amount;
    },
    get dropAnswers() {
      return usps.dropAnswers;
    },
    set dropAnswers(count) {
      usps.dropAnswers = count;
    },
    label: (trackingNumber) => label(usps, trackingNumber),
    createLabel: (request) => createLabel(usps, request),
    cancelLabel: (request) => cancelLabel(usps, request),
    createInternationalLabel: (request) => createInternationalLabel(usps, request),
    cancelInternationalLabel: (request) => cancelInternationalLabel(usps, request),
    track: (request) => track(usps, request),
    advance: (trackingNumber, state, eventType) =>
      advanceLabel(label(usps, trackingNumber), state, eventType, clock.now()),
  };
}

/** What the fake sold, for tests to read: labels of every kind (return labels too), the charges and the refunds. */
export const soldLists = ({ labels, internationalLabels, returnLabels, charges, refunds, endOfDay }: UspsLabels) => ({
  scanForms: endOfDay.scanForms,
  pickups: endOfDay.pickups,
  labels,
  internationalLabels,
  returnLabels,
  charges,
  refunds,
});
