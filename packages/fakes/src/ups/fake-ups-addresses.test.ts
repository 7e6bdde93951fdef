import { describe, expect, it } from 'vitest';
import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import { createUpsAddresses } from './fake-ups-addresses.ts';

const refuse = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { response: { errors: [{ code, message }] } },
});

function request(format: object, requestoption = '3', query = ''): FakeRequest {
  return {
    method: 'POST',
    path: `/api/addressvalidation/v2/${requestoption}`,
    query: new URLSearchParams(query),
    headers: {},
    body: JSON.stringify({ XAVRequest: { AddressKeyFormat: format } }),
    params: { version: 'v2', requestoption },
  };
}

const ADDRESS = {
  AddressLine: ['MAIN ST'],
  PoliticalDivision2: 'ALBANY',
  PoliticalDivision1: 'NY',
  PostcodePrimaryLow: '12207',
  CountryCode: 'US',
};

describe('fake UPS address validation', () => {
  it('keeps to maximumcandidatelistsize, and classifies only with request option 2', () => {
    const addresses = createUpsAddresses(refuse, null);
    const ambiguous = addresses.validate(request(ADDRESS, '3', 'maximumcandidatelistsize=2')).body as {
      XAVResponse: { AmbiguousAddressIndicator?: string; Candidate: unknown[] };
    };
    expect(ambiguous.XAVResponse.AmbiguousAddressIndicator).toBe('');
    expect(ambiguous.XAVResponse.Candidate).toHaveLength(2);

    const classified = addresses.validate(request({ ...ADDRESS, ConsigneeName: 'Acme' }, '2')).body;
    expect(classified).toEqual({
      XAVResponse: {
        Response: { ResponseStatus: { Code: '1', Description: 'Success' }, Alert: [] },
        AddressClassification: { Code: '1', Description: 'Commercial' },
      },
    });
  });

  it('refuses a country outside the US and Puerto Rico, and answers 429 once its window is spent', () => {
    const addresses = createUpsAddresses(refuse, { callsPerWindow: 2 });
    expect(addresses.validate(request({ ...ADDRESS, CountryCode: 'CA' })).status).toBe(400);
    expect(addresses.validate(request(ADDRESS)).status).toBe(200);
    const throttled = addresses.validate(request(ADDRESS));
    expect(throttled).toEqual(refuse(429, '10429', 'Too Many Requests'));
    expect(addresses.calls).toBe(3);
  });
});
