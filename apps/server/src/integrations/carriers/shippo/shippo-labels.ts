import { abortableSleep, AnswerTooLargeError, ChannelError, type ChannelErrorKind } from '../../http/channel-http.ts';
import { asBytes } from '../carrier-documents.ts';
import { withCode } from '../carrier-error-text.ts';
import {
  VoidRefusedError,
  type LabelFormat,
  type LabelReference,
  type LabelRequest,
  type PurchasedForms,
  type PurchasedLabel,
  type VoidOutcome,
} from '../carrier-types.ts';
import type { ShippoClient } from './shippo-client.ts';
import { printedCustomsForm } from './shippo-customs.ts';
import { isLabelDocument, type LabelFileDownload } from './shippo-label-file.ts';
import {
  createShipment,
  purchaseMetadata,
  rateAmount,
  ratesByToken,
  type ShippoShipmentInput,
} from './shippo-shipment.ts';
import type { ShippoMessage, ShippoPage, ShippoRate, ShippoRefund, ShippoTransaction } from './shippo-wire.ts';

/**
 * Shippo labels: a shipment rated, the rate of the service bought as a transaction carrying the purchase key in its
 * metadata, the label file fetched from its link (and an international label's commercial invoice from its own);
 * refunds void them. A purchase whose answer was lost is found again among the account's latest transactions by that
 * metadata.
 */

export interface ShippoLabelContext {
  client: ShippoClient;
  download: LabelFileDownload;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const LABEL_FILE_TYPES: Record<LabelFormat, string> = { pdf: 'PDF_4x6', zpl: 'ZPLII', png: 'PNG' };
const CONTENT_TYPES: Record<LabelFormat, string> = { pdf: 'application/pdf', zpl: 'text/plain', png: 'image/png' };
/** A purchase Shippo answers QUEUED is read again this often, this far apart, before the caller is told to look later. */
const PENDING_READS = 10;
const PENDING_WAIT_MS = 1_000;
/** Transactions looked through for a lost purchase: the newest pages only (Shippo lists newest first). */
const LOOKUP_PAGES = 3;
const LOOKUP_PAGE_SIZE = 100;

const PENDING = new Set(['QUEUED', 'WAITING']);

function messageText(messages: ShippoMessage[] | undefined): string | null {
  const texts = (messages ?? []).map((m) => withCode(m.text, m.code)).filter(Boolean);
  return texts.length > 0 ? texts.join('; ') : null;
}

/**
 * A failed purchase's kind, from Shippo's messages: the account (balance, payment) is the seller's to fix in Shippo,
 * a carrier that did not answer may be tried again, anything else is the shipment's data.
 */
function failureKind(messages: ShippoMessage[] | undefined): ChannelErrorKind {
  const words = (messages ?? []).map((m) => `${m.code ?? ''} ${m.text ?? ''}`).join(' ');
  if (/balance|funds|payment|billing|credit card|account/i.test(words)) return 'platform';
  if (/timeout|timed out|unavailable|did not respond/i.test(words)) return 'unavailable';
  return 'invalid';
}

async function rateOf(context: ShippoLabelContext, transaction: ShippoTransaction, signal?: AbortSignal) {
  const rate = transaction.rate;
  if (rate && typeof rate === 'object') return rate;
  if (!rate) throw new ChannelError('malformed', 'Shippo answered a label without its rate');
  return context.client.call<ShippoRate>({ path: `/rates/${encodeURIComponent(rate)}` }, signal);
}

/**
 * A file behind one of the transaction's links (the label, the commercial invoice), fetched and checked. Bought and
 * charged already: a failed fetch says so, and finding the label again fetches it again.
 */
async function boughtFile(
  context: ShippoLabelContext,
  url: string,
  what: { name: string; format: LabelFormat; trackingNumber: string },
  signal?: AbortSignal,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await context.download(url, signal);
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    const words = `Shippo bought the label (tracking ${what.trackingNumber}) but its ${what.name} could not be fetched: ${error.message}`;
    // A file past the limit is refused whenever it is fetched: not a failure that fetching again may cure.
    if (error instanceof AnswerTooLargeError) throw new AnswerTooLargeError(words, error.limitBytes, error.status);
    const kind = error.kind === 'timeout' || error.kind === 'network' ? error.kind : 'unavailable';
    throw new ChannelError(kind, words, error.status, error.platformMessage);
  }
  if (!isLabelDocument(what.format, bytes)) {
    throw new ChannelError(
      'malformed',
      `Shippo's ${what.name} for tracking ${what.trackingNumber} is not a ${what.format} file`,
    );
  }
  return bytes;
}

/**
 * The customs forms of a label bought with a declaration: the commercial invoice Shippo links to (couriers), else the
 * form the carrier prints inside the label (postal carriers).
 */
