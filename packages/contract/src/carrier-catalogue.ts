import Type from 'typebox';
import { CARRIER_NAMES, type Carrier } from './carrier-names.ts';
import { CarrierSchema } from './carriers.ts';
import { GRAMS_PER_POUND } from './weights.ts';

/**
 * What each carrier sells, as data: its services (the code its API takes, a name, domestic or international, a
 * delivery-day estimate), its package types and its weight and size limits. Mappings, rules and label purchases
 * name services by these codes; an unknown code is refused. Weights in grams, lengths in inches (as the US carriers
 * measure them). Delivery days are business days from acceptance, as each carrier publishes them.
 */
export type ServiceScope = 'domestic' | 'international';

export interface CarrierService {
  code: string;
  name: string;
  scope: ServiceScope;
  deliveryDays: { min: number; max: number };
}

interface CarrierPackageType {
  code: string;
  name: string;
  maxWeightGrams: number;
  /** Fixed inner size of a carrier's own box or envelope; absent for the seller's own packaging. */
  dimensionsIn?: { length: number; width: number; height: number };
}

interface CarrierLimits {
  maxWeightGrams: number;
  maxLengthIn: number;
  /** Length plus girth (2 x width + 2 x height). */
  maxLengthPlusGirthIn: number;
}

export interface CarrierCatalogueEntry {
  carrier: Carrier;
  name: string;
  services: readonly CarrierService[];
  packageTypes: readonly CarrierPackageType[];
  limits: CarrierLimits;
}

const lb = (pounds: number) => Math.round(pounds * GRAMS_PER_POUND);
const days = (min: number, max = min) => ({ min, max });
const service = (code: string, name: string, scope: ServiceScope, deliveryDays: { min: number; max: number }) => ({
  code,
  name,
  scope,
  deliveryDays,
});

