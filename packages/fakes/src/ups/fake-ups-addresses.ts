import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { upsCallWindow, type FakeUpsCallLimit } from './fake-ups-limit.ts';

/**
 * The fake UPS Address Validation - Street Level API: `POST /api/addressvalidation/{version}/{requestoption}`
 * (1 validation, 2 classification, 3 both; query `maximumcandidatelistsize`, default 15, at most 50). Street level in
 * the US and Puerto Rico only: another country is refused. Its answers are decided by the address text, so tests
 * and the demo can ask for each outcome:
 *
 * - an address line containing NOWHERE: no candidates (NoCandidatesIndicator);
 * - a street line with no house number ("MAIN ST"): ambiguous, candidates 100, 200 and 300 of that street, each with
 *   the ZIP+4 (AmbiguousAddressIndicator);
 * - a lower-case letter in the address lines or the city: one candidate, the same address in upper case with a ZIP+4
 *   (ValidAddressIndicator: the client sees a correction);
 * - otherwise: one candidate exactly as sent (ValidAddressIndicator).
 *
 * Classification (options 2 and 3): PO BOX in the lines: 0 unclassified; a ConsigneeName (a company), or SUITE, STE
 * or FLOOR in the lines: 1 commercial; otherwise 2 residential.
 *
 * UPS publishes no limit for this API: the fake allows `callsPerWindow` per window when given, then answers 429 in
 * UPS's words for the rest of the window. Error codes the fake makes up are marked so.
 */

interface AddressKeyFormat {
  ConsigneeName?: string;
  AddressLine?: string[] | string;
  PoliticalDivision2?: string;
  PoliticalDivision1?: string;
  PostcodePrimaryLow?: string;
  PostcodeExtendedLow?: string;
  CountryCode?: string;
}

interface Classification {
  Code: '0' | '1' | '2';
  Description: 'UnClassified' | 'Commercial' | 'Residential';
}

type FakeUpsAddressLimit = FakeUpsCallLimit;

type Refuse = (status: number, code: string, message: string) => FakeReply;

const STREET_LEVEL = new Set(['US', 'PR']);
const CLASSES: Record<Classification['Code'], Classification> = {
  '0': { Code: '0', Description: 'UnClassified' },
  '1': { Code: '1', Description: 'Commercial' },
  '2': { Code: '2', Description: 'Residential' },
};

const linesOf = (format: AddressKeyFormat) =>
  (Array.isArray(format.AddressLine) ? format.AddressLine : [format.AddressLine ?? '']).filter((l) => l.trim());

/** A ZIP+4 extension that is always the same for the same street. */
function extensionFor(street: string): string {
  let sum = 0;
  for (const char of street.toUpperCase()) sum = (sum * 31 + char.charCodeAt(0)) % 10_000;
  return String(sum).padStart(4, '0');
}

function classify(format: AddressKeyFormat): Classification {
  const text = linesOf(format).join(' ').toUpperCase();
  if (/\bP\.?\s?O\.?\s+BOX\b/.test(text)) return CLASSES['0'];
  if (format.ConsigneeName?.trim() || /\b(SUITE|STE|FLOOR)\b/.test(text)) return CLASSES['1'];
  return CLASSES['2'];
}

function upper(format: AddressKeyFormat, street?: string): AddressKeyFormat {
  const [first = '', ...rest] = linesOf(format);
  const lines = [street ?? first, ...rest].map((line) => line.toUpperCase());
  return {
    AddressLine: lines,
    PoliticalDivision2: format.PoliticalDivision2?.toUpperCase(),
    PoliticalDivision1: format.PoliticalDivision1?.toUpperCase(),
    PostcodePrimaryLow: format.PostcodePrimaryLow,
    PostcodeExtendedLow: format.PostcodeExtendedLow || extensionFor(lines[0] ?? ''),
    CountryCode: format.CountryCode,
  };
}

/** The address book's answer for one address: the indicator and its candidates. */
function lookUp(format: AddressKeyFormat): { indicator: string; candidates: AddressKeyFormat[] } {
  const lines = linesOf(format);
  const street = lines[0] ?? '';
  if (lines.some((line) => /NOWHERE/i.test(line)) || !street)
    return { indicator: 'NoCandidatesIndicator', candidates: [] };
  if (!/^\s*\d/.test(street)) {
    const candidates = [100, 200, 300].map((number) => upper(format, `${number} ${street.trim()}`));
    return { indicator: 'AmbiguousAddressIndicator', candidates };
  }
  const typedLowerCase = /[a-z]/.test([...lines, format.PoliticalDivision2 ?? ''].join(' '));
  const { ConsigneeName: _name, ...sent } = format;
  return {
    indicator: 'ValidAddressIndicator',
    candidates: [typedLowerCase ? upper(format) : { ...sent, AddressLine: lines }],
  };
}

export function createUpsAddresses(refuse: Refuse, limit: FakeUpsAddressLimit | null) {
  const spendWindow = upsCallWindow(limit, refuse);

  const addresses = {
    /** Address validation calls answered (throttled ones included). */
    calls: 0,
    validate(request: FakeRequest): FakeReply {
      addresses.calls += 1;
      const throttled = spendWindow();
      if (throttled) return throttled;
      const option = request.params.requestoption ?? '';
      if (!['1', '2', '3'].includes(option)) return refuse(400, '264001', 'Invalid request option'); // the fake's code
      const size = Number(request.query.get('maximumcandidatelistsize') ?? '15');
      if (!Number.isInteger(size) || size < 0 || size > 50) {
        return refuse(400, '264002', 'Invalid maximum candidate list size'); // the fake's code
      }
      let format: AddressKeyFormat | undefined;
      try {
        format = (JSON.parse(request.body) as { XAVRequest?: { AddressKeyFormat?: AddressKeyFormat } }).XAVRequest
          ?.AddressKeyFormat;
      } catch {
        return refuse(400, '10002', 'The request is not well-formed');
      }
      if (!format) return refuse(400, '10002', 'Missing XAVRequest.AddressKeyFormat');
      if (!STREET_LEVEL.has(format.CountryCode ?? '')) {
        // The fake's code and words: UPS validates streets in the US and Puerto Rico only.
        return refuse(400, '264005', 'Street level address validation is available for US and Puerto Rico only');
      }
      const classification = classify(format);
      const response = { ResponseStatus: { Code: '1', Description: 'Success' }, Alert: [] };
      if (option === '2') {
        return { status: 200, body: { XAVResponse: { Response: response, AddressClassification: classification } } };
      }
      const found = lookUp(format);
      const candidates = found.candidates.slice(0, size).map((candidate) => ({
        ...(option === '3' ? { AddressClassification: classification } : {}),
        AddressKeyFormat: candidate,
      }));
      const body = {
        XAVResponse: {
          Response: response,
          [found.indicator]: '',
          ...(option === '3' ? { AddressClassification: classification } : {}),
          ...(candidates.length > 0 ? { Candidate: candidates } : {}),
        },
      };
      return { status: 200, body };
    },
  };
  return addresses;
}
