import { randomUUID } from 'node:crypto';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { fakeLabelDocument, type FakeLabelFormat } from './fake-label-documents.ts';
import { fedexError } from './fake-fedex-errors.ts';
import {
  accountCents,
  businessDaysAfter,
  dollars,
  FEDEX_SERVICES,
  offeredServices,
  pounds,
  transitDays,
  zone,
} from './fake-fedex-rates.ts';
import { fedexTrackingNumber } from './fake-tracking-numbers.ts';
import { fedexOptionsCents, fedexOptionsRefusal } from './fake-fedex-options.ts';
import {
  commercialInvoicePdf,
  completedEtdDetail,
  fedexCustomsRefusal,
  wantsCommercialInvoice,
  wantsEtd,
} from './fake-fedex-customs.ts';
import { fedexReturnOf, fedexReturnRefusal, type FakeFedexReturn } from './fake-fedex-returns.ts';
import { createFakeFedexDocuments, type FakeFedexDocuments } from './fake-fedex-documents.ts';
import { fedexScans, type FedexJourneyLabel } from './fake-fedex-scans.ts';
import { journeyFor, type FakeClock } from '../tracking/fake-parcel-journey.ts';
import type {
  FedexCustomerReference,
  FedexCustomsClearanceDetail,
  FedexOutput,
  FedexParty,
  FedexShipRequest,
  FedexTransactionShipment,
} from './fake-fedex-wire.ts';

/**
 * The fake FedEx's shipments: `POST /ship/v1/shipments` buys a label (kept in memory with its document, and charged),
 * `PUT /ship/v1/shipments/cancel` voids one that FedEx has not yet picked up. A test queues what the next purchase
 * meets (its answer lost after the label was bought, an address or account refusal) and scans labels as FedEx would.
 */

/** A label sold; its scans are its journey's steps so far (fake-fedex-scans.ts) and the test's own. */
export interface FakeFedexLabel extends FedexJourneyLabel {
  trackingNumber: string;
  accountNumber: string;
  serviceType: string;
  shipDate: string;
  imageType: string;
  labelStockType: string;
  /** The label as FedEx sent it, decoded from base64. */
  document: Buffer;
  /** Dollars, as FedEx answers amounts. */
  netCharge: number;
  currency: string;
  /** The x-customer-transaction-id header of the purchase. */
  customerTransactionId: string | null;
  references: FedexCustomerReference[];
  shipper: FedexParty;
  recipient: FedexParty;
  status: 'created' | 'cancelled';
  /** The customs the shipment was bought with, as sent; null for a domestic one. */
  customs: FedexCustomsClearanceDetail | null;
  /** The commercial invoice drawn for it (PDF), when one was asked for. */
  commercialInvoice: Buffer | null;
  /** Whether it was shipped with Electronic Trade Documents. */
  etd: boolean;
  /** A return label's RMA and outbound shipment (fake-fedex-returns.ts); null for an outbound label. */
  returned: FakeFedexReturn | null;
}

export interface FakeFedexCharge {
  trackingNumber: string;
  amount: number;
  currency: string;
  /** Set when the label was cancelled. */
  refunded: boolean;
}

/** What the next purchase meets instead of a plain success. */
export type FakeFedexShipmentFault =
  /** The label is bought and charged, and the answer never comes (the client times out). */
  'drop_answer' | 'address' | 'account' | { status: number; code: string; message: string };

const STOCKS: Record<string, { format: FakeLabelFormat; stock: RegExp }> = {
  PDF: { format: 'PDF', stock: /^PAPER_/ },
  PNG: { format: 'PNG', stock: /^PAPER_/ },
  ZPLII: { format: 'ZPL', stock: /^STOCK_/ },
};

const ADDRESS_REFUSED = fedexError(
  400,
  'RECIPIENTS.ADDRESS.POSTALCODE.MISMATCH',
  'Recipient postal code and state or province code do not match. Please update and try again.',
);
const ACCOUNT_REFUSED = fedexError(
  403,
  'ACCOUNT.NOT.AUTHORIZED',
  'The account number is not authorized to ship. Please contact FedEx customer service.',
);

function json<T>(request: FakeRequest): T | null {
  try {
    return JSON.parse(request.body) as T;
  } catch {
    return null;
  }
}

