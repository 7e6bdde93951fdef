import { shippoExtraPrice, shippoExtraRefusal, type ShippoExtra } from './fake-shippo-extras.ts';
import { randomBytes } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fakeLabelDocument } from '../fedex/fake-label-documents.ts';
import {
  LABEL_FILE_TYPES,
  parcelPounds,
  priceCents,
  PROVIDERS,
  SERVICE_LEVELS,
  shipmentFieldErrors,
  trackingNumberFor,
} from './fake-shippo-catalog.ts';
import {
  commercialInvoicePdf,
  customsRefusal,
  invoicesCustoms,
  type FakeShippoCustoms,
} from './fake-shippo-customs.ts';
import type { FakeLabelFiles } from './fake-shippo-label-files.ts';
import { isReturnShipment, ratesShipment, shipmentAddresses, shippoReturnRefusal } from './fake-shippo-returns.ts';
import { shippoDate, shippoHistory } from './fake-shippo-tracks.ts';
import { journeyFor, type FakeClock, type JourneyStep } from '../tracking/fake-parcel-journey.ts';
import type {
  ShippoAddress,
  ShippoCarrierAccount,
  ShippoCustomsDeclaration,
  ShippoMessage,
  ShippoParcel,
  ShippoRate,
  ShippoShipment,
  ShippoTrackingEvent,
  ShippoTransaction,
} from './fake-shippo-wire.ts';

/**
 * The fake Shippo's label work: `POST /shipments/` rates a parcel with every carrier account (nothing is charged),
 * `POST /transactions/` buys the label of one rate (kept in memory with its file, charged once), and the objects can be
 * read back one by one or listed. A test queues what the next purchase meets: its answer lost after the label was
 * bought, a carrier's address refusal, a balance too low, or a purchase left QUEUED until it is read again.
 */

export type FakeShippoPurchaseFault =
  'drop_answer' | 'address' | 'insufficient_funds' | 'queued' | { source: string; code: string; text: string };

export interface FakeShippoLabel {
  transaction: ShippoTransaction;
  rate: ShippoRate;
  carrier: string;
  document: Buffer;
  contentType: string;
  from: ShippoAddress;
  to: ShippoAddress;
  /** The customs declaration the label was bought with (its shipment's); null for a domestic label. */
  customs: ShippoCustomsDeclaration | null;
  /** The commercial invoice behind commercial_invoice_url, for a courier's international label. */
  invoice: Buffer | null;
  /** When it was bought, on the fake's clock: its journey starts then (fake-shippo-tracks.ts). */
  soldAt: number;
  journey: JourneyStep[];
  /** When a test took over with its own scans, or the label was refunded; null while the journey runs. */
  journeyStoppedAt: number | null;
  /** The test's own scans (`fake.scan`), oldest first as Shippo's tracking_history. */
  scans: ShippoTrackingEvent[];
  /** Bought from a return shipment (`extra.is_return`): from the buyer back to the seller. */
  isReturn: boolean;
}

export interface FakeShippoCharge {
  transaction: string;
  amount: string;
  currency: string;
  refunded: boolean;
}

interface FakeShippoLabelsContext {
  owner: string;
  carrierAccounts: ShippoCarrierAccount[];
  files: FakeLabelFiles;
  customs: FakeShippoCustoms;
  clock: FakeClock;
}

export const hex = () => randomBytes(16).toString('hex');
const now = () => new Date().toISOString();

export function parseBody<T>(request: FakeRequest): T | null {
  try {
    return JSON.parse(request.body) as T;
  } catch {
    return null;
  }
}

export const fieldError = (field: string, text: string): FakeReply => ({ status: 400, body: { [field]: [text] } });

