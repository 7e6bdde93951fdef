import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { uspsExtras } from './fake-usps-extras.ts';
import type { UspsInternationalRatesQuery } from './fake-usps-international-wire.ts';
import { bearerOf, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import type { UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * International Prices 3.0 of the fake USPS (`POST /international-prices/v3/base-rates/search` and
 * `.../total-rates/search`), shared with the international label purchase so a quoted price is what the label costs.
 * Prices are made up: a base and a price per pound for each mail class, scaled by the country's price group (1 for
 * Canada, 2 for Mexico, 3 to 9 for the rest by their code). Abroad USPS sells insurance (930/931, not with
 * First-Class Package International) and Tracking Plus (480-484, 486-488); any other extra service is refused.
 */

interface InternationalMailClass {
  prefix: string;
  base: number;
  perPound: number;
  maxPounds: number;
  /** Flat-rate prices by rate indicator. */
  flatRates?: Record<string, number>;
  insurable: boolean;
}

const MAIL_CLASSES: Record<string, InternationalMailClass> = {
  'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE': {
    prefix: 'LX',
    base: 15.75,
    perPound: 4.1,
    maxPounds: 4,
    insurable: false,
  },
  PRIORITY_MAIL_INTERNATIONAL: {
    prefix: 'CP',
    base: 32.1,
    perPound: 3.6,
    maxPounds: 66,
    flatRates: { FE: 33.95, FS: 34.95, FB: 63.25, PL: 81.7 },
    insurable: true,
  },
  PRIORITY_MAIL_EXPRESS_INTERNATIONAL: {
    prefix: 'EC',
    base: 45.4,
    perPound: 5.2,
    maxPounds: 66,
    flatRates: { FE: 47.6 },
    insurable: true,
  },
};

/** Tracking Plus (480-484) and Tracking Plus with signature (486-488); insurance 930/931 comes from the domestic list. */
const TRACKING_PLUS = new Set([480, 481, 482, 483, 484, 486, 487, 488]);
const INSURANCE = new Set([930, 931]);

interface InternationalQuote {
  price: number;
  SKU: string;
  description: string;
  priceGroup: number;
  /** The S10 service indicator of its tracking numbers (LX, CP, EC). */
  prefix: string;
}

function priceGroup(country: string): number {
  if (country === 'CA') return 1;
  if (country === 'MX') return 2;
  return 3 + ((country.charCodeAt(0) + country.charCodeAt(1)) % 7);
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The price of one piece to one country, or why USPS refuses to price it. */
export function internationalQuote(input: {
  mailClass?: string;
  rateIndicator?: string;
  weight?: number;
  destinationCountryCode?: string;
}): InternationalQuote | UspsErrorDetail {
  const mailClass = MAIL_CLASSES[input.mailClass ?? ''];
  if (!mailClass) {
    return {
      code: 'INVALID_MAIL_CLASS',
      title: 'Invalid mailClass',
      detail: `${input.mailClass} is not an international mail class.`,
    };
  }
  const country = input.destinationCountryCode ?? '';
  if (!/^[A-Z]{2}$/.test(country) || country === 'US') {
    return {
      code: 'INVALID_COUNTRY',
      title: 'Invalid destinationCountryCode',
      detail: `${country || '(none)'} is not a destination country.`,
      source: { parameter: 'destinationCountryCode' },
    };
  }
  const weight = input.weight ?? 0;
  if (!(typeof weight === 'number' && weight > 0 && weight <= mailClass.maxPounds)) {
    return {
      code: 'INVALID_WEIGHT',
      title: 'Invalid weight',
      detail: `weight must be more than 0 and at most ${mailClass.maxPounds} lb for ${input.mailClass}.`,
      source: { parameter: 'weight' },
    };
  }
  const indicator = input.rateIndicator ?? 'SP';
  const flat = mailClass.flatRates?.[indicator];
  if (indicator !== 'SP' && flat === undefined) {
    return {
      code: 'RATE_NOT_FOUND',
      title: 'Rate not found',
      detail: `No rate is available for rateIndicator ${indicator} with mailClass ${input.mailClass}.`,
      source: { parameter: 'rateIndicator' },
    };
  }
  const group = priceGroup(country);
  const scale = 1 + (group - 1) * 0.15;
  const price = cents((flat ?? mailClass.base + mailClass.perPound * Math.ceil(weight)) * scale);
  return {
    price,
    SKU: `I${mailClass.prefix}X${indicator}${String(Math.ceil(weight)).padStart(3, '0')}G${group}`,
    description: String(input.mailClass).replaceAll('_', ' '),
    priceGroup: group,
    prefix: mailClass.prefix,
  };
}

/** The extras of an international piece priced, or why USPS refuses them. */
export function internationalExtras(mailClass: string | undefined, codes: unknown, packageValue: number | undefined) {
  if (Array.isArray(codes)) {
    const other = codes.find((code) => !TRACKING_PLUS.has(code as number) && !INSURANCE.has(code as number));
    if (other !== undefined) {
      return {
        code: 'EXTRA_SERVICE_NOT_AVAILABLE',
        title: 'Extra service not available',
        detail: `Extra service ${String(other)} is not available for international mail.`,
        source: { parameter: 'extraServices' },
      } satisfies UspsErrorDetail;
    }
    if (codes.some((code) => INSURANCE.has(code as number)) && !MAIL_CLASSES[mailClass ?? '']?.insurable) {
      return {
        code: 'EXTRA_SERVICE_NOT_AVAILABLE',
        title: 'Extra service not available',
        detail: `Insurance is not available for mailClass ${mailClass}.`,
        source: { parameter: 'extraServices' },
      } satisfies UspsErrorDetail;
    }
    const plus = codes.filter((code) => TRACKING_PLUS.has(code as number));
    const insured = codes.filter((code) => INSURANCE.has(code as number));
    const tracking = plus.map((code) => ({
      extraService: String(code),
      name: 'USPS Tracking Plus',
      price: 1.35,
      SKU: `ITPX0XXXX${String(code)}`,
    }));
    const priced = uspsExtras(mailClass, insured, packageValue);
    return Array.isArray(priced) ? [...tracking, ...priced] : priced;
  }
  return uspsExtras(mailClass, codes, packageValue);
}

const PRICES_API = '/international-prices/v3';

function quoteOf(request: FakeRequest, bearerWorks: (token: string | undefined) => boolean) {
  if (!bearerWorks(bearerOf(request))) return { reply: invalidToken(PRICES_API) };
  const parsed = jsonBody<UspsInternationalRatesQuery>(request, PRICES_API);
  if ('reply' in parsed) return parsed;
  const query = parsed.value;
  const missing = (
    ['originZIPCode', 'processingCategory', 'destinationEntryFacilityType', 'priceType'] as const
  ).filter((field) => typeof query[field] !== 'string' || query[field] === '');
  if (missing.length > 0) {
    const details = missing.map((field) => ({
      code: 'MISSING_FIELD',
      title: 'Missing field',
      detail: `${field} is required.`,
    }));
    return { reply: uspsError(400, PRICES_API, 'Bad Request', details) };
  }
  const quote = internationalQuote(query);
  if (!('price' in quote)) return { reply: uspsError(400, PRICES_API, 'Bad Request', [quote]) };
  return { query, quote };
}

/** `POST /international-prices/v3/base-rates/search`. */
export function internationalBaseRatesSearch(bearerWorks: (token: string | undefined) => boolean) {
  return (request: FakeRequest): FakeReply => {
    const found = quoteOf(request, bearerWorks);
    if ('reply' in found) return found.reply;
    const { query, quote } = found;
    const rate = { SKU: quote.SKU, description: quote.description, priceType: query.priceType, price: quote.price };
    return {
      status: 200,
      body: {
        totalBasePrice: quote.price,
        rates: [{ ...rate, mailClass: query.mailClass, priceGroup: String(quote.priceGroup), fees: [], warnings: [] }],
      },
    };
  };
}

/** `POST /international-prices/v3/total-rates/search`: the base rate with the extra services, totalPrice their sum. */
export function internationalTotalRatesSearch(bearerWorks: (token: string | undefined) => boolean) {
  return (request: FakeRequest): FakeReply => {
    const found = quoteOf(request, bearerWorks);
    if ('reply' in found) return found.reply;
    const { query, quote } = found;
    const extras = internationalExtras(query.mailClass, query.extraServices ?? [], query.itemValue);
    if (!Array.isArray(extras)) return uspsError(400, PRICES_API, 'Bad Request', [extras]);
    const totalPrice = cents(quote.price + extras.reduce((sum, e) => sum + e.price, 0));
    const rates = [{ SKU: quote.SKU, description: quote.description, price: quote.price, mailClass: query.mailClass }];
    return {
      status: 200,
      body: { rateOptions: [{ totalBasePrice: quote.price, totalPrice, rates, extraServices: extras }] },
    };
  };
}
