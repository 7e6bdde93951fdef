import { LABEL_ANSWER_LIMIT } from '../../http/answer-limits.ts';
import { ChannelError } from '../../http/channel-http.ts';
import { orNullWhenNotFound } from '../../http/not-found-as-null.ts';
import type { BearerClient } from '../carrier-bearer-client.ts';
import { asBytes, labelFromBase64 } from '../carrier-documents.ts';
import { withCode } from '../carrier-error-text.ts';
import {
  VoidRefusedError,
  type LabelFormat,
  type LabelReference,
  type LabelRequest,
  type PurchasedLabel,
  type VoidOutcome,
} from '../carrier-types.ts';
import { amountToMinorUnits } from '../carrier-units.ts';
import type { FedexClient } from './fedex-client.ts';
import { fedexCustomsForms } from './fedex-customs-documents.ts';
import { COMMERCIAL_INVOICE_DOCUMENTS, ELECTRONIC_TRADE_DOCUMENTS, fedexCustomsClearance } from './fedex-customs.ts';
import {
  CONTENT_TYPES,
  fedexAddress,
  fedexContact,
  fedexPackage,
  LABEL_SPECIFICATIONS,
  packageReferences,
  packagingType,
  PICKUP_TYPE,
  purchaseReference,
} from './fedex-shipment.ts';
import { isValidFedexTrackingNumber } from './fedex-tracking.ts';
import type {
  FedexAnswer,
  FedexCancelOutput,
  FedexShipOutput,
  FedexShipRequest,
  FedexTrackOutput,
  FedexTransactionShipment,
} from './fedex-wire.ts';

/**
 * FedEx labels: bought with the Ship API (the label inline, base64; with customs, the commercial invoice beside it),
 * cancelled with its cancel, and a purchase whose answer was lost found again with the Track API by the purchase key
 * the package carries as its P.O. number.
 */

/** The account labels are bought on: its number, and whether FedEx enabled it for Electronic Trade Documents. */
export interface FedexShippingAccount {
  accountNumber: string;
  electronicTradeDocuments: boolean;
}

/** The customs of a shipment that crosses a border, the invoice asked for, and ETD where the account has it. */
function customsFields(account: FedexShippingAccount, request: LabelRequest) {
  if (!request.customs) return {};
  return {
    customsClearanceDetail: fedexCustomsClearance(request.customs, request, account.accountNumber),
    shippingDocumentSpecification: COMMERCIAL_INVOICE_DOCUMENTS,
    ...(account.electronicTradeDocuments ? { shipmentSpecialServices: ELECTRONIC_TRADE_DOCUMENTS } : {}),
  };
}

export function fedexShipRequest(account: FedexShippingAccount, request: LabelRequest): FedexShipRequest {
  const { accountNumber } = account;
  return {
    labelResponseOptions: 'LABEL',
    accountNumber: { value: accountNumber },
    requestedShipment: {
      shipper: { contact: fedexContact(request.from), address: fedexAddress(request.from, false) },
      recipients: [{ contact: fedexContact(request.to, request.from.phone), address: fedexAddress(request.to, true) }],
      shipDatestamp: request.shipDate,
      serviceType: request.serviceCode,
      packagingType: packagingType(request.parcel),
      pickupType: PICKUP_TYPE,
      shippingChargesPayment: { paymentType: 'SENDER' },
      labelSpecification: { ...LABEL_SPECIFICATIONS[request.format], labelFormatType: 'COMMON2D' },
      requestedPackageLineItems: [
        fedexPackage(request.parcel, packageReferences(request, request.idempotencyKey), request),
      ],
      ...customsFields(account, request),
    },
  };
}

/** Whether the bytes are what the format says: a PDF, a PNG, or ZPL text with a label format in it. */
function isDocument(format: LabelFormat, bytes: Buffer): boolean {
  if (format === 'pdf') return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
  if (format === 'png')
    return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return bytes.includes('^XA', 0, 'latin1');
}

/**
 * The charge: the package's net charge, else the shipment's rating of the actual rate type. A label FedEx sold
 * without a price (never seen) is kept at 0 rather than lost: it is bought either way.
 */
function charge(shipment: FedexTransactionShipment): { amountMinor: number; currency: string } {
  const rating = shipment.completedShipmentDetail?.shipmentRating;
  const details = rating?.shipmentRateDetails ?? [];
  const detail = details.find((d) => d.rateType === rating?.actualRateType) ?? details[0];
  const currency = detail?.currency ?? 'USD';
  const amount = shipment.pieceResponses?.[0]?.netChargeAmount ?? detail?.totalNetCharge;
  return { amountMinor: amount === undefined ? 0 : amountToMinorUnits(amount, currency, 'FedEx'), currency };
}

