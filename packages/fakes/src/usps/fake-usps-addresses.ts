import type { FakeHandler, FakeReply, FakeRequest, FakeRouter } from '../http/fake-http.ts';
import { bearerOf, invalidToken, uspsError } from './fake-usps-replies.ts';
import type { UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * Addresses 3.0 of the fake USPS (`GET /addresses/v3/address?firm&streetAddress&secondaryAddress&city&state&ZIPCode&
 * ZIPPlus4`, integrations-shipping.md section 4). It knows no real addresses: what it answers follows from the text
 * asked, so tests and the demo choose each outcome. Magic words, in any letter case:
 *
 * - streetAddress or state missing, neither city nor ZIPCode, ZIPCode not five digits or ZIPPlus4 not four: 400 about
 *   the request's form (USPS's parameter errors, `source.parameter` set);
 * - a state that is not a USPS state code: 400 "Invalid State Code"; a city with NOWHERE: 400 "Invalid City";
 * - a street with NOWHERE: 404 "Address Not Found"; UNDELIVERABLE: 404 "Invalid Delivery Address"; EVERYWHERE:
 *   404 "Multiple Addresses Found";
 * - a street without a house number ("MAIN ST"): 200 with correction 32 (a default address), DPVConfirmation D;
 * - a street with TWIN ("5 TWIN OAKS DR"): 200 with correction 22 (several addresses, no default);
 * - a street with NOMAIL: 200 with DPVConfirmation N (USPS does not deliver there);
 * - a street with TOWER is a building with units: no secondaryAddress answers DPVConfirmation D, a unit with 999
 *   answers S (not confirmed), any other unit Y;
 * - a firm: business Y; none: business N (a home);
 * - every other address is found, in USPS's standard form: upper case, periods and commas dropped, street suffixes
 *   and unit designators abbreviated (STREET ST, AVENUE AVE, SUITE STE, APARTMENT APT ...), SPRINGFEILD spelled
 *   SPRINGFIELD, and the ZIP+4 added when none was sent (digits made from the street); a ZIP Code sent is kept, one
 *   is made from the city when none was sent, and a city missing is named after the ZIP Code ("CITY 62701"). So
 *   "1 MAIN ST", "SPRINGFIELD", "IL", "62701-1234" comes back as it was sent (exact match 31), and "1 Main Street"
 *   without a ZIP+4 comes back standardised.
 *
 * The calls count against the fake's quota like every other USPS API (fake-usps-server.ts).
 */

const API = '/addresses/v3';

/** The state codes USPS's OpenAPI takes (states, DC, territories, military and freely associated states). */
const STATES = new Set(
  (
    'AA AE AL AK AP AS AZ AR CA CO CT DE DC FM FL GA GU HI ID IL IN IA KS KY LA ME MH MD MA MI MN MS MO MP MT NE NV ' +
    'NH NJ NM NY NC ND OH OK OR PW PA PR RI SC SD TN TX UT VT VI VA WA WV WI WY'
  ).split(' '),
);

/** Street suffixes and unit designators in USPS's abbreviations (Publication 28, the common ones). */
const ABBREVIATIONS: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
  COURT: 'CT',
  PLACE: 'PL',
  HIGHWAY: 'HWY',
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  APARTMENT: 'APT',
  SUITE: 'STE',
  UNIT: 'UNIT',
  FLOOR: 'FL',
};

/** City names the fake corrects, misspelt -> as USPS spells them. */
const CITY_SPELLINGS: Record<string, string> = { SPRINGFEILD: 'SPRINGFIELD' };

interface FakeAddressNote {
  code: string;
  text: string;
}

/** The 200 answer, as USPS spells it (every field present, empty strings for nothing). */
interface FakeUspsAddressAnswer {
  firm: string;
  address: {
    streetAddress: string;
    streetAddressAbbreviation: string;
    secondaryAddress: string;
    cityAbbreviation: string;
    city: string;
    state: string;
    ZIPCode: string;
    ZIPPlus4: string;
    urbanization: string;
  };
  additionalInfo: {
    deliveryPoint: string;
    carrierRoute: string;
    DPVConfirmation: 'Y' | 'D' | 'S' | 'N';
    DPVCMRA: 'Y' | 'N';
    business: 'Y' | 'N';
    centralDeliveryPoint: 'Y' | 'N';
    vacant: 'Y' | 'N';
  };
  corrections: FakeAddressNote[];
  matches: FakeAddressNote[];
}

const NONE: FakeAddressNote = { code: '', text: '' };
const EXACT: FakeAddressNote = { code: '31', text: 'Single Response - exact match' };
const DEFAULT_ADDRESS: FakeAddressNote = {
  code: '32',
  text:
    'Default address: The address you entered was found but more information is needed (such as an apartment, ' +
    'suite, or box number) to match to a specific address.',
};
const NO_DEFAULT: FakeAddressNote = {
  code: '22',
  text: 'Multiple addresses were found for the information you entered, and no default exists.',
};

