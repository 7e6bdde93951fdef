import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { callSqs } from './fake-sqs-client.ts';
import { startFakeSqs, type FakeSqs } from './fake-sqs-server.ts';
import { signAwsRequest } from './fake-sqs-sigv4.ts';

const SELLER = { accountId: '111122223333', accessKeyId: 'AKIAFAKESELLER000001', secretAccessKey: 'seller-secret' };
const OTHER = { accountId: '444455556666', accessKeyId: 'AKIAFAKEOTHER0000001', secretAccessKey: 'other-secret' };
const AMAZON = { accountId: '437568002678', accessKeyId: 'AKIAFAKEAMAZON000001', secretAccessKey: 'amazon-secret' };

interface Received {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
  Attributes?: Record<string, string>;
}

describe('fake SQS (JSON protocol, SigV4)', () => {
  const open: FakeSqs[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((fake) => fake.close()));
  });

  async function start() {
    const sqs = await startFakeSqs({ accounts: [SELLER, OTHER, AMAZON] });
    open.push(sqs);
    const queue = sqs.createQueue({
      accountId: SELLER.accountId,
      name: 'shipdesk-orders',
      senders: [AMAZON.accountId],
    });
    const call = (action: string, body: object, who: typeof SELLER = SELLER) =>
      callSqs({ endpoint: sqs.url, region: 'us-east-1', credentials: who, action, body });
    const receive = async (body: object = {}) => {
      const answer = await call('ReceiveMessage', { QueueUrl: queue.url, ...body });
      expect(answer.status).toBe(200);
      return (answer.body.Messages ?? []) as Received[];
    };
    return { sqs, queue, call, receive };
  }

  it('names queues by URL and ARN and sends, receives and deletes a message', async () => {
    const { sqs, queue, call, receive } = await start();
    expect(queue.url).toBe(`${sqs.url}/111122223333/shipdesk-orders`);
    expect(queue.arn).toBe('arn:aws:sqs:us-east-1:111122223333:shipdesk-orders');
    const sent = await call('SendMessage', { QueueUrl: queue.url, MessageBody: '{"hello":1}' }, AMAZON);
    expect(sent.status).toBe(200);
    expect(sent.body.MD5OfMessageBody).toBe(createHash('md5').update('{"hello":1}').digest('hex'));

    const [message] = await receive({ MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'] });
    expect(message).toMatchObject({
      MessageId: sent.body.MessageId,
      Body: '{"hello":1}',
      MD5OfBody: sent.body.MD5OfMessageBody,
    });
    expect(message!.Attributes).toEqual({
      ApproximateReceiveCount: '1',
      SentTimestamp: expect.stringMatching(/^\d{13}$/),
    });
    const deleted = await call('DeleteMessage', { QueueUrl: queue.url, ReceiptHandle: message!.ReceiptHandle });
    expect(deleted.status).toBe(200);
    expect(sqs.messages(queue.url)).toHaveLength(0);
    const attributes = await call('GetQueueAttributes', {
      QueueUrl: queue.url,
      AttributeNames: ['QueueArn', 'ApproximateNumberOfMessages'],
    });
    expect(attributes.body).toEqual({ Attributes: { QueueArn: queue.arn, ApproximateNumberOfMessages: '0' } });
  });

  it('refuses an unknown key, a wrong secret, a tampered body and a stale date, as AWS does', async () => {
    const { sqs, queue, call } = await start();
    const unknown = await call(
      'ReceiveMessage',
      { QueueUrl: queue.url },
      { ...SELLER, accessKeyId: 'AKIAUNKNOWN000000000' },
    );
    expect(unknown.status).toBe(403);
    expect(unknown.body.__type).toBe('com.amazon.coral.service#UnrecognizedClientException');
    expect(unknown.headers.get('x-amzn-query-error')).toBe('InvalidClientTokenId;Sender');

    const wrongSecret = await call('ReceiveMessage', { QueueUrl: queue.url }, { ...SELLER, secretAccessKey: 'nope' });
    expect(wrongSecret.status).toBe(403);
    expect(wrongSecret.body.__type).toBe('com.amazon.coral.service#InvalidSignatureException');
    expect(wrongSecret.headers.get('x-amzn-query-error')).toBe('SignatureDoesNotMatch;Sender');

    const signedBody = JSON.stringify({ QueueUrl: queue.url, MaxNumberOfMessages: 1 });
    const sign = (now?: number) =>
      signAwsRequest({
        method: 'POST',
        url: `${sqs.url}/`,
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'AmazonSQS.ReceiveMessage' },
        body: signedBody,
        region: 'us-east-1',
        service: 'sqs',
        credentials: SELLER,
        now,
      });
    const tampered = await fetch(`${sqs.url}/`, {
      method: 'POST',
      headers: sign(),
      body: signedBody.replace('1}', '9}'),
    });
    expect(tampered.status).toBe(403);
    const stale = await fetch(`${sqs.url}/`, {
      method: 'POST',
      headers: sign(Date.now() - 20 * 60_000),
      body: signedBody,
    });
    expect(stale.status).toBe(403);
    expect(((await stale.json()) as { message: string }).message).toMatch(/^Signature expired/);
    const unsigned = await fetch(`${sqs.url}/`, {
      method: 'POST',
      body: signedBody,
      headers: { 'x-amz-target': 'AmazonSQS.ReceiveMessage' },
    });
    expect(unsigned.status).toBe(403);
    const good = await fetch(`${sqs.url}/`, { method: 'POST', headers: sign(), body: signedBody });
    expect(good.status).toBe(200);
  });

  it("gives another account's keys AccessDenied; the queue policy's sender may only send and read attributes", async () => {
    const { queue, call } = await start();
    const other = await call('ReceiveMessage', { QueueUrl: queue.url }, OTHER);
    expect(other.status).toBe(403);
    expect(other.body.__type).toBe('com.amazon.coral.service#AccessDeniedException');
    expect(other.headers.get('x-amzn-query-error')).toBe('AccessDenied;Sender');
    expect((await call('SendMessage', { QueueUrl: queue.url, MessageBody: 'x' }, OTHER)).status).toBe(403);
    expect((await call('ReceiveMessage', { QueueUrl: queue.url }, AMAZON)).status).toBe(403);
    expect(
      (await call('GetQueueAttributes', { QueueUrl: queue.url, AttributeNames: ['QueueArn'] }, AMAZON)).status,
    ).toBe(200);
  });

  it('answers a long poll as soon as a message arrives, and empty at the end of the wait', async () => {
    const { queue, call, receive } = await start();
    const started = Date.now();
    const polling = receive({ WaitTimeSeconds: 10 });
    setTimeout(() => void call('SendMessage', { QueueUrl: queue.url, MessageBody: 'late' }, AMAZON), 300);
    const messages = await polling;
    expect(messages.map((m) => m.Body)).toEqual(['late']);
    expect(Date.now() - started).toBeLessThan(3000);

    const empty = Date.now();
    const answer = await call('ReceiveMessage', { QueueUrl: queue.url, WaitTimeSeconds: 1 });
    expect(answer.body).toEqual({});
    expect(Date.now() - empty).toBeGreaterThanOrEqual(950);
  });

  it('redelivers a message not deleted after its visibility timeout, with a new handle and a higher receive count', async () => {
    const { sqs, queue, call, receive } = await start();
    await call('SendMessage', { QueueUrl: queue.url, MessageBody: 'again' }, AMAZON);
    const attributes = { AttributeNames: ['All'], VisibilityTimeout: 1 };
    const [first] = await receive(attributes);
    expect(await receive()).toEqual([]);
    const [second] = await receive({ ...attributes, WaitTimeSeconds: 5 });
    expect(second!.MessageId).toBe(first!.MessageId);
    expect(second!.ReceiptHandle).not.toBe(first!.ReceiptHandle);
    expect(second!.Attributes!.ApproximateReceiveCount).toBe('2');
    // The first handle is stale: the delete succeeds and deletes nothing.
    expect((await call('DeleteMessage', { QueueUrl: queue.url, ReceiptHandle: first!.ReceiptHandle })).status).toBe(
      200,
    );
    expect(sqs.messages(queue.url)).toHaveLength(1);
    const batch = await call('DeleteMessageBatch', {
      QueueUrl: queue.url,
      Entries: [
        { Id: 'a', ReceiptHandle: second!.ReceiptHandle },
        { Id: 'b', ReceiptHandle: 'not-a-handle' },
      ],
    });
    expect(batch.body).toEqual({
      Successful: [{ Id: 'a' }],
      Failed: [{ Id: 'b', SenderFault: true, Code: 'ReceiptHandleIsInvalid', Message: expect.any(String) }],
    });
    expect(sqs.messages(queue.url)).toHaveLength(0);
  });

  it('changes a visibility timeout: 0 makes the message visible at once', async () => {
    const { queue, call, receive } = await start();
    await call('SendMessage', { QueueUrl: queue.url, MessageBody: 'soon' }, AMAZON);
    const [message] = await receive({ VisibilityTimeout: 600 });
    const changed = await call('ChangeMessageVisibility', {
      QueueUrl: queue.url,
      ReceiptHandle: message!.ReceiptHandle,
      VisibilityTimeout: 0,
    });
    expect(changed.status).toBe(200);
    const [again] = await receive();
    expect(again!.MessageId).toBe(message!.MessageId);
  });

  it('answers bad input with the SQS error naming the parameter', async () => {
    const { sqs, queue, call } = await start();
    const tooMany = await call('ReceiveMessage', { QueueUrl: queue.url, MaxNumberOfMessages: 11 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.headers.get('x-amzn-query-error')).toBe('InvalidParameterValue;Sender');
    expect(tooMany.body.message).toMatch(/MaxNumberOfMessages/);
    expect((await call('ReceiveMessage', { QueueUrl: queue.url, WaitTimeSeconds: 21 })).body.message).toMatch(
      /WaitTimeSeconds/,
    );
    const noQueue = await call('ReceiveMessage', { QueueUrl: `${sqs.url}/111122223333/missing` });
    expect(noQueue.body).toEqual({
      __type: 'com.amazonaws.sqs#QueueDoesNotExist',
      message: 'The specified queue does not exist.',
    });
    expect(noQueue.headers.get('x-amzn-query-error')).toBe('AWS.SimpleQueueService.NonExistentQueue;Sender');
    const badHandle = await call('DeleteMessage', { QueueUrl: queue.url, ReceiptHandle: 'forged' });
    expect(badHandle.status).toBe(404);
    expect(badHandle.body.__type).toBe('com.amazonaws.sqs#ReceiptHandleIsInvalid');
    const badAttribute = await call('GetQueueAttributes', { QueueUrl: queue.url, AttributeNames: ['Colour'] });
    expect(badAttribute.body.__type).toBe('com.amazonaws.sqs#InvalidAttributeName');
    expect((await call('DeleteMessageBatch', { QueueUrl: queue.url, Entries: [] })).body.__type).toBe(
      'com.amazonaws.sqs#EmptyBatchRequest',
    );
    expect((await call('Explode', { QueueUrl: queue.url })).status).toBe(400);
  });
});