export function purchasedLabel(answer: FedexAnswer<FedexShipOutput> | null, format: LabelFormat): PurchasedLabel {
  const shipment = answer?.output?.transactionShipments?.[0];
  const piece = shipment?.pieceResponses?.[0];
  const trackingNumber = piece?.trackingNumber ?? shipment?.masterTrackingNumber;
  if (!shipment || !trackingNumber) {
    throw new ChannelError('malformed', 'FedEx answered the purchase without a tracking number');
  }
  if (!isValidFedexTrackingNumber(trackingNumber)) {
    throw new ChannelError(
      'malformed',
      `FedEx answered the purchase with a tracking number that fails its check digit: ${trackingNumber}`,
    );
  }
  const documents = piece?.packageDocuments ?? [];
  const encoded = (documents.find((d) => d.contentType === 'LABEL') ?? documents[0])?.encodedLabel;
  const document = encoded ? labelFromBase64(encoded) : null;
  if (!document || !isDocument(format, document)) {
    throw new ChannelError('malformed', `FedEx sent no ${format.toUpperCase()} label for tracking ${trackingNumber}`);
  }
  return {
    trackingNumber,
    // FedEx cancels by tracking number.
    carrierShipmentId: trackingNumber,
    ...charge(shipment),
    format,
    contentType: CONTENT_TYPES[format],
    document: asBytes(document),
  };
}

/**
 * Not retried: FedEx documents no purchase idempotency, so a timed-out purchase may have been applied. The purchase
 * key goes as the transaction id (it comes back in FedEx's answer and names the call to FedEx support) and as the
 * package's P.O. number (what findLabel looks for).
 */
export async function fedexBuyLabel(
  client: FedexClient,
  account: FedexShippingAccount,
  request: LabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedLabel> {
  const answer = await client.call<FedexAnswer<FedexShipOutput> | null>(
    {
      method: 'POST',
      path: '/ship/v1/shipments',
      headers: { 'x-customer-transaction-id': request.idempotencyKey },
      json: fedexShipRequest(account, request),
      idempotent: false,
      answerLimit: LABEL_ANSWER_LIMIT,
    },
    signal,
  );
  const label = purchasedLabel(answer, request.format);
  if (!request.customs) return label;
  const shipment = answer!.output!.transactionShipments![0]!;
  return { ...label, forms: await fedexCustomsForms(client, shipment, signal) };
}

/**
 * FedEx's Ship API has no call that sends a label again (its "retrieve" is for asynchronous shipments of many
 * packages, by job id), so a purchase whose answer was lost can be found but not returned. When the Track API knows a
 * shipment carrying this purchase's key, the seller is told to void it and buy again; returning null there would buy
 * a second label for the same parcel, and a PurchasedLabel cannot be made without its document. A shipment FedEx has
 * not yet made trackable reads as none, as does every reference once the label is cancelled.
 */
export async function fedexFindLabel(
  client: BearerClient,
  accountNumber: string,
  request: LabelRequest,
  signal?: AbortSignal,
): Promise<null> {
  const answer = await orNullWhenNotFound(
    client.call<FedexAnswer<FedexTrackOutput> | null>(
      {
        method: 'POST',
        path: '/track/v1/referencenumbers',
        json: {
          referencesInformation: {
            type: 'PURCHASE_ORDER',
            value: purchaseReference(request.idempotencyKey),
            accountNumber,
          },
          includeDetailedScans: false,
        },
        idempotent: true,
      },
      signal,
    ),
  );
  const found = (answer?.output?.completeTrackResults ?? [])
    .flatMap((complete) => complete.trackResults ?? [])
    .filter((result) => !result.error)
    .map((result) => result.trackingNumberInfo?.trackingNumber)
    .filter((trackingNumber): trackingNumber is string => !!trackingNumber);
  if (found.length === 0) return null;
  throw new ChannelError(
    'platform',
    `FedEx holds a label for this delivery (tracking ${found.join(', ')}) that it cannot send again; void it in ` +
      'FedEx Ship Manager or here, then buy again',
  );
}

/** FedEx answers a second cancel of one shipment with cancelledShipment false, saying it is already cancelled. */
const ALREADY_CANCELLED = /already (been )?(cancel|delet)/i;

export async function fedexVoidLabel(
  client: BearerClient,
  accountNumber: string,
  label: LabelReference,
  signal?: AbortSignal,
): Promise<VoidOutcome> {
  let answer: FedexAnswer<FedexCancelOutput> | null;
  try {
    answer = await client.call<FedexAnswer<FedexCancelOutput> | null>(
      {
        method: 'PUT',
        path: '/ship/v1/shipments/cancel',
        json: {
          accountNumber: { value: accountNumber },
          trackingNumber: label.trackingNumber,
          deletionControl: 'DELETE_ALL_PACKAGES',
        },
      },
      signal,
    );
  } catch (error) {
    // A refusal in FedEx's error shape (tendered, unknown to the account): its words are the reason.
    if (error instanceof ChannelError && ['invalid', 'not_found', 'platform'].includes(error.kind)) {
      throw new VoidRefusedError(
        `FedEx refused to cancel the label ${label.trackingNumber}${error.platformMessage ? `: ${error.platformMessage}` : ''}`,
        error.platformMessage,
      );
    }
    throw error;
  }
  const output = answer?.output;
  const words =
    output?.message || (output?.alerts ?? []).map((alert) => withCode(alert.message, alert.code)).join('; ') || null;
  if (output?.cancelledShipment === true || (words && ALREADY_CANCELLED.test(words))) {
    return { status: 'voided', message: words };
  }
  throw new VoidRefusedError(
    `FedEx refused to cancel the label ${label.trackingNumber}${words ? `: ${words}` : ''}`,
    words,
  );
}
