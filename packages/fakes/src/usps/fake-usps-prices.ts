import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { bearerOf, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import type { UspsBaseRatesAnswer, UspsBaseRatesQuery, UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * The fake's price list for the domestic mail classes it sells, shared by Domestic Prices 3.0
 * (`POST /prices/v3/base-rates/search`) and label purchases, so a quoted price is what a label then costs. The figures
 * are made up (deterministic from the class, weight and ZIP Codes), not USPS's price list.
 */

interface MailClass {
  /** The service type code printed in the PIC (illustrative). */
  serviceTypeCode: string;
  name: string;
  base: number;
  perPound: number;
  maxPounds: number;
  deliveryDays: number;
  /** Flat-rate prices by rate indicator, for the classes that have them. */
  flatRates?: Record<string, number>;
}

const USPS_MAIL_CLASSES: Record<string, MailClass> = {
  USPS_GROUND_ADVANTAGE: {
    serviceTypeCode: '001',
    name: 'USPS Ground Advantage',
    base: 5.4,
    perPound: 0.9,
    maxPounds: 70,
    deliveryDays: 4,
  },
  PRIORITY_MAIL: {
    serviceTypeCode: '055',
    name: 'Priority Mail',
    base: 8.7,
    perPound: 1.45,
    maxPounds: 70,
    deliveryDays: 2,
    flatRates: { FE: 9.85, FA: 10.15, FP: 10.4, FS: 10.4, FB: 17.1, PL: 22.8 },
  },
  PRIORITY_MAIL_EXPRESS: {
    serviceTypeCode: '701',
    name: 'Priority Mail Express',
    base: 28.75,
    perPound: 3.1,
    maxPounds: 70,
    deliveryDays: 1,
    flatRates: { FE: 30.45, FA: 30.65, FP: 31.2 },
  },
  PARCEL_SELECT: {
    serviceTypeCode: '612',
    name: 'Parcel Select Ground',
    base: 7.6,
    perPound: 1.1,
    maxPounds: 70,
    deliveryDays: 5,
  },
  MEDIA_MAIL: {
    serviceTypeCode: '710',
    name: 'Media Mail',
    base: 4.13,
    perPound: 0.75,
    maxPounds: 70,
    deliveryDays: 6,
  },
};

interface UspsQuote {
  price: number;
  zone: string;
  SKU: string;
  description: string;
  serviceTypeCode: string;
  deliveryDays: number;
}

interface UspsQuoteInput {
  mailClass?: string;
  rateIndicator?: string;
  weight?: number;
  originZIPCode?: string;
  destinationZIPCode?: string;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Zone 1 to 8 from how far apart the ZIP Codes' first three digits are. */
function zoneOf(origin: string, destination: string): number {
  return Math.min(8, 1 + Math.floor(Math.abs(Number(origin.slice(0, 3)) - Number(destination.slice(0, 3))) / 90));
}

/** The price of one piece, or why USPS refuses to price it. */
export function uspsQuote(input: UspsQuoteInput): UspsQuote | UspsErrorDetail {
  const mailClass = USPS_MAIL_CLASSES[input.mailClass ?? ''];
  if (!mailClass) {
    return {
      code: 'INVALID_MAIL_CLASS',
      title: 'Invalid mailClass',
      detail: `${input.mailClass} is not a mail class.`,
    };
  }
  for (const [field, zip] of [
    ['originZIPCode', input.originZIPCode],
    ['destinationZIPCode', input.destinationZIPCode],
  ] as const) {
    if (!/^\d{5}$/.test(zip ?? '')) {
      return {
        code: 'INVALID_ZIP',
        title: `Invalid ${field}`,
        detail: `${field} must be 5 digits.`,
        source: { parameter: field },
      };
    }
  }
  const weight = input.weight ?? 0;
  if (!(typeof weight === 'number' && weight > 0 && weight <= mailClass.maxPounds)) {
    return {
      code: 'INVALID_WEIGHT',
      title: 'Invalid weight',
      detail: `weight must be more than 0 and at most ${mailClass.maxPounds} lb.`,
      source: { parameter: 'weight' },
    };
  }
  const indicator = input.rateIndicator ?? 'SP';
  const zone = zoneOf(input.originZIPCode!, input.destinationZIPCode!);
  const flat = mailClass.flatRates?.[indicator];
  if (indicator !== 'SP' && flat === undefined) {
    return {
      code: 'RATE_NOT_FOUND',
      title: 'Rate not found',
      detail: `No rate is available for rateIndicator ${indicator} with mailClass ${input.mailClass}.`,
      source: { parameter: 'rateIndicator' },
    };
  }
  const price = flat ?? cents(mailClass.base + mailClass.perPound * Math.ceil(weight) * (1 + (zone - 1) * 0.12));
  return {
    price,
    zone: String(zone).padStart(2, '0'),
    SKU: `D${mailClass.serviceTypeCode}X${indicator}${String(Math.ceil(weight)).padStart(3, '0')}Z${zone}`,
    description: flat === undefined ? mailClass.name : `${mailClass.name} Flat Rate (${indicator})`,
    serviceTypeCode: mailClass.serviceTypeCode,
    deliveryDays: mailClass.deliveryDays,
  };
}

const PRICES_API = '/prices/v3';

/** `POST /prices/v3/base-rates/search`. */
export function baseRatesSearch(bearerWorks: (token: string | undefined) => boolean) {
  return (request: FakeRequest): FakeReply => {
    if (!bearerWorks(bearerOf(request))) return invalidToken(PRICES_API);
    const parsed = jsonBody<UspsBaseRatesQuery>(request, PRICES_API);
    if ('reply' in parsed) return parsed.reply;
    const query = parsed.value;
    const missing = (['processingCategory', 'destinationEntryFacilityType', 'priceType'] as const).filter(
      (field) => typeof query[field] !== 'string' || query[field] === '',
    );
    if (missing.length > 0) {
      return uspsError(
        400,
        PRICES_API,
        'Bad Request',
        missing.map((field) => ({ code: 'MISSING_FIELD', title: 'Missing field', detail: `${field} is required.` })),
      );
    }
    const quote = uspsQuote(query);
    if (!('price' in quote)) return uspsError(400, PRICES_API, 'Bad Request', [quote]);
    const today = new Date().toISOString().slice(0, 10);
    const answer: UspsBaseRatesAnswer = {
      totalBasePrice: quote.price,
      rates: [
        {
          SKU: quote.SKU,
          description: quote.description,
          priceType: query.priceType!,
          price: quote.price,
          weight: query.weight!,
          dimWeight: 0,
          fees: [],
          startDate: today,
          endDate: '',
          warnings: [],
          mailClass: query.mailClass!,
          zone: quote.zone,
        },
      ],
    };
    return { status: 200, body: answer };
  };
}