async function formsOf(
  context: ShippoLabelContext,
  transaction: ShippoTransaction,
  request: LabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedForms | null> {
  if (!request.customs) return null;
  const url = transaction.commercial_invoice_url;
  if (!url) return printedCustomsForm(request.customs, request.serviceCode);
  const what = {
    name: 'commercial invoice',
    format: 'pdf' as const,
    trackingNumber: transaction.tracking_number ?? '',
  };
  const bytes = await boughtFile(context, url, what, signal);
  return { form: 'commercial_invoice', document: { contentType: 'application/pdf', bytes: asBytes(bytes) } };
}

/** A SUCCESS transaction as a label: its file (and customs forms) fetched and checked, its price from its rate. */
async function labelOf(
  context: ShippoLabelContext,
  transaction: ShippoTransaction,
  rate: ShippoRate,
  request: LabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedLabel> {
  const { format } = request;
  const trackingNumber = transaction.tracking_number;
  if (!trackingNumber || !transaction.object_id || !transaction.label_url) {
    throw new ChannelError('malformed', 'Shippo answered a bought label without its tracking number or file');
  }
  const document = await boughtFile(context, transaction.label_url, { name: 'file', format, trackingNumber }, signal);
  const forms = await formsOf(context, transaction, request, signal);
  return {
    trackingNumber,
    carrierShipmentId: transaction.object_id,
    ...rateAmount(rate),
    format,
    contentType: CONTENT_TYPES[format],
    document: asBytes(document),
    ...(forms ? { forms } : {}),
  };
}

/** The transaction once Shippo has finished it: read again while it is QUEUED or WAITING, for a bounded time. */
async function finished(
  context: ShippoLabelContext,
  transaction: ShippoTransaction,
  signal?: AbortSignal,
): Promise<ShippoTransaction> {
  let current = transaction;
  for (let read = 0; PENDING.has(current.status ?? '') && read < PENDING_READS; read++) {
    await (context.sleep ?? abortableSleep)(PENDING_WAIT_MS, signal);
    const id = encodeURIComponent(current.object_id ?? '');
    current = (await context.client.call<ShippoTransaction | null>({ path: `/transactions/${id}` }, signal)) ?? {};
  }
  if (PENDING.has(current.status ?? '')) {
    throw new ChannelError('timeout', 'Shippo is still buying the label; it can be found again in a moment');
  }
  return current;
}

export async function shippoBuyLabel(
  context: ShippoLabelContext,
  request: LabelRequest & Pick<ShippoShipmentInput, 'isReturn'>,
  signal?: AbortSignal,
): Promise<PurchasedLabel> {
  const metadata = purchaseMetadata(request.idempotencyKey);
  const shipment = await createShipment(context.client, request, metadata, signal, request.serviceCode);
  const rate = ratesByToken(shipment).get(request.serviceCode);
  if (!rate) {
    throw new ChannelError(
      'invalid',
      `Shippo offered no rate for ${request.serviceCode} for this parcel`,
      null,
      messageText(shipment?.messages),
    );
  }
  const answer = await context.client.call<ShippoTransaction | null>(
    {
      method: 'POST',
      path: '/transactions/',
      json: { rate: rate.object_id, label_file_type: LABEL_FILE_TYPES[request.format], metadata, async: false },
      idempotent: false,
    },
    signal,
  );
  const transaction = await finished(context, answer ?? {}, signal);
  if (transaction.status === 'ERROR') {
    const words = messageText(transaction.messages);
    throw new ChannelError(failureKind(transaction.messages), 'Shippo could not buy the label', null, words);
  }
  if (transaction.status !== 'SUCCESS') {
    throw new ChannelError('malformed', `Shippo answered the purchase with status ${transaction.status ?? '(none)'}`);
  }
  return labelOf(context, transaction, rate, request, signal);
}

/**
 * Shippo lists transactions newest first and filters them by status only, so the purchase key is matched here, over
 * the newest pages: a lost answer is looked for minutes after the purchase. A failed or refunded purchase under the
 * key bought nothing that stands, so it reads as none.
 */
export async function shippoFindLabel(
  context: ShippoLabelContext,
  request: LabelRequest,
  signal?: AbortSignal,
): Promise<PurchasedLabel | null> {
  const metadata = purchaseMetadata(request.idempotencyKey);
  for (let page = 1; page <= LOOKUP_PAGES; page++) {
    const list = await context.client.call<ShippoPage<ShippoTransaction> | null>(
      { path: `/transactions/?results=${LOOKUP_PAGE_SIZE}&page=${page}` },
      signal,
    );
    for (const listed of list?.results ?? []) {
      if (listed.metadata !== metadata) continue;
      if (!PENDING.has(listed.status ?? '') && listed.status !== 'SUCCESS') continue;
      const transaction = await finished(context, listed, signal);
      if (transaction.status !== 'SUCCESS') continue;
      return labelOf(context, transaction, await rateOf(context, transaction, signal), request, signal);
    }
    if (!list?.next) break;
  }
  return null;
}

export async function shippoVoidLabel(
  context: ShippoLabelContext,
  label: LabelReference,
  signal?: AbortSignal,
): Promise<VoidOutcome> {
  let refund: ShippoRefund | null;
  try {
    refund = await context.client.call<ShippoRefund | null>(
      { method: 'POST', path: '/refunds/', json: { transaction: label.carrierShipmentId, async: false } },
      signal,
    );
  } catch (error) {
    if (!(error instanceof ChannelError) || (error.kind !== 'invalid' && error.kind !== 'not_found')) throw error;
    // A refund asked for before (an earlier answer lost) stands: it is under way.
    if (/already/i.test(error.platformMessage ?? '') && /refund/i.test(error.platformMessage ?? '')) {
      return { status: 'refund_requested', message: error.platformMessage };
    }
    throw new VoidRefusedError(
      `Shippo refused to refund the label ${label.trackingNumber}${error.platformMessage ? `: ${error.platformMessage}` : ''}`,
      error.platformMessage,
    );
  }
  const status = refund?.status ?? '';
  if (status === 'SUCCESS') return { status: 'voided', message: null };
  if (status === 'QUEUED' || status === 'PENDING') {
    return { status: 'refund_requested', message: `Shippo's refund is ${status.toLowerCase()}` };
  }
  throw new VoidRefusedError(
    `Shippo refused to refund the label ${label.trackingNumber} (refund status ${status || 'missing'})`,
    null,
  );
}