function header(request: FakeRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

const lines = (party: FedexParty | undefined) =>
  [
    party?.contact?.personName,
    party?.contact?.companyName,
    ...(party?.address?.streetLines ?? []),
    [party?.address?.city, party?.address?.stateOrProvinceCode, party?.address?.postalCode].filter(Boolean).join(' '),
    party?.address?.countryCode,
  ].filter((line): line is string => !!line);

interface FakeFedexShipping {
  readonly labels: Map<string, FakeFedexLabel>;
  readonly charges: FakeFedexCharge[];
  readonly documents: FakeFedexDocuments;
  queue(fault: FakeFedexShipmentFault): void;
  ship(request: FakeRequest): FakeReply | Promise<FakeReply>;
  cancel(request: FakeRequest): FakeReply;
}

/** One account's shipments: the labels drawn, their charges, and the faults queued for the next ones. */
interface FedexShippingState {
  accountNumber: string | undefined;
  clock: FakeClock;
  labels: Map<string, FakeFedexLabel>;
  charges: FakeFedexCharge[];
  faults: FakeFedexShipmentFault[];
  documents: FakeFedexDocuments;
}

/** The refusal of a request FedEx would not ship, or null. */
function refusal(accountNumber: string | undefined, body: FedexShipRequest | null): FakeReply | null {
  const shipment = body?.requestedShipment;
  if (!body || !shipment) return fedexError(400, 'INVALID.INPUT.EXCEPTION', 'Invalid field value in the input');
  if (!body.accountNumber?.value) {
    return fedexError(400, 'ACCOUNTNUMBER.REQUIRED', 'Please provide a valid account number.');
  }
  if (accountNumber && body.accountNumber.value !== accountNumber) return ACCOUNT_REFUSED;
  const recipient = shipment.recipients?.[0]?.address;
  if (!shipment.shipper?.address?.postalCode || !recipient?.postalCode || !recipient.countryCode) {
    return fedexError(
      400,
      'RECIPIENTS.ADDRESS.REQUIRED',
      'Recipient address is required. Please update and try again.',
    );
  }
  if (!shipment.recipients?.[0]?.contact?.personName && !shipment.recipients?.[0]?.contact?.companyName) {
    return fedexError(400, 'RECIPIENT.CONTACT.REQUIRED', 'Recipient contact name or company name is required.');
  }
  const service = shipment.serviceType ?? '';
  if (!FEDEX_SERVICES[service]) {
    return fedexError(400, 'SERVICETYPE.INVALID', `The service type ${service || '(none)'} is invalid.`);
  }
  if (!offeredServices(shipment.shipper.address, recipient).includes(service)) {
    return fedexError(
      400,
      'SERVICE.UNAVAILABLE.ERROR',
      'The requested service is not available between these locations.',
    );
  }
  const lb = pounds(shipment.requestedPackageLineItems);
  if (!(lb > 0) || lb > 150) return fedexError(400, 'PACKAGE.WEIGHT.INVALID', 'Please enter a valid package weight.');
  const optionsRefused = fedexOptionsRefusal(shipment.requestedPackageLineItems?.[0], shipment.packagingType);
  if (optionsRefused) return optionsRefused;
  const customsRefused = fedexCustomsRefusal(shipment, accountNumber);
  if (customsRefused) return customsRefused;
  const returnRefused = fedexReturnRefusal(shipment);
  if (returnRefused) return returnRefused;
  const spec = shipment.labelSpecification;
  const stock = STOCKS[spec?.imageType ?? ''];
  if (!stock) return fedexError(400, 'LABEL.IMAGETYPE.INVALID', 'The label image type is invalid.');
  if (!stock.stock.test(spec?.labelStockType ?? '')) {
    return fedexError(400, 'LABEL.STOCKTYPE.INVALID', 'The label stock type is not valid for the image type.');
  }
  return null;
}

/** `POST /ship/v1/shipments`: checked, a label drawn and charged, and the answer FedEx gives (or a queued fault). */
function ship(shipping: FedexShippingState, request: FakeRequest): FakeReply | Promise<FakeReply> {
  const { labels, charges, faults } = shipping;
  const body = json<FedexShipRequest>(request);
  const refused = refusal(shipping.accountNumber, body);
  if (refused) return refused;
  const fault = faults.shift();
  if (fault === 'address') return ADDRESS_REFUSED;
  if (fault === 'account') return ACCOUNT_REFUSED;
  if (fault && typeof fault === 'object') return fedexError(fault.status, fault.code, fault.message);

  const shipment = body!.requestedShipment!;
  const shipper = shipment.shipper!;
  const recipient = shipment.recipients![0]!;
  const service = shipment.serviceType!;
  const shipDate = shipment.shipDatestamp ?? new Date().toISOString().slice(0, 10);
  const zoneNumber = zone(shipper.address, recipient.address);
  const cents =
    accountCents(
      service,
      pounds(shipment.requestedPackageLineItems),
      zoneNumber,
      recipient.address?.residential !== false,
    ) + fedexOptionsCents(shipment.requestedPackageLineItems?.[0]);
  const trackingNumber = fedexTrackingNumber();
  const references = shipment.requestedPackageLineItems?.[0]?.customerReferences ?? [];
  const imageType = shipment.labelSpecification!.imageType!;
  const document = fakeLabelDocument(STOCKS[imageType]!.format, {
    carrier: 'FedEx',
    service: FEDEX_SERVICES[service]!.name,
    trackingNumber,
    shipDate,
    from: lines(shipper),
    to: lines(recipient),
    reference: references.find((r) => r.customerReferenceType === 'CUSTOMER_REFERENCE')?.value ?? null,
  }).bytes;
  const label: FakeFedexLabel = {
    trackingNumber,
    accountNumber: body!.accountNumber!.value!,
    serviceType: service,
    shipDate,
    imageType,
    labelStockType: shipment.labelSpecification!.labelStockType!,
    document,
    netCharge: dollars(cents),
    currency: 'USD',
    customerTransactionId: header(request, 'x-customer-transaction-id'),
    references,
    shipper,
    recipient,
    status: 'created',
    soldAt: shipping.clock.now(),
    journey: shipping.clock.paced(
      journeyFor({
        name: recipient.contact?.personName ?? recipient.contact?.companyName,
        street: recipient.address?.streetLines?.join(' '),
        city: recipient.address?.city ?? '',
        state: recipient.address?.stateOrProvinceCode ?? null,
        postalCode: recipient.address?.postalCode ?? '',
      }).steps,
    ),
    journeyStoppedAt: null,
    scans: [],
    customs: shipment.customsClearanceDetail ?? null,
    commercialInvoice: wantsCommercialInvoice(shipment)
      ? commercialInvoicePdf(shipment, trackingNumber, shipDate, shipment.customsClearanceDetail!)
      : null,
    etd: wantsEtd(shipment),
    returned: fedexReturnOf(shipment),
  };
  labels.set(trackingNumber, label);
  charges.push({ trackingNumber, amount: label.netCharge, currency: 'USD', refunded: false });
  // Applied, and the answer lost on the way: the client sees a timeout.
  if (fault === 'drop_answer') return new Promise<FakeReply>(() => {});

  const output: { transactionShipments: FedexTransactionShipment[] } = {
    transactionShipments: [
      {
        masterTrackingNumber: trackingNumber,
        serviceType: service,
        serviceName: FEDEX_SERVICES[service]!.name,
        shipDatestamp: shipDate,
        pieceResponses: [
          {
            masterTrackingNumber: trackingNumber,
            trackingNumber,
            deliveryDatestamp: businessDaysAfter(shipDate, transitDays(service, zoneNumber)).toISOString().slice(0, 10),
            netChargeAmount: label.netCharge,
            packageDocuments: [
              {
                contentType: 'LABEL',
                copiesToPrint: 1,
                docType: imageType,
                encodedLabel: document.toString('base64'),
              },
            ],
            customerReferences: references,
          },
        ],
        ...(label.commercialInvoice
          ? { shipmentDocuments: [shipping.documents.invoice(request, trackingNumber, label.commercialInvoice)] }
          : {}),
        completedShipmentDetail: {
          shipmentRating: {
            actualRateType: 'PAYOR_ACCOUNT_PACKAGE',
            shipmentRateDetails: [
              { rateType: 'PAYOR_ACCOUNT_PACKAGE', totalNetCharge: label.netCharge, currency: 'USD' },
            ],
          },
          ...(label.etd
            ? {
                completedEtdDetail: completedEtdDetail(
                  shipment.shipmentSpecialServices?.etdDetail?.requestedDocumentTypes,
                ),
              }
            : {}),
        },
      },
    ],
  };
  const answer: FedexOutput<typeof output> = {
    transactionId: randomUUID(),
    ...(label.customerTransactionId ? { customerTransactionId: label.customerTransactionId } : {}),
    output,
  };
  return { status: 200, body: answer };
}

/** `PUT /ship/v1/shipments/cancel`: a label not yet tendered is cancelled and its charge refunded. */
function cancel(shipping: FedexShippingState, request: FakeRequest): FakeReply {
  const { labels, charges } = shipping;
  const body = json<{ accountNumber?: { value?: string }; trackingNumber?: string }>(request);
  const label = labels.get(body?.trackingNumber ?? '');
  if (!label || (body?.accountNumber?.value && body.accountNumber.value !== label.accountNumber)) {
    return fedexError(404, 'NOT.FOUND.ERROR', 'The resource you requested is not available.');
  }
  if (label.status === 'cancelled') {
    return {
      status: 200,
      body: {
        transactionId: randomUUID(),
        output: {
          cancelledShipment: false,
          cancelledHistory: false,
          message: 'Shipment has already been cancelled.',
        },
      },
    };
  }
  if (fedexScans(label, shipping.clock.now()).some((event) => event.eventType !== 'OC')) {
    return fedexError(
      400,
      'SHIPMENT.CANCEL.NOTALLOWED',
      'Shipment cannot be cancelled because it has already been tendered to FedEx.',
    );
  }
  label.status = 'cancelled';
  for (const charge of charges) if (charge.trackingNumber === label.trackingNumber) charge.refunded = true;
  return {
    status: 200,
    body: {
      transactionId: randomUUID(),
      output: { cancelledShipment: true, cancelledHistory: true, message: 'Shipment is successfully cancelled' },
    },
  };
}

export function createFakeFedexShipping(accountNumber: string | undefined, clock: FakeClock): FakeFedexShipping {
  const shipping: FedexShippingState = {
    accountNumber,
    clock,
    labels: new Map(),
    charges: [],
    faults: [],
    documents: createFakeFedexDocuments(),
  };
  return {
    labels: shipping.labels,
    charges: shipping.charges,
    documents: shipping.documents,
    queue: (fault) => void shipping.faults.push(fault),
    ship: (request) => ship(shipping, request),
    cancel: (request) => cancel(shipping, request),
  };
}