export const CARRIER_CATALOGUE: Record<Carrier, CarrierCatalogueEntry> = {
  usps: {
    carrier: 'usps',
    name: CARRIER_NAMES.usps,
    services: [
      service('USPS_GROUND_ADVANTAGE', 'USPS Ground Advantage', 'domestic', days(2, 5)),
      service('PRIORITY_MAIL', 'Priority Mail', 'domestic', days(1, 3)),
      service('PRIORITY_MAIL_EXPRESS', 'Priority Mail Express', 'domestic', days(1, 2)),
      service('PARCEL_SELECT', 'Parcel Select', 'domestic', days(2, 8)),
      service('MEDIA_MAIL', 'Media Mail', 'domestic', days(2, 8)),
      service(
        'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE',
        'First-Class Package International',
        'international',
        days(7, 21),
      ),
      service('PRIORITY_MAIL_INTERNATIONAL', 'Priority Mail International', 'international', days(6, 10)),
      service(
        'PRIORITY_MAIL_EXPRESS_INTERNATIONAL',
        'Priority Mail Express International',
        'international',
        days(3, 5),
      ),
    ],
    packageTypes: [
      { code: 'PACKAGE', name: 'Your packaging', maxWeightGrams: lb(70) },
      {
        code: 'FLAT_RATE_ENVELOPE',
        name: 'Flat Rate Envelope',
        maxWeightGrams: lb(70),
        dimensionsIn: { length: 12.5, width: 9.5, height: 0.75 },
      },
      {
        code: 'SMALL_FLAT_RATE_BOX',
        name: 'Small Flat Rate Box',
        maxWeightGrams: lb(70),
        dimensionsIn: { length: 8.63, width: 5.38, height: 1.63 },
      },
      {
        code: 'MEDIUM_FLAT_RATE_BOX',
        name: 'Medium Flat Rate Box',
        maxWeightGrams: lb(70),
        dimensionsIn: { length: 11, width: 8.5, height: 5.5 },
      },
      {
        code: 'LARGE_FLAT_RATE_BOX',
        name: 'Large Flat Rate Box',
        maxWeightGrams: lb(70),
        dimensionsIn: { length: 12, width: 12, height: 5.5 },
      },
    ],
    limits: { maxWeightGrams: lb(70), maxLengthIn: 130, maxLengthPlusGirthIn: 130 },
  },
  ups: {
    carrier: 'ups',
    name: CARRIER_NAMES.ups,
    services: [
      service('03', 'UPS Ground', 'domestic', days(1, 5)),
      service('12', 'UPS 3 Day Select', 'domestic', days(3)),
      service('02', 'UPS 2nd Day Air', 'domestic', days(2)),
      service('59', 'UPS 2nd Day Air A.M.', 'domestic', days(2)),
      service('13', 'UPS Next Day Air Saver', 'domestic', days(1)),
      service('01', 'UPS Next Day Air', 'domestic', days(1)),
      service('14', 'UPS Next Day Air Early', 'domestic', days(1)),
      service('11', 'UPS Standard (international)', 'international', days(2, 7)),
      service('08', 'UPS Worldwide Expedited', 'international', days(2, 5)),
      service('65', 'UPS Worldwide Saver', 'international', days(1, 3)),
      service('07', 'UPS Worldwide Express', 'international', days(1, 3)),
      service('54', 'UPS Worldwide Express Plus', 'international', days(1, 2)),
    ],
    packageTypes: [
      { code: '02', name: 'Your packaging', maxWeightGrams: lb(150) },
      { code: '01', name: 'UPS Letter', maxWeightGrams: lb(1) },
      { code: '03', name: 'UPS Tube', maxWeightGrams: lb(150) },
      { code: '04', name: 'UPS Pak', maxWeightGrams: lb(150) },
    ],
    limits: { maxWeightGrams: lb(150), maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
  },
  fedex: {
    carrier: 'fedex',
    name: CARRIER_NAMES.fedex,
    services: [
      service('FEDEX_GROUND', 'FedEx Ground', 'domestic', days(1, 5)),
      service('GROUND_HOME_DELIVERY', 'FedEx Home Delivery', 'domestic', days(1, 5)),
      service('FEDEX_EXPRESS_SAVER', 'FedEx Express Saver', 'domestic', days(3)),
      service('FEDEX_2_DAY', 'FedEx 2Day', 'domestic', days(2)),
      service('STANDARD_OVERNIGHT', 'FedEx Standard Overnight', 'domestic', days(1)),
      service('PRIORITY_OVERNIGHT', 'FedEx Priority Overnight', 'domestic', days(1)),
      service('INTERNATIONAL_ECONOMY', 'FedEx International Economy', 'international', days(2, 5)),
      service('INTERNATIONAL_PRIORITY', 'FedEx International Priority', 'international', days(1, 3)),
    ],
    packageTypes: [
      { code: 'YOUR_PACKAGING', name: 'Your packaging', maxWeightGrams: lb(150) },
      { code: 'FEDEX_ENVELOPE', name: 'FedEx Envelope', maxWeightGrams: lb(1) },
      { code: 'FEDEX_PAK', name: 'FedEx Pak', maxWeightGrams: lb(20) },
      { code: 'FEDEX_BOX', name: 'FedEx Box', maxWeightGrams: lb(20) },
    ],
    limits: { maxWeightGrams: lb(150), maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
  },
  shippo: {
    carrier: 'shippo',
    name: CARRIER_NAMES.shippo,
    // Shippo's service-level tokens for the carriers it resells; the account decides which of them it can buy.
    services: [
      service('usps_ground_advantage', 'USPS Ground Advantage (via Shippo)', 'domestic', days(2, 5)),
      service('usps_priority', 'USPS Priority Mail (via Shippo)', 'domestic', days(1, 3)),
      service('usps_priority_express', 'USPS Priority Mail Express (via Shippo)', 'domestic', days(1, 2)),
      service('ups_ground', 'UPS Ground (via Shippo)', 'domestic', days(1, 5)),
      service('fedex_ground', 'FedEx Ground (via Shippo)', 'domestic', days(1, 5)),
      service(
        'usps_priority_mail_international',
        'USPS Priority Mail International (via Shippo)',
        'international',
        days(6, 10),
      ),
      service(
        'usps_first_class_package_international_service',
        'USPS First-Class Package International (via Shippo)',
        'international',
        days(7, 21),
      ),
      service('ups_worldwide_expedited', 'UPS Worldwide Expedited (via Shippo)', 'international', days(2, 5)),
      service('fedex_international_priority', 'FedEx International Priority (via Shippo)', 'international', days(1, 3)),
    ],
    packageTypes: [{ code: 'parcel', name: 'Your packaging', maxWeightGrams: lb(150) }],
    limits: { maxWeightGrams: lb(150), maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
  },
  local: {
    carrier: 'local',
    name: CARRIER_NAMES.local,
    // The seller's own deliveries and local couriers: no postage, a label that tells the driver where to go.
    services: [
      service('LOCAL_SAME_DAY', 'Local delivery, same day', 'domestic', days(0)),
      service('LOCAL_NEXT_DAY', 'Local delivery, next day', 'domestic', days(1)),
      service('LOCAL_COURIER', 'Local courier', 'domestic', days(1, 2)),
      service('LOCAL_PICKUP', 'Customer pickup', 'domestic', days(0)),
      // Posted abroad by the seller (their own postage): the label with a CN 22 / CN 23 page after it.
      service('LOCAL_INTERNATIONAL', 'International parcel (your own postage)', 'international', days(3, 10)),
    ],
    packageTypes: [{ code: 'PACKAGE', name: 'Your packaging', maxWeightGrams: lb(70) }],
    limits: { maxWeightGrams: lb(70), maxLengthIn: 108, maxLengthPlusGirthIn: 165 },
  },
};

export function findCarrierService(carrier: Carrier, code: string): CarrierService | undefined {
  return CARRIER_CATALOGUE[carrier].services.find((s) => s.code === code);
}

export function findPackageType(carrier: Carrier, code: string): CarrierPackageType | undefined {
  return CARRIER_CATALOGUE[carrier].packageTypes.find((p) => p.code === code);
}

const Days = Type.Object({ min: Type.Integer(), max: Type.Integer() });
const Inches = Type.Object({ length: Type.Number(), width: Type.Number(), height: Type.Number() });

const CarrierCatalogueEntrySchema = Type.Object({
  carrier: CarrierSchema,
  name: Type.String(),
  services: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      scope: Type.Union([Type.Literal('domestic'), Type.Literal('international')]),
      deliveryDays: Days,
    }),
  ),
  packageTypes: Type.Array(
    Type.Object({
      code: Type.String(),
      name: Type.String(),
      maxWeightGrams: Type.Integer(),
      dimensionsIn: Type.Optional(Inches),
    }),
  ),
  limits: Type.Object({
    maxWeightGrams: Type.Integer(),
    maxLengthIn: Type.Number(),
    maxLengthPlusGirthIn: Type.Number(),
  }),
});

/** `GET /call/carriers/catalogue`: the entries of the carriers the tenant can ship with now. */
export const CarrierCatalogueSchema = Type.Object({ carriers: Type.Array(CarrierCatalogueEntrySchema) });
export type CarrierCatalogue = Type.Static<typeof CarrierCatalogueSchema>;
