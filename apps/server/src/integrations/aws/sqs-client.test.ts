import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeRouter, startFakeHttpServer, type FakeHttpServer, type FakeRequest } from '@shipdesk/fakes';
import { signingKey } from './aws-sigv4.ts';
import { createSqsClient, regionOfQueueUrl, SqsError } from './sqs-client.ts';

const KEYS = { accessKeyId: 'AKIAEXAMPLE123', secretAccessKey: 'queue-secret-key-for-tests' };

/** What AWS checks: the signature recomputed from the request as received, over the signed headers only. */
function signatureValid(request: FakeRequest, secret: string): boolean {
  const auth = String(request.headers.authorization ?? '');
  const match =
    /Credential=[^/]+\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=(\w+)/.exec(auth);
  if (!match) return false;
  const [, day, region, service, signed, signature] = match as unknown as string[];
  const names = signed!.split(';');
  const canonical = [
    request.method,
    request.path,
    '',
    names.map((n) => `${n}:${String(request.headers[n]).trim()}\n`).join(''),
    signed,
    createHash('sha256').update(request.body).digest('hex'),
  ].join('\n');
  const stamp = String(request.headers['x-amz-date']);
  const toSign = [
    'AWS4-HMAC-SHA256',
    stamp,
    `${day}/${region}/${service}/aws4_request`,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const expected = createHmac('sha256', signingKey(secret, day!, region!, service!))
    .update(toSign)
    .digest('hex');
  return expected === signature && service === 'sqs' && region === 'us-east-1';
}

let server: FakeHttpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A stand-in SQS endpoint: one queue, its messages, AWS's JSON errors. */
async function standIn(messages: Array<{ id: string; body: string }>) {
  const deleted: string[] = [];
  server = await startFakeHttpServer(
    new FakeRouter().on('POST', '/', (request) => {
      if (!signatureValid(request, KEYS.secretAccessKey)) {
        return {
          status: 400,
          body: { __type: 'com.amazon.coral.service#InvalidSignatureException', message: 'Signature mismatch.' },
        };
      }
      const target = String(request.headers['x-amz-target']);
      const input = JSON.parse(request.body) as Record<string, unknown>;
      if (!String(input.QueueUrl).endsWith('/123456789012/orders')) {
        return {
          status: 400,
          body: { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' },
        };
      }
      if (target === 'AmazonSQS.GetQueueAttributes') {
        return { status: 200, body: { Attributes: { QueueArn: 'arn:aws:sqs:us-east-1:123456789012:orders' } } };
      }
      if (target === 'AmazonSQS.ReceiveMessage') {
        const max = Number(input.MaxNumberOfMessages);
        const batch = messages.splice(0, max);
        return {
          status: 200,
          body: { Messages: batch.map((m) => ({ MessageId: m.id, ReceiptHandle: `rh-${m.id}`, Body: m.body })) },
        };
      }
      if (target === 'AmazonSQS.DeleteMessageBatch') {
        const entries = input.Entries as Array<{ Id: string; ReceiptHandle: string }>;
        const ok = entries.filter((e) => e.ReceiptHandle !== 'rh-stuck');
        deleted.push(...ok.map((e) => e.ReceiptHandle));
        return {
          status: 200,
          body: {
            Successful: ok.map((e) => ({ Id: e.Id })),
            Failed: entries
              .filter((e) => e.ReceiptHandle === 'rh-stuck')
              .map((e) => ({ Id: e.Id, SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: 'bad' })),
          },
        };
      }
      return { status: 400, body: { __type: 'com.amazonaws.sqs#InvalidAction', message: target } };
    }),
  );
  return { server, deleted };
}

const client = (url: string, keys = KEYS) =>
  createSqsClient({ queueUrl: `${url}/123456789012/orders`, region: 'us-east-1', keys, http: { retries: 0 } });

describe('SQS JSON-protocol client', () => {
  it('reads the queue ARN, receives with long polling and deletes by receipt handle, signed', async () => {
    const { server: fake, deleted } = await standIn([
      { id: 'm1', body: '{"a":1}' },
      { id: 'm2', body: '{"a":2}' },
    ]);
    const sqs = client(fake.url);
    expect(await sqs.queueArn()).toBe('arn:aws:sqs:us-east-1:123456789012:orders');
    const received = await sqs.receive({ waitSeconds: 20, max: 10 });
    expect(received.map((m) => m.Body)).toEqual(['{"a":1}', '{"a":2}']);
    const receive = fake.requests.find((r) => r.headers['x-amz-target'] === 'AmazonSQS.ReceiveMessage')!;
    expect(receive.headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(JSON.parse(receive.body)).toMatchObject({ WaitTimeSeconds: 20, MaxNumberOfMessages: 10 });
    expect(await sqs.deleteBatch(['rh-m1', 'rh-stuck', 'rh-m2'])).toEqual(['rh-stuck']);
    expect(deleted).toEqual(['rh-m1', 'rh-m2']);
  });

  it('a wrong secret or a missing queue is a permanent error in AWS words; a 500 is not', async () => {
    const { server: fake } = await standIn([]);
    const wrong = await client(fake.url, { ...KEYS, secretAccessKey: 'wrong' })
      .queueArn()
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SqsError);
    expect(wrong).toMatchObject({ code: 'InvalidSignature', permanent: true });
    expect((wrong as Error).message).toContain('Signature mismatch.');
    expect((wrong as Error).message).not.toContain('wrong');

    const missing = await createSqsClient({
      queueUrl: `${fake.url}/123456789012/gone`,
      region: 'us-east-1',
      keys: KEYS,
      http: { retries: 0 },
    })
      .receive({ waitSeconds: 1, max: 1 })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'QueueDoesNotExist', permanent: true });

    fake.fail({ kind: 'status', status: 500, body: { __type: 'InternalError', message: 'x' } });
    const outage = await client(fake.url)
      .receive({ waitSeconds: 1, max: 1 })
      .catch((e: unknown) => e);
    expect(outage).toMatchObject({ permanent: false, status: 500 });
  });

  it('reads the region from an AWS queue URL only', () => {
    expect(regionOfQueueUrl('https://sqs.eu-west-1.amazonaws.com/123456789012/q')).toBe('eu-west-1');
    expect(regionOfQueueUrl('http://127.0.0.1:4000/123456789012/q')).toBeNull();
    expect(regionOfQueueUrl('not a url')).toBeNull();
  });
});