/** Upper case, periods and commas dropped, one space, each word in USPS's abbreviation. */
function standardWords(value: string): string {
  return value
    .toUpperCase()
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** `count` digits made from the text, always the same for the same text. */
function digitsOf(text: string, count: number): string {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return String(hash % 10 ** count).padStart(count, '0');
}

function parameterError(parameter: string, detail: string): FakeReply {
  return uspsError(400, API, 'Bad Request', [
    { code: 'INVALID_PARAMETER', title: 'Invalid parameter', detail, source: { parameter } },
  ]);
}

function addressError(status: 400 | 404, detail: UspsErrorDetail, message: string): FakeReply {
  return uspsError(status, API, message, [detail]);
}

/** The 400 USPS answers a request whose form is wrong, or null when the form is right. */
function refuseForm(query: URLSearchParams): FakeReply | null {
  if (!query.get('streetAddress')?.trim()) return parameterError('streetAddress', 'streetAddress is required.');
  if (!query.get('state')?.trim()) return parameterError('state', 'state is required.');
  const zip = query.get('ZIPCode');
  if (!query.get('city')?.trim() && !zip) return parameterError('city', 'Either city or ZIPCode is required.');
  if (zip !== null && !/^\d{5}$/.test(zip)) return parameterError('ZIPCode', 'ZIPCode must match the pattern ^\\d{5}.');
  const plus4 = query.get('ZIPPlus4');
  if (plus4 !== null && !/^\d{4}$/.test(plus4)) {
    return parameterError('ZIPPlus4', 'ZIPPlus4 must match the pattern ^\\d{4}.');
  }
  return null;
}

/** USPS's refusal of the address itself (an unknown place or street), or null when it finds one. */
function refusePlace(street: string, city: string, state: string): FakeReply | null {
  if (!STATES.has(state)) {
    const detail = {
      code: 'INVALID_STATE',
      title: 'Invalid State Code',
      detail: 'The state code in the request is missing or invalid.',
    };
    return addressError(400, detail, 'Invalid State Code.');
  }
  if (city.includes('NOWHERE')) {
    const detail = {
      code: 'INVALID_CITY',
      title: 'Invalid City',
      detail: 'The city in the request is missing or invalid.',
    };
    return addressError(400, detail, 'Invalid City.');
  }
  if (street.includes('EVERYWHERE')) {
    const detail = {
      code: 'MULTIPLE_ADDRESSES',
      title: 'Multiple Addresses Found',
      detail: 'More than one address was found matching the requested address.',
    };
    return addressError(404, detail, 'Multiple Addresses Found.');
  }
  if (street.includes('UNDELIVERABLE')) {
    const detail = {
      code: 'INVALID_DELIVERY_ADDRESS',
      title: 'Invalid Delivery Address',
      detail: 'The address requested is an invalid delivery address.',
    };
    return addressError(404, detail, 'Invalid Delivery Address.');
  }
  if (street.includes('NOWHERE')) {
    const detail = {
      code: 'ADDRESS_NOT_FOUND',
      title: 'Address Not Found',
      detail: 'There is no match for the address requested.',
    };
    return addressError(404, detail, 'Address Not Found.');
  }
  return null;
}

/** What USPS knows of the street and unit: its DPV confirmation and the correction it made. */
function delivery(
  street: string,
  secondary: string,
): { dpv: 'Y' | 'D' | 'S' | 'N'; correction: FakeAddressNote | null } {
  if (!/^\d/.test(street)) return { dpv: 'D', correction: DEFAULT_ADDRESS };
  if (street.includes('TWIN')) return { dpv: 'N', correction: NO_DEFAULT };
  if (street.includes('NOMAIL')) return { dpv: 'N', correction: null };
  if (street.includes('TOWER')) {
    if (!secondary) return { dpv: 'D', correction: null };
    if (secondary.includes('999')) return { dpv: 'S', correction: null };
  }
  return { dpv: 'Y', correction: null };
}

/** `GET /addresses/v3/address`, counted against the quota by `limited` (fake-usps-server.ts). */
export function addressRoutes(
  router: FakeRouter,
  limited: (apiVersion: string, handler: FakeHandler) => FakeHandler,
  tokens: { works: (token: string | undefined) => boolean },
): FakeRouter {
  return router.on('GET', `${API}/address`, limited(API, addressLookup(tokens.works)));
}

/** `GET /addresses/v3/address`: the standardised address, or USPS's refusal. */
function addressLookup(bearerWorks: (token: string | undefined) => boolean) {
  return (request: FakeRequest): FakeReply => {
    if (!bearerWorks(bearerOf(request))) return invalidToken(API);
    const query = request.query;
    const refused = refuseForm(query);
    if (refused) return refused;
    const street = standardWords(query.get('streetAddress')!);
    const secondary = standardWords(query.get('secondaryAddress') ?? '');
    const asked = standardWords(query.get('city') ?? '');
    const state = query.get('state')!.trim().toUpperCase();
    const place = refusePlace(street, asked, state);
    if (place) return place;

    const city = CITY_SPELLINGS[asked] ?? (asked || `CITY ${query.get('ZIPCode')}`);
    const zip = query.get('ZIPCode') ?? digitsOf(`${city} ${state}`, 5);
    const { dpv, correction } = delivery(street, secondary);
    const firm = (query.get('firm') ?? '').trim().toUpperCase();
    const answer: FakeUspsAddressAnswer = {
      firm,
      address: {
        streetAddress: street,
        streetAddressAbbreviation: street,
        secondaryAddress: secondary,
        cityAbbreviation: city,
        city,
        state,
        ZIPCode: zip,
        ZIPPlus4: query.get('ZIPPlus4') ?? digitsOf(`${street} ${secondary} ${zip}`, 4),
        urbanization: '',
      },
      additionalInfo: {
        deliveryPoint: digitsOf(street, 2),
        carrierRoute: `C${digitsOf(zip, 3)}`,
        DPVConfirmation: dpv,
        DPVCMRA: 'N',
        business: firm ? 'Y' : 'N',
        centralDeliveryPoint: 'N',
        vacant: 'N',
      },
      corrections: [correction ?? NONE],
      matches: [correction ? NONE : EXACT],
    };
    return { status: 200, body: answer };
  };
}
