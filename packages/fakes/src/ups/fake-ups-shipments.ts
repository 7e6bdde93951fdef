import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeClock, JourneyStep } from '../tracking/fake-parcel-journey.ts';
import { customsRefusal, invoiceForm } from './fake-ups-customs.ts';
import { upsLabelDocument, upsTrackingNumber } from './fake-ups-documents.ts';
import { upsOptionsRefusal } from './fake-ups-options.ts';
import { upsReturnRefusal, upsReturnService } from './fake-ups-returns.ts';
import { UPS_SERVICES, firstPackage, packageRefusal, servicesFor, upsPrice } from './fake-ups-rates.ts';
import { upsHandStep, upsJourney, upsPickedUp, type FakeUpsTimedStep } from './fake-ups-tracking.ts';
import type {
  UpsLabelRecoveryRequest,
  UpsLabelRecoveryResponse,
  UpsParty,
  UpsShipmentBody,
  UpsShipmentRequest,
  UpsShipmentResponse,
  UpsVoidResponse,
} from './fake-ups-wire.ts';

/**
 * The Shipping API of the fake UPS: shipments bought (`POST /api/shipments/{version}/ship`), voided (`DELETE
 * /api/shipments/{version}/void/cancel/{id}`) and their labels recovered (`POST /api/labels/{version}/recovery`, by
 * tracking number or by reference number and shipper number). Each package sold starts its journey on the fake's
 * clock (tracked in fake-ups-tracking.ts). UPS has no idempotency key: each ship call is a new shipment and a new
 * charge. The void error codes are the fake's own (UPS publishes a list, the fake does not copy it).
 */

export interface FakeUpsLabel {
  shipmentId: string;
  trackingNumber: string;
  service: string;
  shipperNumber: string;
  /** The package's (or shipment's) reference numbers. */
  references: string[];
  /** A return shipment's ReturnService code (9 Print Return Label); null for an outbound one. */
  returnService: string | null;
  request: UpsShipmentBody;
  transId: string | null;
  state: 'active' | 'voided';
  /** Past the void period: a void is refused. */
  voidExpired: boolean;
  /** When it was sold, on the fake's clock: its journey's steps are due hours after. */
  soldAt: number;
  journey: JourneyStep[];
  /** Steps made by hand (scan, exception, deliver), oldest first; the first one ends the journey. */
  byHand: FakeUpsTimedStep[];
  /** When it was voided, on the fake's clock; null while it stands. */
  voidedAt: number | null;
}

export interface FakeUpsCharge {
  shipmentId: string;
  trackingNumber: string;
  amount: number;
  currency: 'USD';
  transId: string | null;
}

type Refuse = (status: number, code: string, message: string) => FakeReply;

const party = (p: UpsParty | undefined) => [
  p?.Name ?? '',
  ...(p?.Address?.AddressLine ?? []),
  `${p?.Address?.City ?? ''} ${p?.Address?.StateProvinceCode ?? ''} ${p?.Address?.PostalCode ?? ''}`,
];

const ok = { ResponseStatus: { Code: '1', Description: 'Success' } };

interface UpsShipments {
  readonly labels: Map<string, FakeUpsLabel>;
  readonly charges: FakeUpsCharge[];
  readonly voids: string[];
  /** Shipments still to make whose answer never comes (the client times out). */
  dropAnswers: number;
  ship(request: FakeRequest, merchantId: string | null): FakeReply | Promise<FakeReply>;
  void(request: FakeRequest): FakeReply;
  recover(request: FakeRequest): FakeReply;
  /** A step made by hand now (a pickup scan, an exception, a delivery): the package leaves its journey. */
  advance(trackingNumber: string, kind: 'accepted' | 'delivered' | 'exception'): void;
  label(trackingNumber: string): FakeUpsLabel;
}

/** The packages shipped, their charges and voids, and what the next shipments meet. */
interface UpsShipmentsState {
  labels: Map<string, FakeUpsLabel>;
  charges: FakeUpsCharge[];
  voids: string[];
  dropAnswers: number;
  /** The serial part of the next tracking number. */
  serial: number;
  negotiatedDiscount: number | null;
  /** The account sends invoices to customs electronically: no copy is answered unless one is asked for. */
  paperlessInvoices: boolean;
  refuse: Refuse;
  clock: FakeClock;
}

function label(ups: UpsShipmentsState, trackingNumber: string): FakeUpsLabel {
  const found = ups.labels.get(trackingNumber);
  if (!found) throw new Error(`The fake UPS shipped no package ${trackingNumber}`);
  return found;
}

const content = (found: FakeUpsLabel) => ({
  service: UPS_SERVICES[found.service]!.name.replace(/^UPS /, '').toUpperCase(),
  trackingNumber: found.trackingNumber,
  from: party(found.request.ShipFrom ?? found.request.Shipper),
  to: party(found.request.ShipTo),
});