/** An event a test scans by hand (`fake.scan`): Shippo's status and words, no substatus, at `at` on the fake's clock. */
export function trackingEvent(
  status: ShippoTrackingEvent['status'],
  details: string,
  address: ShippoAddress | null,
  at: number,
): ShippoTrackingEvent {
  const date = shippoDate(at);
  return {
    object_created: date,
    object_updated: date,
    object_id: hex(),
    status,
    substatus: null,
    status_details: details,
    status_date: date,
    location: address
      ? { city: address.city ?? '', state: address.state ?? '', zip: address.zip ?? '', country: address.country ?? '' }
      : null,
  };
}

const FAULT_MESSAGES: Record<'address' | 'insufficient_funds', (provider: string) => ShippoMessage> = {
  address: (provider) => ({
    source: provider,
    code: 'address_invalid',
    text: 'The address as submitted could not be found. Please check for excessive abbreviations in the street address line or in the City name.',
  }),
  insufficient_funds: () => ({
    source: 'Shippo',
    code: 'insufficient_balance',
    text: 'Your account balance is insufficient to purchase this label. Please add funds or a payment method in your Shippo billing settings.',
  }),
};

/** One account's label work: its shipments, rates, purchases and their labels and charges, and what comes next. */
interface ShippoLabelsState {
  context: FakeShippoLabelsContext;
  shipments: Map<string, ShippoShipment>;
  rates: Map<string, ShippoRate>;
  transactions: Map<string, ShippoTransaction>;
  labels: Map<string, FakeShippoLabel>;
  charges: FakeShippoCharge[];
  faults: FakeShippoPurchaseFault[];
  /** Transactions answered QUEUED, which turn SUCCESS once read again. */
  queued: Set<string>;
}

function createShipment(state: ShippoLabelsState, request: FakeRequest, token: string): FakeReply {
  const body = parseBody<{
    address_from?: ShippoAddress;
    address_to?: ShippoAddress;
    parcels?: ShippoParcel[];
    shipment_date?: string;
    metadata?: string;
    extra?: ShippoExtra;
    customs_declaration?: unknown;
  }>(request);
  const invalid =
    shipmentFieldErrors(body?.address_from, body?.address_to, body?.parcels) ??
    shippoExtraRefusal(body?.extra) ??
    shippoReturnRefusal(body?.extra);
  if (invalid) return invalid;
  const declaration = state.context.customs.forShipment(body!.customs_declaration, token.startsWith('shippo_test_'));
  if (declaration && 'reply' in declaration) return declaration.reply;
  // A return's addresses are swapped here, as Shippo does (fake-shippo-returns.ts).
  const { from, to } = shipmentAddresses(body!.address_from!, body!.address_to!, body!.extra);
  const international = from.country !== to.country;
  const pounds = parcelPounds(body!.parcels![0]!);
  const test = token.startsWith('shippo_test_');
  const shipmentId = hex();
  const offered = SERVICE_LEVELS.flatMap((serviceLevel) => {
    if (serviceLevel.international !== international || !ratesShipment(serviceLevel.carrier, body!.extra)) return [];
    const account = state.context.carrierAccounts.find((a) => a.carrier === serviceLevel.carrier && a.active);
    return account ? [{ serviceLevel, account }] : [];
  });
  const messages: ShippoMessage[] = [];
  const shipmentRates: ShippoRate[] = offered.flatMap(({ serviceLevel, account }) => {
    const options = shippoExtraPrice(body!.extra, serviceLevel);
    if ('message' in options) {
      messages.push({ source: PROVIDERS[serviceLevel.carrier]!, code: 'extra_not_supported', text: options.message });
      return [];
    }
    const amount = ((priceCents(serviceLevel, pounds, from.zip!, to.zip!) + options.cents) / 100).toFixed(2);
    const rate: ShippoRate & { included_insurance_price: string | null } = {
      object_id: hex(),
      object_created: now(),
      object_owner: state.context.owner,
      shipment: shipmentId,
      amount,
      currency: 'USD',
      amount_local: amount,
      currency_local: 'USD',
      provider: PROVIDERS[serviceLevel.carrier]!,
      provider_image_75: `https://shippo-static.s3.amazonaws.com/providers/75/${PROVIDERS[serviceLevel.carrier]}.png`,
      servicelevel: { name: serviceLevel.name, token: serviceLevel.token, terms: '' },
      estimated_days: serviceLevel.days,
      duration_terms: `Delivery in ${serviceLevel.days} business day${serviceLevel.days === 1 ? '' : 's'}.`,
      carrier_account: account.object_id,
      attributes: [],
      messages: [],
      included_insurance_price: options.insuranceCents === null ? null : (options.insuranceCents / 100).toFixed(2),
      test,
    };
    state.rates.set(rate.object_id, rate);
    return [rate];
  });
  const shipment: ShippoShipment = {
    object_id: shipmentId,
    object_created: now(),
    object_owner: state.context.owner,
    status: 'SUCCESS',
    address_from: from,
    address_to: to,
    parcels: body!.parcels!,
    shipment_date: body!.shipment_date ?? now(),
    customs_declaration: declaration?.object_id ?? null,
    metadata: body!.metadata ?? '',
    extra: { ...body!.extra },
    rates: shipmentRates,
    messages,
    test,
  };
  state.shipments.set(shipmentId, shipment);
  return { status: 201, body: shipment };
}

