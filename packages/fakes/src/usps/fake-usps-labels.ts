import { uspsExtras } from './fake-usps-extras.ts';
import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { impbBarcodeData, labelPdf, labelZpl, uspsPic } from './fake-usps-documents.ts';
import { IMAGE_TYPES, addressRefusals, dateRefusal, missing } from './fake-usps-label-checks.ts';
import { uspsQuote } from './fake-usps-prices.ts';
import { bearerOf, header, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import { advanceLabel, trackingEvent, trackingReply } from './fake-usps-tracking.ts';
import type {
  UspsCancelAnswer,
  UspsLabelAddress,
  UspsLabelAnswer,
  UspsLabelRequest,
  UspsPaymentRole,
  UspsTrackingEvent,
} from './fake-usps-wire.ts';

/**
 * Domestic Labels 3.0 and Tracking 3.0 of the fake USPS: labels bought with a payment authorization token
 * (`POST /labels/v3/label`, deduplicated on X-Idempotency-Key), cancelled or refunded (`DELETE
 * /labels/v3/label/{trackingNumber}`) and tracked (`GET /tracking/v3/tracking/{trackingNumber}`). Every label is kept
 * by its tracking number and every purchase recorded as a charge, so a test can prove that one purchase cost once.
 */

export type FakeUspsLabelState = 'created' | 'accepted' | 'delivered' | 'alert' | 'canceled' | 'refund_requested';

export interface FakeUspsLabel {
  trackingNumber: string;
  idempotencyKey: string | null;
  request: UspsLabelRequest;
  /** The JSON answer, replayed when the same idempotency key comes again. */
  answer: UspsLabelAnswer;
  state: FakeUspsLabelState;
  /** Sent in the day's shipping-services file: a cancel is then a refund request (DISPUTED). */
  filed: boolean;
  disputeId: string | null;
  /** Newest first, as USPS lists them. */
  events: UspsTrackingEvent[];
}

export interface FakeUspsCharge {
  trackingNumber: string;
  accountNumber: string;
  amount: number;
  idempotencyKey: string | null;
}

export interface FakeUspsRefund {
  trackingNumber: string;
  amount: number;
  status: 'CANCELED' | 'DISPUTED';
}

/** What the label routes need from the rest of the fake. */
interface UspsLabelContext {
  bearerWorks(token: string | undefined): boolean;
  /** The roles a payment authorization token was issued for; undefined when it is unknown or revoked. */
  paymentRoles(token: string | undefined): UspsPaymentRole[] | undefined;
}

const LABELS_API = '/labels/v3';
const TRACKING_API = '/tracking/v3';
const JSON_ACCEPT = 'application/vnd.usps.labels+json';
const nameOf = (a: UspsLabelAddress) => [a.firstName, a.lastName].filter(Boolean).join(' ') || (a.firm ?? '');
const cityLine = (a: UspsLabelAddress) => `${a.city ?? ''} ${a.state ?? ''} ${a.ZIPCode ?? ''}`;

function document(imageType: string, label: { pic: string; mailClass: string; request: UspsLabelRequest }) {
  const to = label.request.toAddress!;
  const from = label.request.fromAddress!;
  const banner = label.mailClass.replaceAll('_', ' ');
  if (imageType === 'PDF') {
    return labelPdf([
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
    ]);
  }
  return Buffer.from(
    labelZpl({
      banner,
      from: [nameOf(from), from.streetAddress!, cityLine(from)],
      to: [nameOf(to), to.streetAddress!, cityLine(to)],
      trackingNumber: label.pic,
      barcodeData: impbBarcodeData(to.ZIPCode!, label.pic),
    }),
    'utf8',
  );
}

/** The answer as multipart/form-data (USPS's default without the JSON Accept header). */
function multipart(answer: UspsLabelAnswer): FakeReply {
  const boundary = `usps${randomBytes(8).toString('hex')}`;
  const { labelImage, receiptImage: _receipt, ...metadata } = answer;
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="labelMetadata"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n`,
    labelImage
      ? `--${boundary}\r\nContent-Disposition: form-data; name="labelImage"; filename="labelImage"\r\n\r\n${labelImage}\r\n`
      : '',
    `--${boundary}--\r\n`,
  ];
  return {
    status: 200,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: parts.join(''),
  };
}

interface UspsLabels {
  readonly labels: Map<string, FakeUspsLabel>;
  readonly charges: FakeUspsCharge[];
  readonly refunds: FakeUspsRefund[];
  /** Money left on the EPS account; null = unlimited. */
  balance: number | null;
  /** Purchases still to apply whose answer never comes (the client times out). */
  dropAnswers: number;
  createLabel(request: FakeRequest): FakeReply | Promise<FakeReply>;
  cancelLabel(request: FakeRequest): FakeReply;
  track(request: FakeRequest): FakeReply;
  /** Moves a label on (an acceptance scan, a delivery, a delivery alert); throws for an unknown label. */
  advance(trackingNumber: string, state: 'accepted' | 'delivered' | 'alert', eventType?: string): void;
  label(trackingNumber: string): FakeUspsLabel;
}

/** The labels sold, their charges and refunds, the account's balance and what the next purchases meet. */
interface UspsLabelsState {
  context: UspsLabelContext;
  labels: Map<string, FakeUspsLabel>;
  /** The label each idempotency key bought, with the body that bought it. */
  byKey: Map<string, { label: FakeUspsLabel; body: string }>;
  /** The serial part of the next tracking number. */
  serial: number;
  charges: FakeUspsCharge[];
  refunds: FakeUspsRefund[];
  balance: number | null;
  dropAnswers: number;
}

function label(usps: UspsLabelsState, trackingNumber: string): FakeUspsLabel {
  const found = usps.labels.get(trackingNumber);
  if (!found) throw new Error(`The fake USPS sold no label ${trackingNumber}`);
  return found;
}

/** The payment roles of the call, or the USPS answer refusing it. */
function authorize(
  context: UspsLabelContext,
  request: FakeRequest,
  apiVersion: string,
): { roles: UspsPaymentRole[] } | { reply: FakeReply } {
  if (!context.bearerWorks(bearerOf(request))) return { reply: invalidToken(apiVersion) };
  const roles = context.paymentRoles(header(request, 'x-payment-authorization-token'));
  if (roles) return { roles };
  return {
    reply: uspsError(403, apiVersion, 'Forbidden', [
      {
        code: 'INVALID_PAYMENT_AUTHORIZATION',
        title: 'Invalid payment authorization',
        detail: 'The X-Payment-Authorization-Token is missing, invalid or expired.',
      },
    ]),
  };
}

function reply(request: FakeRequest, answer: UspsLabelAnswer): FakeReply {
  return (header(request, 'accept') ?? '').includes(JSON_ACCEPT) ? { status: 200, body: answer } : multipart(answer);
}

/** `POST /labels/v3/label`: checked, paid from the EPS account once per idempotency key, drawn, and answered. */
function createLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply | Promise<FakeReply> {
  const authorized = authorize(usps.context, request, LABELS_API);
  if ('reply' in authorized) return authorized.reply;
  const parsed = jsonBody<UspsLabelRequest>(request, LABELS_API);
  if ('reply' in parsed) return parsed.reply;
  const body = parsed.value;
  const key = header(request, 'x-idempotency-key') ?? null;
  const earlier = key ? usps.byKey.get(key) : undefined;
  if (earlier) {
    if (earlier.body !== request.body) {
      return uspsError(409, LABELS_API, 'Conflict', [
        {
          code: 'IDEMPOTENCY_KEY_REUSED',
          title: 'Idempotency key reused',
          detail: `X-Idempotency-Key ${key} was already used for a different label request.`,
        },
      ]);
    }
    return reply(request, earlier.label.answer);
  }

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

  const payer = authorized.roles.find((role) => role.roleName === 'PAYER')!;
  if (usps.balance !== null && usps.balance < charged) {
    return uspsError(400, LABELS_API, 'Bad Request', [
      {
        code: 'INSUFFICIENT_FUNDS',
        title: 'Payment declined',
        detail: `${payer.accountType} account ${payer.accountNumber} has insufficient funds for postage of ${charged.toFixed(2)} USD.`,
      },
    ]);
  }
  const owner = authorized.roles.find((role) => role.roleName === 'LABEL_OWNER') ?? payer;
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
  if (usps.balance !== null) usps.balance = Math.round((usps.balance - charged) * 100) / 100;
  const created: FakeUspsLabel = {
    trackingNumber: pic,
    idempotencyKey: key,
    request: body,
    answer,
    state: 'created',
    filed: false,
    disputeId: null,
    events: [trackingEvent('Shipping Label Created, USPS Awaiting Item', 'GX', body.fromAddress)],
  };
  usps.labels.set(pic, created);
  if (key) usps.byKey.set(key, { label: created, body: request.body });
  usps.charges.push({
    trackingNumber: pic,
    accountNumber: payer.accountNumber,
    amount: charged,
    idempotencyKey: key,
  });
  if (usps.dropAnswers > 0) {
    usps.dropAnswers -= 1;
    // Bought and charged, but the answer never leaves: the connection closes with the fake.
    return new Promise<FakeReply>(() => {});
  }
  return reply(request, answer);
}

/** `DELETE /labels/v3/label/{trackingNumber}`: a label not yet scanned is canceled, or its refund requested once filed. */
function cancelLabel(usps: UspsLabelsState, request: FakeRequest): FakeReply {
  const authorized = authorize(usps.context, request, LABELS_API);
  if ('reply' in authorized) return authorized.reply;
  const trackingNumber = request.params.trackingNumber!;
  const found = usps.labels.get(trackingNumber);
  const refuse = (code: string, title: string, detail: string) =>
    uspsError(400, LABELS_API, 'Bad Request', [{ code, title, detail, source: { parameter: 'trackingNumber' } }]);
  if (!found) {
    return uspsError(404, LABELS_API, 'Not Found', [
      { code: 'LABEL_NOT_FOUND', title: 'Label not found', detail: `No label ${trackingNumber} was found.` },
    ]);
  }
  if (found.state === 'canceled') {
    return refuse(
      'LABEL_ALREADY_CANCELED',
      'Label already canceled',
      `Label ${trackingNumber} has already been canceled.`,
    );
  }
  if (found.state === 'refund_requested') {
    return refuse(
      'REFUND_ALREADY_REQUESTED',
      'Refund already requested',
      `A refund of label ${trackingNumber} has already been requested (dispute ${found.disputeId}).`,
    );
  }
  if (found.state !== 'created') {
    return refuse(
      'LABEL_SCANNED',
      'Refund not allowed',
      `Label ${trackingNumber} has been scanned by USPS and can no longer be canceled or refunded.`,
    );
  }
  const status = found.filed ? 'DISPUTED' : 'CANCELED';
  found.state = found.filed ? 'refund_requested' : 'canceled';
  const answer: UspsCancelAnswer = { trackingNumber, status };
  if (found.filed) {
    found.disputeId = `D${randomBytes(5).toString('hex').toUpperCase()}`;
    answer.disputeId = found.disputeId;
  }
  usps.refunds.push({ trackingNumber, amount: found.answer.postage, status });
  return { status: 200, body: answer };
}

function track(usps: UspsLabelsState, request: FakeRequest): FakeReply {
  if (!usps.context.bearerWorks(bearerOf(request))) return invalidToken(TRACKING_API);
  return trackingReply(usps.labels.get(request.params.trackingNumber!), request);
}

function advance(
  usps: UspsLabelsState,
  trackingNumber: string,
  state: 'accepted' | 'delivered' | 'alert',
  eventType?: string,
): void {
  advanceLabel(label(usps, trackingNumber), state, eventType);
}

export function createUspsLabels(context: UspsLabelContext): UspsLabels {
  const usps: UspsLabelsState = {
    context,
    labels: new Map(),
    byKey: new Map(),
    serial: 70_000,
    charges: [],
    refunds: [],
    balance: null,
    dropAnswers: 0,
  };
  return {
    labels: usps.labels,
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
    track: (request) => track(usps, request),
    advance: (trackingNumber, state, eventType) => advance(usps, trackingNumber, state, eventType),
  };
}
