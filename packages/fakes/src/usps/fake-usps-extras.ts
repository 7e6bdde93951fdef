import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { uspsQuote } from './fake-usps-prices.ts';
import { bearerOf, invalidToken, jsonBody, uspsError } from './fake-usps-replies.ts';
import type { UspsBaseRatesQuery, UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * The extra services the fake USPS sells with a domestic label (`packageDescription.extraServices`) and prices in
 * Domestic Prices' total rates: signature 921, adult signature 922 (not with Media Mail), insurance 930 (up to $500;
 * replaced by 931 above, as USPS does) and 931, both needing `packageOptions.packageValue` (at most $5,000). An
 * unknown code is refused as USPS refuses it. Prices are made up.
 */

interface ExtraService {
  name: string;
  SKU: string;
  /** Dollars, from the insured value for insurance. */
  price(value: number): number;
}

const insurance = (value: number) =>
  Math.round((2.85 + Math.max(0, Math.ceil((value - 100) / 100)) * 1.55) * 100) / 100;

const USPS_EXTRA_SERVICES: Record<number, ExtraService> = {
  920: { name: 'USPS Tracking Electronic', SKU: 'DXTX0XXXXX00000', price: () => 0 },
  921: { name: 'Signature Confirmation', SKU: 'DXSX0XXXXX00000', price: () => 4.4 },
  922: { name: 'Adult Signature Required', SKU: 'DXAX0XXXXX00000', price: () => 9.95 },
  930: { name: 'Insurance <= $500', SKU: 'DXIX0XXXXX00500', price: insurance },
  931: { name: 'Insurance > $500', SKU: 'DXIX0XXXXX05000', price: insurance },
};
const USPS_MAX_INSURED = 5_000;
/** Mail classes that sell no adult signature. */
const NO_ADULT_SIGNATURE = new Set(['MEDIA_MAIL']);

interface UspsExtraPrice {
  extraService: string;
  name: string;
  price: number;
  SKU: string;
}

/** The extras priced for this piece, or why USPS refuses them. */
export function uspsExtras(
  mailClass: string | undefined,
  codes: unknown,
  packageValue: number | undefined,
): UspsExtraPrice[] | UspsErrorDetail {
  if (codes === undefined) return [];
  if (!Array.isArray(codes)) {
    return { code: 'INVALID_EXTRA_SERVICE', title: 'Invalid extraServices', detail: 'extraServices must be a list.' };
  }
  const wanted = new Set<number>();
  for (const code of codes) {
    if (typeof code !== 'number' || !USPS_EXTRA_SERVICES[code]) {
      return {
        code: 'INVALID_EXTRA_SERVICE',
        title: 'Invalid extraServices',
        detail: `${String(code)} is not a valid extra service code.`,
        source: { parameter: 'extraServices' },
      };
    }
    wanted.add(code);
  }
  if (wanted.has(921) && wanted.has(922)) {
    return {
      code: 'INCOMPATIBLE_EXTRA_SERVICES',
      title: 'Incompatible extra services',
      detail: '921 and 922 cannot be combined.',
    };
  }
  if (wanted.has(922) && NO_ADULT_SIGNATURE.has(mailClass ?? '')) {
    return {
      code: 'EXTRA_SERVICE_NOT_AVAILABLE',
      title: 'Extra service not available',
      detail: `Extra service 922 (Adult Signature Required) is not available for mailClass ${mailClass}.`,
      source: { parameter: 'extraServices' },
    };
  }
  const insured = wanted.has(930) || wanted.has(931);
  const value = packageValue ?? 0;
  if (insured && !(value > 0)) {
    return {
      code: 'MISSING_PACKAGE_VALUE',
      title: 'Missing packageValue',
      detail: 'packageOptions.packageValue is required with extra services 930 and 931.',
    };
  }
  if (insured && value > USPS_MAX_INSURED) {
    return {
      code: 'INSURANCE_LIMIT_EXCEEDED',
      title: 'Invalid packageValue',
      detail: `Insurance is available for values up to ${USPS_MAX_INSURED.toFixed(2)} USD.`,
      source: { parameter: 'packageValue' },
    };
  }
  // USPS replaces 930 by 931 when the value is above $500.
  if (wanted.has(930) && value > 500) {
    wanted.delete(930);
    wanted.add(931);
  }
  return [...wanted].map((code) => {
    const extra = USPS_EXTRA_SERVICES[code]!;
    return { extraService: String(code), name: extra.name, price: extra.price(value), SKU: extra.SKU };
  });
}

const PRICES_API = '/prices/v3';

/** `POST /prices/v3/total-rates/search`: the base rate with the extra services, totalPrice their sum. */
export function totalRatesSearch(bearerWorks: (token: string | undefined) => boolean) {
  return (request: FakeRequest): FakeReply => {
    if (!bearerWorks(bearerOf(request))) return invalidToken(PRICES_API);
    const parsed = jsonBody<UspsBaseRatesQuery & { extraServices?: unknown; itemValue?: number }>(request, PRICES_API);
    if ('reply' in parsed) return parsed.reply;
    const query = parsed.value;
    const quote = uspsQuote(query);
    if (!('price' in quote)) return uspsError(400, PRICES_API, 'Bad Request', [quote]);
    const extras = uspsExtras(query.mailClass, query.extraServices ?? [], query.itemValue);
    if (!Array.isArray(extras)) return uspsError(400, PRICES_API, 'Bad Request', [extras]);
    const totalPrice = Math.round((quote.price + extras.reduce((sum, e) => sum + e.price, 0)) * 100) / 100;
    return {
      status: 200,
      body: {
        rateOptions: [
          {
            totalBasePrice: quote.price,
            totalPrice,
            rates: [{ SKU: quote.SKU, description: quote.description, price: quote.price, mailClass: query.mailClass }],
            extraServices: extras,
          },
        ],
      },
    };
  };
}