function createTransaction(
  state: ShippoLabelsState,
  request: FakeRequest,
  token: string,
): FakeReply | Promise<FakeReply> {
  const body = parseBody<{ rate?: string; label_file_type?: string; metadata?: string; async?: boolean }>(request);
  const rate = state.rates.get(body?.rate ?? '');
  if (!body?.rate) return fieldError('rate', 'This field is required.');
  if (!rate) return fieldError('rate', `Rate with object_id ${body.rate} does not exist.`);
  const fileType = body.label_file_type ?? 'PDF_4x6';
  const format = LABEL_FILE_TYPES[fileType];
  if (!format) return fieldError('label_file_type', `"${fileType}" is not a valid choice.`);
  if ((body.metadata ?? '').length > 100)
    return fieldError('metadata', 'Ensure this field has no more than 100 characters.');

  const serviceLevel = SERVICE_LEVELS.find((s) => s.token === rate.servicelevel.token)!;
  const shipment = state.shipments.get(rate.shipment)!;
  const customs = state.context.customs.declarations.get(shipment.customs_declaration ?? '') ?? null;
  const refusal = customsRefusal(shipment, rate.provider);
  const fault = refusal ?? state.faults.shift();
  const base = {
    object_id: hex(),
    object_created: now(),
    object_updated: now(),
    object_owner: state.context.owner,
    rate: rate.object_id,
    metadata: body.metadata ?? '',
    label_file_type: fileType,
    commercial_invoice_url: null,
    parcel: hex(),
    test: token.startsWith('shippo_test_'),
  };
  // A refusal (customs missing, a queued fault) is a failed transaction with the reason in its messages, nothing charged.
  if (fault === 'address' || fault === 'insufficient_funds' || (fault && typeof fault === 'object')) {
    const message = typeof fault === 'object' ? fault : FAULT_MESSAGES[fault](rate.provider);
    const failed: ShippoTransaction = {
      ...base,
      object_state: 'VALID',
      status: 'ERROR',
      tracking_number: '',
      tracking_status: 'UNKNOWN',
      tracking_url_provider: '',
      label_url: '',
      eta: null,
      messages: [message],
    };
    state.transactions.set(failed.object_id, failed);
    return { status: 201, body: failed };
  }

  const trackingNumber = trackingNumberFor(serviceLevel);
  const document = fakeLabelDocument(format, {
    carrier: rate.provider,
    service: serviceLevel.name,
    trackingNumber,
    shipDate: shipment.shipment_date.slice(0, 10),
    from: [shipment.address_from.name ?? '', shipment.address_from.street1 ?? '', shipment.address_from.city ?? ''],
    to: [shipment.address_to.name ?? '', shipment.address_to.street1 ?? '', shipment.address_to.city ?? ''],
    reference: shipment.metadata || null,
  });
  const extension = format === 'ZPL' ? 'zpl' : format.toLowerCase();
  const invoice =
    customs && invoicesCustoms(serviceLevel.carrier, shipment)
      ? commercialInvoicePdf(customs, shipment, { trackingNumber, carrier: rate.provider, service: serviceLevel.name })
      : null;
  const transaction: ShippoTransaction = {
    ...base,
    commercial_invoice_url: invoice
      ? state.context.files.put(`${hex()}-invoice.pdf`, invoice, 'application/pdf')
      : null,
    object_state: 'VALID',
    status: fault === 'queued' ? 'QUEUED' : 'SUCCESS',
    tracking_number: trackingNumber,
    tracking_status: 'PRE_TRANSIT',
    tracking_url_provider: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${trackingNumber}`,
    label_url: state.context.files.put(`${hex()}.${extension}`, document.bytes, document.contentType),
    eta: null,
    messages: [],
  };
  state.transactions.set(transaction.object_id, transaction);
  state.labels.set(trackingNumber, {
    transaction,
    rate,
    carrier: serviceLevel.carrier,
    document: document.bytes,
    contentType: document.contentType,
    from: shipment.address_from,
    to: shipment.address_to,
    customs,
    invoice,
    soldAt: state.context.clock.now(),
    journey: state.context.clock.paced(
      journeyFor({
        name: shipment.address_to.name,
        street: [shipment.address_to.street1, shipment.address_to.street2].filter(Boolean).join(' '),
        city: shipment.address_to.city ?? '',
        state: shipment.address_to.state ?? null,
        postalCode: shipment.address_to.zip ?? '',
      }).steps,
    ),
    journeyStoppedAt: null,
    scans: [],
    isReturn: isReturnShipment(shipment.extra),
  });
  state.charges.push({
    transaction: transaction.object_id,
    amount: rate.amount,
    currency: rate.currency,
    refunded: false,
  });
  if (fault === 'queued') {
    state.queued.add(transaction.object_id);
    return { status: 201, body: { ...transaction, tracking_number: '', label_url: '', commercial_invoice_url: null } };
  }
  // Bought and charged, and the answer lost on the way: the client sees a timeout.
  if (fault === 'drop_answer') return new Promise<FakeReply>(() => {});
  return { status: 201, body: transaction };
}

/**
 * A transaction as Shippo shows it now: one answered QUEUED has finished by the time it is read again, and its
 * tracking_status is its parcel's latest.
 */
function current(state: ShippoLabelsState, transaction: ShippoTransaction): ShippoTransaction {
  if (state.queued.delete(transaction.object_id)) {
    transaction.status = 'SUCCESS';
    transaction.object_updated = now();
  }
  const label = state.labels.get(transaction.tracking_number);
  const latest = label && shippoHistory(label, state.context.clock.now()).at(-1);
  if (latest) transaction.tracking_status = latest.status;
  return transaction;
}

export function createFakeShippoLabels(context: FakeShippoLabelsContext) {
  const state: ShippoLabelsState = {
    context,
    shipments: new Map(),
    rates: new Map(),
    transactions: new Map(),
    labels: new Map(),
    charges: [],
    faults: [],
    queued: new Set(),
  };
  const { shipments, rates, transactions, labels, charges } = state;
  return {
    shipments,
    rates,
    transactions,
    labels,
    charges,
    queue: (fault: FakeShippoPurchaseFault) => void state.faults.push(fault),
    createShipment: (request: FakeRequest, token: string) => createShipment(state, request, token),
    createTransaction: (request: FakeRequest, token: string) => createTransaction(state, request, token),
    current: (transaction: ShippoTransaction) => current(state, transaction),
  };
}

export type FakeShippoLabels = ReturnType<typeof createFakeShippoLabels>;
