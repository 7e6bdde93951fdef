import { describe, expect, it } from 'vitest';
import {
  checkSetup,
  fieldOfQueueRefusal,
  pushConfigOf,
  withoutPushConfig,
  withPushConfig,
} from './amazon-push-rules.ts';

const input = {
  queueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/shipdesk-orders',
  awsAccessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  awsSecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sellerId: 'A3TH9S8BH6GOGM',
};
const noOtherHost = () => false;

describe('Amazon notifications setup', () => {
  it('takes an AWS queue URL and reads its region', () => {
    expect(checkSetup(input, noOtherHost)).toEqual({ ok: true, setup: { ...input, region: 'eu-west-1' } });
  });

  it('names each bad field', () => {
    const result = checkSetup(
      {
        queueUrl: 'https://example.com/q',
        region: 'Europe',
        awsAccessKeyId: 'ak',
        awsSecretAccessKey: 'short',
        sellerId: 'me',
      },
      noOtherHost,
    );
    expect(result.ok).toBe(false);
    expect(Object.keys(!result.ok ? result.errors : {}).sort()).toEqual([
      'awsAccessKeyId',
      'awsSecretAccessKey',
      'queueUrl',
      'region',
      'sellerId',
    ]);
    const fifo = checkSetup({ ...input, queueUrl: `${input.queueUrl}.fifo` }, noOtherHost);
    expect(!fifo.ok && fifo.errors.queueUrl).toMatch(/FIFO/);
    const elsewhere = checkSetup({ ...input, region: 'us-east-1' }, noOtherHost);
    expect(!elsewhere.ok && elsewhere.errors.region).toBe("must be the queue's region (eu-west-1)");
  });

  it('takes another host only when the egress allow-list admits it', () => {
    const fake = { ...input, queueUrl: 'http://127.0.0.1:4566/123456789012/orders' };
    expect(checkSetup(fake, noOtherHost).ok).toBe(false);
    expect(checkSetup(fake, (url) => url.hostname === '127.0.0.1')).toMatchObject({
      ok: true,
      setup: { region: 'us-east-1' },
    });
  });

  it('keeps the setup among the credentials and takes it out again, leaving the store’s own', () => {
    const config = {
      ...input,
      region: 'eu-west-1',
      queueArn: 'arn:aws:sqs:eu-west-1:123456789012:shipdesk-orders',
      destinationId: 'd1',
      subscriptionId: 's1',
    };
    const own = { clientSecret: 'cs', refreshToken: 'Atzr|x' };
    const merged = withPushConfig(own, config);
    expect(pushConfigOf(merged)).toEqual(config);
    expect(withoutPushConfig(merged)).toEqual(own);
    expect(pushConfigOf(own)).toBeNull();
  });

  it("points AWS's refusal at the field to fix", () => {
    expect(fieldOfQueueRefusal('QueueDoesNotExist')).toBe('queueUrl');
    expect(fieldOfQueueRefusal('InvalidSignature')).toBe('awsSecretAccessKey');
    expect(fieldOfQueueRefusal('UnrecognizedClient')).toBe('awsAccessKeyId');
    expect(fieldOfQueueRefusal(null)).toBe('awsAccessKeyId');
  });
});