/** `POST /shipments/{version}/ship`: checked as UPS does, a label drawn and charged, and UPS's answer. */
function ship(ups: UpsShipmentsState, request: FakeRequest, merchantId: string | null): FakeReply | Promise<FakeReply> {
  let body: UpsShipmentRequest;
  try {
    body = JSON.parse(request.body) as UpsShipmentRequest;
  } catch {
    return ups.refuse(400, '10002', 'The request is not well-formed');
  }
  const transId = typeof request.headers.transid === 'string' ? request.headers.transid : null;
  if (transId !== null && transId.length > 32)
    return ups.refuse(400, '10001', 'Invalid transId: at most 32 characters');
  const shipment = body.ShipmentRequest?.Shipment;
  const spec = body.ShipmentRequest?.LabelSpecification;
  if (!shipment) return ups.refuse(400, '10002', 'Missing ShipmentRequest.Shipment');
  const shipper = shipment.Shipper?.ShipperNumber ?? '';
  if (!/^[0-9A-Z]{6}$/.test(shipper) || (merchantId !== null && merchantId !== shipper)) {
    return ups.refuse(400, '120100', 'Missing or invalid shipper number');
  }
  const billed = shipment.PaymentInformation?.ShipmentCharge?.[0]?.BillShipper?.AccountNumber;
  if (billed !== shipper) return ups.refuse(400, '120412', 'The shipper number is not the account billed');
  const problem = packageRefusal(firstPackage(shipment)) ?? upsOptionsRefusal(shipment, firstPackage(shipment));
  if (problem) return ups.refuse(400, problem.code, problem.message);
  const customs = customsRefusal(shipment);
  if (customs) return ups.refuse(400, customs.code, customs.message);
  const returned = upsReturnRefusal(shipment);
  if (returned) return ups.refuse(400, returned.code, returned.message);
  const service = shipment.Service?.Code ?? '';
  if (!servicesFor(shipment).includes(service)) {
    return ups.refuse(400, '111210', 'The requested service is unavailable between the selected locations.');
  }
  const shipTo = shipment.ShipTo?.Address;
  if (!shipTo?.PostalCode || shipTo.PostalCode === '00000' || !shipTo.City || !shipTo.AddressLine?.length) {
    // The fake's undeliverable address, refused as UPS's city/state/postal check does with RequestOption validate.
    return ups.refuse(400, '120802', 'Address Validation Error on ShipTo address');
  }
  const format = spec?.LabelImageFormat?.Code ?? '';
  if (format !== 'GIF' && format !== 'ZPL') {
    return ups.refuse(400, '120544', `LabelImageFormat ${format || '(none)'} is not offered here; use GIF or ZPL`);
  }
  if (spec?.LabelStockSize?.Height !== '6' || spec.LabelStockSize.Width !== '4') {
    return ups.refuse(400, '120545', 'Invalid LabelStockSize: 4 x 6 is required');
  }

  const price = upsPrice(shipment, service, ups.negotiatedDiscount);
  const trackingNumber = upsTrackingNumber(shipper, service, ups.serial++);
  const pkg = firstPackage(shipment)!;
  const references = [...(pkg.ReferenceNumber ?? []), ...(shipment.ReferenceNumber ?? [])].flatMap((r) =>
    r.Value ? [r.Value] : [],
  );
  const created: FakeUpsLabel = {
    shipmentId: trackingNumber,
    trackingNumber,
    service,
    shipperNumber: shipper,
    references,
    returnService: upsReturnService(shipment),
    request: shipment,
    transId,
    state: 'active',
    voidExpired: false,
    soldAt: ups.clock.now(),
    journey: ups.clock.paced(upsJourney(shipment)),
    byHand: [],
    voidedAt: null,
  };
  ups.labels.set(trackingNumber, created);
  const wantsNegotiated = shipment.ShipmentRatingOptions?.NegotiatedRatesIndicator !== undefined;
  const charged = wantsNegotiated && price.negotiated !== null ? price.negotiated : price.total;
  ups.charges.push({ shipmentId: trackingNumber, trackingNumber, amount: charged, currency: 'USD', transId });
  if (ups.dropAnswers > 0) {
    ups.dropAnswers -= 1;
    return new Promise<FakeReply>(() => {});
  }
  const money = (value: number) => ({ CurrencyCode: 'USD', MonetaryValue: value.toFixed(2) });
  const image = upsLabelDocument(format, content(created)).toString('base64');
  const form = invoiceForm(shipment, { trackingNumber, shipper: party(shipment.Shipper) }, ups.paperlessInvoices);
  const answer: UpsShipmentResponse = {
    ShipmentResponse: {
      Response: { ...ok, TransactionReference: body.ShipmentRequest?.Request?.TransactionReference },
      ShipmentResults: {
        ShipmentCharges: {
          BaseServiceCharge: money(price.transportation),
          TransportationCharges: money(price.transportation),
          ServiceOptionsCharges: money(price.serviceOptions),
          TotalCharges: money(price.total),
        },
        ...(wantsNegotiated && price.negotiated !== null
          ? { NegotiatedRateCharges: { TotalCharge: money(price.negotiated) } }
          : {}),
        BillingWeight: {
          UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' },
          Weight: String(price.billableWeight),
        },
        ShipmentIdentificationNumber: trackingNumber,
        PackageResults: [
          {
            TrackingNumber: trackingNumber,
            ShippingLabel: {
              ImageFormat: { Code: format, Description: format },
              GraphicImage: image,
              ...(format === 'GIF' ? { HTMLImage: Buffer.from('<html></html>').toString('base64') } : {}),
            },
          },
        ],
        ...(form ? { Form: form } : {}),
      },
    },
  };
  return { status: 200, body: answer };
}

