import { upsOptionsCharge, upsOptionsRefusal } from './fake-ups-options.ts';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type {
  UpsPackage,
  UpsRateRequest,
  UpsRateResponse,
  UpsRatedShipment,
  UpsShipmentBody,
} from './fake-ups-wire.ts';

/**
 * The fake UPS's services and prices, shared by the Rating API (`POST /api/rating/{version}/Rate|Shop`) and the
 * Shipping API, so a quoted rate is what the label then costs. The figures are made up (deterministic from the
 * service, billable weight, distance and residential delivery), not UPS's tariff.
 */

interface UpsService {
  name: string;
  base: number;
  perPound: number;
  international: boolean;
  /** Business days UPS guarantees; none for Ground and Standard. */
  guaranteedDays: number | null;
}

export const UPS_SERVICES: Record<string, UpsService> = {
  '03': { name: 'UPS Ground', base: 9.2, perPound: 0.95, international: false, guaranteedDays: null },
  '12': { name: 'UPS 3 Day Select', base: 14.6, perPound: 1.6, international: false, guaranteedDays: 3 },
  '02': { name: 'UPS 2nd Day Air', base: 19.4, perPound: 2.1, international: false, guaranteedDays: 2 },
  '59': { name: 'UPS 2nd Day Air A.M.', base: 23.1, perPound: 2.4, international: false, guaranteedDays: 2 },
  '13': { name: 'UPS Next Day Air Saver', base: 31.3, perPound: 3.2, international: false, guaranteedDays: 1 },
  '01': { name: 'UPS Next Day Air', base: 34.5, perPound: 3.5, international: false, guaranteedDays: 1 },
  '14': { name: 'UPS Next Day Air Early', base: 64.9, perPound: 4.1, international: false, guaranteedDays: 1 },
  '11': { name: 'UPS Standard', base: 24.4, perPound: 2.5, international: true, guaranteedDays: null },
  '08': { name: 'UPS Worldwide Expedited', base: 58.2, perPound: 5, international: true, guaranteedDays: 5 },
  '65': { name: 'UPS Worldwide Saver', base: 70.1, perPound: 6, international: true, guaranteedDays: 3 },
  '07': { name: 'UPS Worldwide Express', base: 75.3, perPound: 6.5, international: true, guaranteedDays: 2 },
  '54': { name: 'UPS Worldwide Express Plus', base: 110.8, perPound: 7, international: true, guaranteedDays: 1 },
};

const RESIDENTIAL_SURCHARGE = 5.05;
const money = (value: number) => ({ CurrencyCode: 'USD', MonetaryValue: value.toFixed(2) });

/** The first package of a shipment (UPS takes one object or an array). */
export const firstPackage = (shipment: UpsShipmentBody): UpsPackage | undefined =>
  Array.isArray(shipment.Package) ? shipment.Package[0] : shipment.Package;

interface UpsPrice {
  billableWeight: number;
  transportation: number;
  serviceOptions: number;
  total: number;
  negotiated: number | null;
}

/** Why UPS refuses the shipment's figures ("All numbers are strings"), or null. */
export function packageRefusal(pkg: UpsPackage | undefined): { code: string; message: string } | null {
  if (!pkg) return { code: '120100', message: 'Missing Package' };
  const figures = {
    'PackageWeight.Weight': pkg.PackageWeight?.Weight,
    'Dimensions.Length': pkg.Dimensions?.Length,
    'Dimensions.Width': pkg.Dimensions?.Width,
    'Dimensions.Height': pkg.Dimensions?.Height,
  };
  for (const [field, value] of Object.entries(figures)) {
    if (value === undefined && field !== 'PackageWeight.Weight') continue;
    if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) {
      return { code: '9120200', message: `Invalid or missing ${field}: it must be a number written as a string` };
    }
  }
  const weight = Number(pkg.PackageWeight!.Weight);
  if (weight <= 0 || weight > 150)
    return { code: '120601', message: 'The package weight must be more than 0 and at most 150 lbs' };
  return null;
}

