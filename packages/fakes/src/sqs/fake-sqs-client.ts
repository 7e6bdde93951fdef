import { signAwsRequest, type AwsCredentials } from './fake-sqs-sigv4.ts';

/**
 * The fakes' own SQS JSON-protocol call (the fake Amazon delivering notifications, the tests): one signed
 * `POST /` with `X-Amz-Target: AmazonSQS.<action>`. Not the product's client; the product writes its own.
 */

interface SqsCallResult {
  status: number;
  headers: Headers;
  /** The parsed JSON answer; {} for an empty body. */
  body: Record<string, unknown>;
}

export async function callSqs(input: {
  /** The SQS endpoint, e.g. the fake's url. */
  endpoint: string;
  region: string;
  credentials: AwsCredentials;
  action: string;
  body: object;
  signal?: AbortSignal;
}): Promise<SqsCallResult> {
  const body = JSON.stringify(input.body);
  const url = `${input.endpoint.replace(/\/+$/, '')}/`;
  const headers = signAwsRequest({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${input.action}` },
    body,
    region: input.region,
    service: 'sqs',
    credentials: input.credentials,
  });
  const response = await fetch(url, { method: 'POST', headers, body, signal: input.signal });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