/** `DELETE /shipments/{version}/void/cancel/{id}`: a package not yet picked up, in its void period, is voided. */
function voidShipment(ups: UpsShipmentsState, request: FakeRequest): FakeReply {
  const id = request.params.shipmentidentificationnumber!;
  if (!/^1Z[0-9A-Z]{16}$/.test(id)) return ups.refuse(400, '190101', 'Invalid Shipment Identification Number');
  const found = ups.labels.get(id);
  if (!found) return ups.refuse(400, '190102', 'No shipment found within the allowed void period');
  if (found.state === 'voided') return ups.refuse(400, '190103', 'The shipment has already been voided');
  if (upsPickedUp(found, ups.clock.now())) {
    return ups.refuse(400, '190106', 'The package has been picked up or delivered and can no longer be voided');
  }
  if (found.voidExpired) return ups.refuse(400, '190117', 'Void period has expired');
  found.state = 'voided';
  found.voidedAt = ups.clock.now();
  ups.voids.push(id);
  const answer: UpsVoidResponse = {
    VoidShipmentResponse: { Response: ok, SummaryResult: { Status: { Code: '1', Description: 'Voided' } } },
  };
  return { status: 200, body: answer };
}

/** `POST /labels/{version}/recovery`: a label again, by tracking number or by reference. */
function recover(ups: UpsShipmentsState, request: FakeRequest): FakeReply {
  let body: UpsLabelRecoveryRequest;
  try {
    body = JSON.parse(request.body) as UpsLabelRecoveryRequest;
  } catch {
    return ups.refuse(400, '10002', 'The request is not well-formed');
  }
  const recovery = body.LabelRecoveryRequest ?? {};
  const byReference = recovery.ReferenceValues;
  const found = recovery.TrackingNumber
    ? ups.labels.get(recovery.TrackingNumber)
    : [...ups.labels.values()].find(
        (l) =>
          l.shipperNumber === byReference?.ShipperNumber &&
          l.references.includes(byReference?.ReferenceNumber?.Value ?? ''),
      );
  if (!found || found.state === 'voided') return ups.refuse(400, '120541', 'No label was found for the request');
  const format = recovery.LabelSpecification?.LabelImageFormat?.Code ?? 'GIF';
  if (!['GIF', 'PDF', 'ZPL'].includes(format)) {
    return ups.refuse(400, '120544', `LabelImageFormat ${format} is not offered here; use GIF, PDF or ZPL`);
  }
  const answer: UpsLabelRecoveryResponse = {
    LabelRecoveryResponse: {
      Response: ok,
      ShipmentIdentificationNumber: found.shipmentId,
      LabelResults: [
        {
          TrackingNumber: found.trackingNumber,
          LabelImage: {
            LabelImageFormat: { Code: format },
            GraphicImage: upsLabelDocument(format, content(found)).toString('base64'),
          },
        },
      ],
    },
  };
  return { status: 200, body: answer };
}

function advance(ups: UpsShipmentsState, trackingNumber: string, kind: 'accepted' | 'delivered' | 'exception') {
  upsHandStep(label(ups, trackingNumber), kind, ups.clock.now());
}

export function createUpsShipments(options: {
  negotiatedDiscount: number | null;
  paperlessInvoices?: boolean;
  refuse: Refuse;
  clock: FakeClock;
}): UpsShipments {
  const ups: UpsShipmentsState = {
    labels: new Map(),
    charges: [],
    voids: [],
    dropAnswers: 0,
    serial: 1_000_000,
    negotiatedDiscount: options.negotiatedDiscount,
    paperlessInvoices: options.paperlessInvoices ?? false,
    refuse: options.refuse,
    clock: options.clock,
  };
  return {
    labels: ups.labels,
    charges: ups.charges,
    voids: ups.voids,
    get dropAnswers() {
      return ups.dropAnswers;
    },
    set dropAnswers(count) {
      ups.dropAnswers = count;
    },
    label: (trackingNumber) => label(ups, trackingNumber),
    ship: (request, merchantId) => ship(ups, request, merchantId),
    void: (request) => voidShipment(ups, request),
    recover: (request) => recover(ups, request),
    advance: (trackingNumber, kind) => advance(ups, trackingNumber, kind),
  };
}