/** The price of the shipment with one service; `negotiatedDiscount` is the account's contract discount, if any. */
export function upsPrice(shipment: UpsShipmentBody, service: string, negotiatedDiscount: number | null): UpsPrice {
  const offer = UPS_SERVICES[service]!;
  const pkg = firstPackage(shipment)!;
  const weight = Math.ceil(Number(pkg.PackageWeight!.Weight));
  const [l, w, h] = ['Length', 'Width', 'Height'].map((side) => Number(pkg.Dimensions?.[side as 'Length'] ?? 0));
  const billableWeight = Math.max(weight, Math.ceil((l! * w! * h!) / 139), 1);
  const from = shipment.ShipFrom?.Address?.PostalCode ?? shipment.Shipper?.Address?.PostalCode ?? '';
  const to = shipment.ShipTo?.Address?.PostalCode ?? '';
  const distance =
    /^\d{3}/.test(from) && /^\d{3}/.test(to) ? Math.abs(Number(from.slice(0, 3)) - Number(to.slice(0, 3))) : 400;
  const zone = 2 + Math.min(6, Math.floor(distance / 100));
  const transportation =
    Math.round((offer.base + offer.perPound * billableWeight * (1 + (zone - 2) * 0.1)) * 100) / 100;
  const serviceOptions =
    (shipment.ShipTo?.Address?.ResidentialAddressIndicator !== undefined ? RESIDENTIAL_SURCHARGE : 0) +
    upsOptionsCharge(shipment, pkg);
  const total = Math.round((transportation + serviceOptions) * 100) / 100;
  const negotiated = negotiatedDiscount === null ? null : Math.round(total * (1 - negotiatedDiscount) * 100) / 100;
  return { billableWeight, transportation, serviceOptions, total, negotiated };
}

/** The services UPS offers between the shipment's countries. */
export function servicesFor(shipment: UpsShipmentBody): string[] {
  const from = shipment.ShipFrom?.Address?.CountryCode ?? shipment.Shipper?.Address?.CountryCode;
  const to = shipment.ShipTo?.Address?.CountryCode;
  const international = from !== to;
  return Object.entries(UPS_SERVICES)
    .filter(
      ([code, offer]) => offer.international === international && (code !== '11' || ['CA', 'MX'].includes(to ?? '')),
    )
    .map(([code]) => code);
}

function ratedShipment(shipment: UpsShipmentBody, code: string, negotiatedDiscount: number | null): UpsRatedShipment {
  const price = upsPrice(shipment, code, negotiatedDiscount);
  const offer = UPS_SERVICES[code]!;
  const wantsNegotiated = shipment.ShipmentRatingOptions?.NegotiatedRatesIndicator !== undefined;
  return {
    Service: { Code: code, Description: '' },
    BillingWeight: { UnitOfMeasurement: { Code: 'LBS', Description: 'Pounds' }, Weight: String(price.billableWeight) },
    TransportationCharges: money(price.transportation),
    BaseServiceCharge: money(price.transportation),
    ServiceOptionsCharges: money(price.serviceOptions),
    TotalCharges: money(price.total),
    ...(wantsNegotiated && price.negotiated !== null
      ? { NegotiatedRateCharges: { TotalCharge: money(price.negotiated) } }
      : {}),
    ...(offer.guaranteedDays ? { GuaranteedDelivery: { BusinessDaysInTransit: String(offer.guaranteedDays) } } : {}),
  };
}

type Refuse = (status: number, code: string, message: string) => FakeReply;

/** `POST /api/rating/{version}/{requestoption}`: Rate prices the shipment's service, Shop every service UPS offers. */
export function rate(request: FakeRequest, negotiatedDiscount: number | null, refuse: Refuse): FakeReply {
  let body: UpsRateRequest;
  try {
    body = JSON.parse(request.body) as UpsRateRequest;
  } catch {
    return refuse(400, '10002', 'The request is not well-formed');
  }
  const shipment = body.RateRequest?.Shipment;
  if (!shipment) return refuse(400, '10002', 'Missing RateRequest.Shipment');
  if (!shipment.ShipTo?.Address?.PostalCode || !shipment.Shipper?.Address?.PostalCode) {
    return refuse(400, '111285', 'The postal code is missing or invalid for the Shipper or ShipTo');
  }
  const problem = packageRefusal(firstPackage(shipment)) ?? upsOptionsRefusal(shipment, firstPackage(shipment));
  if (problem) return refuse(400, problem.code, problem.message);
  const option = request.params.requestoption!.toLowerCase();
  const offered = servicesFor(shipment);
  let codes: string[];
  if (option === 'shop' || option === 'shoptimeintransit') codes = offered;
  else if (option === 'rate' || option === 'ratetimeintransit') {
    const wanted = shipment.Service?.Code ?? '03';
    if (!offered.includes(wanted)) {
      return refuse(400, '111210', 'The requested service is unavailable between the selected locations.');
    }
    codes = [wanted];
  } else return refuse(400, '10003', `Invalid request option ${request.params.requestoption}`);
  const answer: UpsRateResponse = {
    RateResponse: {
      Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
      RatedShipment: codes.map((code) => ratedShipment(shipment, code, negotiatedDiscount)),
    },
  };
  return { status: 200, body: answer };
}
