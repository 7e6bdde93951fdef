import type { FakeReply, FakeRequest } from '../http/fake-http.ts';

/**
 * Shippo's address validation (current API): `GET /v2/addresses/validate?address_line_1&address_line_2&city_locality&
 * state_province&postal_code&country_code&name&organization`, answered from the address text alone so tests and the
 * demo get every outcome on purpose. The magic words (anywhere in address_line_1, any case):
 *
 * - `NOWHERE`: `invalid`, no recommended address, reason `address_not_found`;
 * - `MULTIPLE`: `partially_valid`, no recommended address, reason `multiple_match` (Shippo's v2 answer has no
 *   candidate list: several buildings match and the caller must add what tells them apart);
 * - `UNDELIVERABLE`: `invalid` with reason `undeliverable` (the street exists, the address takes no mail).
 *
 * Every other address is `valid`, and the recommended address is the standardised form: upper case, whitespace
 * collapsed, the common street suffixes abbreviated (STREET -> ST, AVENUE -> AVE, ROAD -> RD, DRIVE -> DR, BOULEVARD ->
 * BLVD, LANE -> LN) and, for a US 5-digit ZIP, a ZIP+4 (`-0001`). So "44 Elm Street" comes back "44 ELM ST" (the
 * caller sees a correction) and "44 Elm St" "44 ELM ST" (only case and ZIP+4: the same address). `address_type`:
 * `commercial` with an organization or a SUITE/STE line, `residential` for other US addresses, `unknown` abroad.
 * A missing street or country answers 400 in Django REST framework's field shape.
 */

interface ShippoAddressV2 {
  address_line_1?: string;
  address_line_2?: string;
  city_locality?: string;
  state_province?: string;
  postal_code?: string;
  country_code?: string;
  name?: string;
  organization?: string;
}

interface ShippoAddressValidation {
  original_address: ShippoAddressV2;
  recommended_address?: ShippoAddressV2 & {
    complete_address: string;
    confidence_result: { score: 'high' | 'medium' | 'low'; code: string; description: string };
  };
  analysis: {
    validation_result: {
      value: 'valid' | 'invalid' | 'partially_valid';
      reasons: Array<{ code: string; description: string }>;
    };
    address_type: 'residential' | 'commercial' | 'unknown';
    changed_attributes: string[];
  };
  geo?: { latitude: number; longitude: number };
}

const SUFFIXES: Record<string, string> = {
  STREET: 'ST',
  AVENUE: 'AVE',
  ROAD: 'RD',
  DRIVE: 'DR',
  BOULEVARD: 'BLVD',
  LANE: 'LN',
};
const FIELDS = [
  'address_line_1',
  'address_line_2',
  'city_locality',
  'state_province',
  'postal_code',
  'country_code',
] as const;

const clean = (text: string | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');
const standard = (text: string | undefined) =>
  clean(text)
    .toUpperCase()
    .split(' ')
    .map((word) => SUFFIXES[word.replace(/[.,]$/, '')] ?? word)
    .join(' ');

function recommended(original: ShippoAddressV2): NonNullable<ShippoAddressValidation['recommended_address']> {
  const country = clean(original.country_code).toUpperCase();
  const zip = clean(original.postal_code);
  const address: ShippoAddressV2 = {
    address_line_1: standard(original.address_line_1),
    ...(clean(original.address_line_2) ? { address_line_2: standard(original.address_line_2) } : {}),
    city_locality: standard(original.city_locality),
    state_province: standard(original.state_province),
    postal_code: country === 'US' && /^\d{5}$/.test(zip) ? `${zip}-0001` : zip.toUpperCase(),
    country_code: country,
  };
  const complete = [
    address.address_line_1,
    address.address_line_2,
    `${address.city_locality} ${address.state_province} ${address.postal_code}`,
    country,
  ]
    .filter(Boolean)
    .join(';');
  return {
    ...address,
    complete_address: complete,
    confidence_result: { score: 'high', code: 'postal_data_match', description: 'Matched to postal data' },
  };
}

function addressType(original: ShippoAddressV2): ShippoAddressValidation['analysis']['address_type'] {
  if (clean(original.country_code).toUpperCase() !== 'US') return 'unknown';
  const lines = `${original.address_line_1 ?? ''} ${original.address_line_2 ?? ''}`.toUpperCase();
  return clean(original.organization) || /\b(SUITE|STE)\b/.test(lines) ? 'commercial' : 'residential';
}

function outcome(
  value: ShippoAddressValidation['analysis']['validation_result']['value'],
  original: ShippoAddressV2,
  reasons: Array<{ code: string; description: string }>,
): ShippoAddressValidation {
  return {
    original_address: original,
    analysis: { validation_result: { value, reasons }, address_type: 'unknown', changed_attributes: [] },
  };
}

/** The handler of `GET /v2/addresses/validate` (behind the fake server's token check and rate limit). */
export function validateAddress(request: FakeRequest): FakeReply {
  const original: ShippoAddressV2 = {};
  for (const field of [...FIELDS, 'name', 'organization'] as const) {
    const value = request.query.get(field);
    if (value !== null && value !== '') original[field] = value;
  }
  const missing: Record<string, string[]> = {};
  if (!clean(original.address_line_1)) missing.address_line_1 = ['This field is required.'];
  if (!clean(original.country_code)) missing.country_code = ['This field is required.'];
  if (Object.keys(missing).length > 0) return { status: 400, body: missing };

  const line = clean(original.address_line_1).toUpperCase();
  if (line.includes('NOWHERE')) {
    return {
      status: 200,
      body: outcome('invalid', original, [{ code: 'address_not_found', description: 'Address not found' }]),
    };
  }
  if (line.includes('UNDELIVERABLE')) {
    return {
      status: 200,
      body: outcome('invalid', original, [
        { code: 'undeliverable', description: 'The address exists but does not receive mail' },
      ]),
    };
  }
  if (line.includes('MULTIPLE')) {
    const body = outcome('partially_valid', original, [
      {
        code: 'multiple_match',
        description: 'More than one address matches: add the apartment, suite or building',
      },
    ]);
    body.analysis.address_type = addressType(original);
    return { status: 200, body };
  }
  const recommendation = recommended(original);
  const changed = FIELDS.filter((field) => clean(original[field]) !== (recommendation[field] ?? ''));
  const body: ShippoAddressValidation = {
    original_address: original,
    recommended_address: recommendation,
    analysis: {
      validation_result: { value: 'valid', reasons: [] },
      address_type: addressType(original),
      changed_attributes: [...changed],
    },
    geo: { latitude: 39.9612, longitude: -82.9988 },
  };
  return { status: 200, body };
}
