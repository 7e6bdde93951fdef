import { describe, expect, it } from 'vitest';
import { signingKey, signRequest } from './aws-sigv4.ts';

// AWS General Reference, "Signature Version 4 signing process" worked example (IAM ListUsers, 2015-08-30).
const EXAMPLE_KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const EXAMPLE_TIME = new Date('2015-08-30T12:36:00Z');

describe('AWS SigV4', () => {
  it("derives AWS's published example signing key", () => {
    expect(signingKey(EXAMPLE_KEYS.secretAccessKey, '20150830', 'us-east-1', 'iam').toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9',
    );
  });

  it("signs AWS's published example request to the same Authorization", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: '',
      region: 'us-east-1',
      service: 'iam',
      keys: EXAMPLE_KEYS,
      now: EXAMPLE_TIME,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers).not.toHaveProperty('host');
  });

  it('a different body, secret or query gives a different signature', () => {
    const base = {
      method: 'POST',
      url: new URL('https://sqs.us-east-1.amazonaws.com/'),
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.ReceiveMessage' },
      body: '{"QueueUrl":"a"}',
      region: 'us-east-1',
      service: 'sqs',
      keys: EXAMPLE_KEYS,
      now: EXAMPLE_TIME,
    };
    const signature = (overrides: Partial<typeof base>) => signRequest({ ...base, ...overrides }).authorization;
    const reference = signature({});
    expect(signature({ body: '{"QueueUrl":"b"}' })).not.toBe(reference);
    expect(signature({ keys: { ...EXAMPLE_KEYS, secretAccessKey: 'other' } })).not.toBe(reference);
    expect(signature({ url: new URL('https://sqs.us-east-1.amazonaws.com/?a=1') })).not.toBe(reference);
    expect(signature({})).toBe(reference);
  });
});
