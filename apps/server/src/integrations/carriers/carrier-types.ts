import type {
  Carrier,
  TrackingStatus,
  CustomsContentsType,
  CustomsForm,
  ExportFiling,
  Incoterm,
  NonDeliveryOption,
  UnitSystem,
} from '@shipdesk/contract';
import type { HttpOptions } from '../http/channel-http.ts';
import type {
  BookedPickup,
  CarrierScanForm,
  PickupReference,
  PickupRequest,
  ScanFormRequest,
} from './carrier-end-of-day-types.ts';

/**
 * One carrier account as an adapter sees it: its non-secret settings and its opened credentials. The adapter never
 * stores anything; tokens it obtains are kept in memory by the client, keyed by the account.
 */
export interface CarrierConnection {
  /** Stable per account (tenant and account id): the key of cached tokens. */
  key: string;
  settings: Record<string, string>;
  credentials: Record<string, string>;
}

interface CarrierAccountInfo {
  /** What the carrier calls the account, when it says (shown after a successful test). */
  accountName: string | null;
}

/**
 * The one interface every carrier implements (labels, rates, voids and tracking join it with the label work).
 * Failures are ChannelErrors from the shared HTTP client: `kind` says what went wrong, `platformAnswer` carries the
 * carrier's own words.
 */
export interface CarrierAdapter {
  carrier: Carrier;
  /** A real authenticated call that proves the credentials (and, where the carrier has one, the payment account). */
  testConnection(signal?: AbortSignal): Promise<CarrierAccountInfo>;
  /** Prices for the requested services that can take the parcel; a service the carrier does not offer is left out. */
  rates(request: RateRequest, signal?: AbortSignal): Promise<CarrierRate[]>;
  /** Buys one label. Never retried on an ambiguous failure: the caller reconciles with `findLabel`. */
  buyLabel(request: LabelRequest, signal?: AbortSignal): Promise<PurchasedLabel>;
  /**
   * After a purchase whose answer was lost (timeout, connection reset): the label bought under the request's
   * idempotency key, or null when the carrier holds none (then buying again is safe).
   */
  findLabel(request: LabelRequest, signal?: AbortSignal): Promise<PurchasedLabel | null>;
  /** Voids a label; a refusal throws VoidRefusedError with the carrier's reason. */
  voidLabel(label: LabelReference, signal?: AbortSignal): Promise<VoidOutcome>;
  /**
   * The parcels' tracking (docs/tracking.md), at most `trackingLimits.perCall` numbers per call: each number's
   * normalised status and events (the carrier's codes mapped by its table), keyed by number. A number the carrier
   * does not know (yet) is absent. An outage, a refused credential or the carrier's rate limit throws a ChannelError.
   */
  trackParcels?(numbers: readonly string[], signal?: AbortSignal): Promise<Map<string, TrackedParcel>>;
  /** How tracking may be asked: numbers per call, and calls per window (the carrier's documented limit). */
  trackingLimits?: TrackingLimits;
  /**
   * The carrier's address service (docs/address-checks.md), where it has one: each address's outcome, keyed as asked.
   * At most `addressLimits.perCall` addresses per call. An outage, a refused credential or the carrier's rate limit
   * throws (a ChannelError): those addresses stay not checked and are asked again later, never called invalid.
   */
  checkAddresses?(
    addresses: readonly AddressToCheck[],
    signal?: AbortSignal,
  ): Promise<Map<string, AddressCheckOutcome>>;
  /** How the address service may be called: addresses per call, and calls per window (the carrier's rate limit). */
  addressLimits?: AddressServiceLimits;
  /**
   * A return label (docs/returns.md): from the buyer (`from`) to the seller's returns address (`to`), for the carrier's
   * return service that matches `serviceCode` (an outbound service of the catalogue). Pay-on-use where the carrier
   * has it: the label costs nothing until it is scanned. Voided with `voidLabel` like an outbound label.
   */
  buyReturnLabel?(request: ReturnLabelRequest, signal?: AbortSignal): Promise<PurchasedReturnLabel>;
  /**
   * After a return purchase whose answer was lost: the return label made under the request's idempotency key, or
   * null when the carrier holds none. Absent: `findLabel` finds returns too (the carrier looks labels up by key).
   */
  findReturnLabel?(request: ReturnLabelRequest, signal?: AbortSignal): Promise<PurchasedReturnLabel | null>;
  /**
   * Tracking pushes (docs/tracking.md "Pushes"): asks the carrier to POST the account's tracking events to
   * `listenerUrl`, signed with `secret` (USPS subscriptions, Shippo webhooks); answers the carrier's id for it.
   */
  subscribeTrackingPush?(request: TrackingPushRequest, signal?: AbortSignal): Promise<TrackingPushAnswer>;
  /** Stops the push `externalId`; one the carrier no longer has is stopped already. */
  unsubscribeTrackingPush?(externalId: string, signal?: AbortSignal): Promise<void>;
  /** Per-number pushes (UPS Track Alert, docs/tracking.md): the numbers subscribed, and those refused. */
  subscribeTracking?(numbers: readonly string[], signal?: AbortSignal): Promise<{ valid: string[]; invalid: string[] }>;
  /**
   * The end of the day (docs/end-of-day.md): a SCAN form (USPS PS 5630), a FedEx Ground close or a Shippo manifest
   * for labels of one ship-from address and mailing day, with the carrier's document. A refusal (a voided label, another day's, one already on a form) throws
   * a ChannelError with the carrier's words.
   */
  createScanForm?(request: ScanFormRequest, signal?: AbortSignal): Promise<CarrierScanForm>;
  /** Books a carrier pickup at the address; a refusal throws a ChannelError with the carrier's words. */
  bookPickup?(request: PickupRequest, signal?: AbortSignal): Promise<BookedPickup>;
  /** Cancels a pickup bookPickup booked (its confirmation as bookPickup answered it). */
  cancelPickup?(pickup: PickupReference, signal?: AbortSignal): Promise<void>;
}

