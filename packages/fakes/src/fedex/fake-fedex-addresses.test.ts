import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '../http/fake-http.ts';
import { createFedexAddresses } from './fake-fedex-addresses.ts';

function request(count: number, streetLines = ['44 ELM ST']): FakeRequest {
  const address = {
    streetLines,
    city: 'SPRINGFIELD',
    stateOrProvinceCode: 'IL',
    postalCode: '62701',
    countryCode: 'US',
  };
  const addressesToValidate = Array.from({ length: count }, (_, i) => ({ address, clientReferenceId: String(i) }));
  return {
    method: 'POST',
    path: '/address/v1/addresses/resolve',
    query: new URLSearchParams(),
    headers: {},
    body: JSON.stringify({ addressesToValidate }),
    params: {},
  };
}

const errorCode = (body: unknown) => (body as { errors: Array<{ code: string }> }).errors[0]?.code;

describe('fake FedEx address validation', () => {
  it('resolves up to 100 addresses in the order asked, echoing their references, and refuses more', () => {
    const addresses = createFedexAddresses();
    const answer = addresses.resolve(request(100));
    const resolved = (answer.body as { output: { resolvedAddresses: Array<{ clientReferenceId: string }> } }).output
      .resolvedAddresses;
    expect(resolved.map((r) => r.clientReferenceId)).toEqual(Array.from({ length: 100 }, (_, i) => String(i)));
    expect(resolved[0]).toMatchObject({
      classification: 'RESIDENTIAL',
      attributes: { Resolved: 'true', DPV: 'true', AddressType: 'STANDARDIZED', MultipleMatches: 'false' },
    });

    const tooMany = addresses.resolve(request(101));
    expect(tooMany.status).toBe(400);
    expect(errorCode(tooMany.body)).toBe('ADDRESSESTOVALIDATE.EXCEEDED');
    expect(addresses.calls).toBe(2);
  });

  it('refuses a whole call over an address it cannot read', () => {
    const reply = createFedexAddresses().resolve(request(1, ['9 UNREADABLE WAY']));
    expect(reply.status).toBe(400);
    expect(errorCode(reply.body)).toBe('STANDARDIZED.ADDRESS.NOTFOUND');
  });
});