export interface TrackingPushRequest {
  listenerUrl: string;
  /** 32 characters (USPS's size): what the carrier signs its pushes with, or the URL's token. */
  secret: string;
  /** Who the carrier tells when the listener fails (USPS's adminNotification). */
  adminEmail: string;
}

export interface TrackingPushAnswer {
  externalId: string;
  /** Whether the carrier says it pushes now, and its words when it does not. */
  active: boolean;
  message: string | null;
}

export interface ReturnLabelRequest extends Omit<LabelRequest, 'customs'> {
  /** The return's authorisation number, printed on the label as its reference where the carrier allows. */
  rma: string;
  /** Charged only when used (scanned), where the carrier offers it; otherwise bought now. */
  payOnUse: boolean;
  /** The outbound label's tracking number, for carriers that link the return to it (FedEx); null when none. */
  outboundTrackingNumber: string | null;
}

export interface PurchasedReturnLabel extends Omit<PurchasedLabel, 'forms'> {
  /** Charged when used: `amountMinor` is then the price that will be charged (0 when the carrier does not say). */
  payOnUse: boolean;
}

/** An address to check, under the caller's key (the normalised address). */
export interface AddressToCheck {
  key: string;
  address: ShipmentAddress;
}

/** An address as the carrier's address service answers it: its standardised form, or a candidate. */
export interface CarrierCheckedAddress {
  address1: string;
  address2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
}

/**
 * What the carrier's address service said of one address. `residential`: true for a home, false for a business,
 * null when the carrier does not say. `messages`: the carrier's own words (what it corrected, why it is invalid).
 */
export type AddressCheckOutcome =
  | { status: 'verified'; residential: boolean | null; messages: string[] }
  | { status: 'corrected'; residential: boolean | null; suggestion: CarrierCheckedAddress; messages: string[] }
  | { status: 'ambiguous'; residential: boolean | null; candidates: CarrierCheckedAddress[]; messages: string[] }
  | { status: 'invalid'; residential: null; messages: string[] };

export interface AddressServiceLimits {
  /** Addresses one call checks (FedEx: 100; the others: 1). */
  perCall: number;
  /** Calls the carrier allows per window (USPS: about 60 an hour by default; configurable per account). */
  callsPerWindow: number;
  windowSeconds: number;
}

/** A postal address as carriers take it. Country is ISO 3166-1 alpha-2; state is the 2-letter code where one exists. */
export interface ShipmentAddress {
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string | null;
  postalCode: string;
  country: string;
  phone: string | null;
  email: string | null;
  /** Unknown is null; carriers that price residential delivery treat null as residential. */
  residential: boolean | null;
}

/** One box: its weight in grams (the catalogue's unit), its outer size in inches and a catalogue package-type code. */
export interface ShipmentParcel {
  weightGrams: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
  packageType: string;
}

/** Standard: someone signs for the parcel. Adult: someone 21 or older signs, showing an ID. */
export type SignatureOption = 'standard' | 'adult';

/**
 * The declared value the parcel is insured for. `provider`: the carrier's own coverage, or the aggregator's insurer
 * (Shippo's XCover) where the carrier offers that choice; carriers without a choice take the carrier's.
 */
export interface ShipmentInsurance {
  amountMinor: number;
  currency: string;
  provider: 'carrier' | 'aggregator';
}

/** One line of a customs declaration: line totals (every unit), value in minor units of the declaration's currency. */
export interface ShipmentCustomsLine {
  sku: string;
  description: string;
  /** Digits only; null: none given (USPS looks one up; the others send none). */
  hsCode: string | null;
  originCountry: string;
  quantity: number;
  valueMinor: number;
  weightGrams: number;
}

/** A customs declaration as carriers take it (docs/customs.md): sent in each carrier's own fields. */
export interface ShipmentCustoms {
  contentsType: CustomsContentsType;
  contentsExplanation: string | null;
  nonDelivery: NonDeliveryOption;
  incoterm: Incoterm;
  invoiceNumber: string;
  /** The invoice's date, YYYY-MM-DD (the mailing date). */
  invoiceDate: string;
  exportFiling: ExportFiling;
  /** The ITN when `exportFiling` is AES_ITN. */
  aesItn: string | null;
  currency: string;
  /** Who certifies the declaration (the warehouse's contact name, else its company). */
  signer: string;
  lines: ShipmentCustomsLine[];
}

/**
 * The customs forms a label came with. `document` null: printed inside the label's own document (USPS prints its
 * customs form on the label image); otherwise a separate document kept beside the label (a CN 22/23 page, a
 * commercial invoice), PDF.
 */
export interface PurchasedForms {
  form: CustomsForm;
  document: { contentType: string; bytes: Uint8Array } | null;
}

export interface ShipmentRequest {
  from: ShipmentAddress;
  to: ShipmentAddress;
  parcel: ShipmentParcel;
  /** Insured for this value (docs/label-options.md): sent in each carrier's own fields; absent or null: none. */
  insurance?: ShipmentInsurance | null;
  /** A signature on delivery; absent or null: the service's default (none asked). */
  signature?: SignatureOption | null;
  /** The customs declaration, for a shipment that needs one (`needsCustoms`); absent or null: none. */
  customs?: ShipmentCustoms | null;
  /** The mailing date, YYYY-MM-DD (today in the tenant's zone). */
  shipDate: string;
  /** The order's number as the seller knows it: printed on the label as a reference where the carrier allows. */
  reference: string;
  /**
   * The tenant's units (docs/units.md), for what people read: refusals' words and the built-in carrier's label.
   * Carriers' wire fields keep their own units whatever this says. Absent: grams with pounds beside them, inches.
   */
  units?: UnitSystem;
}

export interface RateRequest extends ShipmentRequest {
  /** Catalogue service codes to price; the adapter asks only for these (every service of the scope when empty). */
  serviceCodes: readonly string[];
}

/** One price for one service. Amounts in minor units (cents) of `currency`. */
export interface CarrierRate {
  serviceCode: string;
  amountMinor: number;
  currency: string;
  /** Business days the carrier promises for this shipment, when it says; null falls back to the catalogue. */
  deliveryDays: number | null;
}

export type LabelFormat = 'pdf' | 'zpl' | 'png';

export interface LabelRequest extends ShipmentRequest {
  serviceCode: string;
  format: LabelFormat;
  /**
   * One per purchase attempt of one delivery, kept by the caller before the call. Sent where the carrier takes one
   * (USPS X-Idempotency-Key, FedEx x-customer-transaction-id, UPS transId, Shippo metadata) so that a purchase whose
   * answer was lost can be found again instead of bought twice.
   */
  idempotencyKey: string;
}

export interface PurchasedLabel {
  trackingNumber: string;
  /** What the carrier needs to void the label (UPS shipment id, Shippo transaction id); often the tracking number. */
  carrierShipmentId: string;
  amountMinor: number;
  currency: string;
  format: LabelFormat;
  /** image/png, application/pdf or text/plain for ZPL. */
  contentType: string;
  document: Uint8Array;
  /** The customs forms, for a label bought with a declaration; absent or null: none. */
  forms?: PurchasedForms | null;
}

export interface LabelReference {
  trackingNumber: string;
  carrierShipmentId: string;
  shipDate: string;
}

/** voided: no charge stands. refund_requested: the carrier accepted the void and refunds later (USPS "DISPUTED"). */
export interface VoidOutcome {
  status: 'voided' | 'refund_requested';
  message: string | null;
}

/** The carrier refused to void (label scanned, refund window over): its own reason is the message. */
export class VoidRefusedError extends Error {
  readonly platformMessage: string | null;

  constructor(message: string, platformMessage: string | null = null) {
    super(message);
    this.name = 'VoidRefusedError';
    this.platformMessage = platformMessage;
  }
}

/** One carrier event, normalised: `status` by the carrier's mapping table, `code` and `description` its own. */
export interface TrackedEvent {
  /** ISO time of the event. */
  at: string;
  status: TrackingStatus;
  code: string | null;
  description: string;
  location: string | null;
}

export interface TrackedParcel {
  trackingNumber: string;
  /** The parcel's status now: the newest event's, or the carrier's own summary when it gives one. */
  status: TrackingStatus;
  /** The day the carrier promises delivery (YYYY-MM-DD), when it says. */
  expectedDelivery: string | null;
  /** Newest first. */
  events: TrackedEvent[];
}

export interface TrackingLimits {
  perCall: number;
  calls: number;
  windowSeconds: number;
}

export interface CarrierAdapterOptions {
  /** Retry pacing, the clock and the egress-guarded fetch. */
  http?: HttpOptions;
}

export type CarrierAdapterFactory = (
  carrier: Carrier,
  connection: CarrierConnection,
  options?: CarrierAdapterOptions,
) => CarrierAdapter | null;

// The end of the day's requests and answers (SCAN forms, closes, manifests, pickups).
export type * from './carrier-end-of-day-types.ts';
