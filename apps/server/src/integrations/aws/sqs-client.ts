import { ChannelError, createChannelHttp, type HttpOptions, type PlatformRules } from '../http/channel-http.ts';
import { signRequest, type AwsKeys } from './aws-sigv4.ts';

/**
 * Amazon SQS over its JSON protocol (`POST /`, `Content-Type: application/x-amz-json-1.0`, `X-Amz-Target:
 * AmazonSQS.<Action>`, SigV4 with service `sqs`): the three calls a queue's reader needs. Errors come back as
 * `{ "__type": "com.amazonaws.sqs#QueueDoesNotExist", "message": … }`; `SqsError.permanent` says whether the keys or
 * the queue are wrong (the seller must act) rather than AWS being briefly unavailable.
 */

export interface SqsMessage {
  MessageId: string;
  ReceiptHandle: string;
  Body: string;
  MD5OfBody?: string;
  Attributes?: Record<string, string>;
}

interface SqsClientConfig {
  queueUrl: string;
  region: string;
  keys: AwsKeys;
  http?: HttpOptions;
}

export interface SqsClient {
  /** Long polling: waits up to `waitSeconds` (0-20) for up to `max` (1-10) messages. */
  receive(
    options: { waitSeconds: number; max: number; visibilitySeconds?: number },
    signal?: AbortSignal,
  ): Promise<SqsMessage[]>;
  /** Deletes received messages by receipt handle; answers the handles AWS did not delete. */
  deleteBatch(receiptHandles: string[], signal?: AbortSignal): Promise<string[]>;
  /** The queue's ARN (GetQueueAttributes QueueArn): also proves the keys may read the queue. */
  queueArn(signal?: AbortSignal): Promise<string>;
}

/** Codes after which polling again cannot help: the queue is gone or the keys may not use it. */
const PERMANENT_CODES =
  /^(AccessDenied|QueueDoesNotExist|NonExistentQueue|UnrecognizedClient|InvalidClientTokenId|InvalidSignature|SignatureDoesNotMatch|MissingAuthenticationToken|IncompleteSignature|InvalidSecurity|InvalidAddress|KmsAccessDenied|KmsDisabled|KmsNotFound)/;

export class SqsError extends Error {
  /** AWS's error code (`QueueDoesNotExist`), when it sent one. */
  readonly code: string | null;
  readonly status: number | null;
  readonly permanent: boolean;

  constructor(message: string, code: string | null, status: number | null, permanent: boolean) {
    super(message);
    this.name = 'SqsError';
    this.code = code;
    this.status = status;
    this.permanent = permanent;
  }
}

/** `com.amazonaws.sqs#QueueDoesNotExist` -> `QueueDoesNotExist`; `AccessDeniedException` -> `AccessDenied`. */
function errorCode(body: unknown): string | null {
  const type = (body as { __type?: unknown } | null)?.__type;
  if (typeof type !== 'string') return null;
  return type.slice(type.lastIndexOf('#') + 1).replace(/Exception$/, '') || null;
}

function errorText(body: unknown): string | null {
  const entry = body as { message?: unknown; Message?: unknown } | null;
  const text = entry?.message ?? entry?.Message;
  return typeof text === 'string' ? text : null;
}

const sqsRules: PlatformRules = {
  platform: 'AWS SQS',
  errorMessage: (_response, body) => {
    const code = errorCode(body);
    const text = errorText(body);
    return code ? [code, text].filter(Boolean).join(': ') : text;
  },
};

function asSqsError(error: unknown): unknown {
  if (!(error instanceof ChannelError)) return error;
  const words = error.platformMessage ?? error.message;
  const code = /^([A-Za-z.]+)(:|$)/.exec(error.platformMessage ?? '')?.[1] ?? null;
  const permanent =
    error.status === 401 ||
    error.status === 403 ||
    (code !== null && PERMANENT_CODES.test(code)) ||
    // Refused before sending (the egress guard): the address itself is wrong.
    (error.kind === 'invalid' && error.status === null);
  return new SqsError(`AWS answered: ${words}`, code, error.status, permanent);
}

/** The region named in a queue URL's host (`sqs.eu-west-1.amazonaws.com`), or null for another host. */
export function regionOfQueueUrl(queueUrl: string): string | null {
  try {
    return /^sqs\.([a-z0-9-]+)\.amazonaws\.com$/.exec(new URL(queueUrl).hostname)?.[1] ?? null;
  } catch {
    return null;
  }
}

export function createSqsClient(config: SqsClientConfig): SqsClient {
  const http = createChannelHttp(sqsRules, config.http);
  const queue = new URL(config.queueUrl);
  const endpoint = new URL('/', queue);

  async function call<T>(action: string, payload: object, idempotent: boolean, signal?: AbortSignal): Promise<T> {
    const body = JSON.stringify(payload);
    const headers = signRequest({
      method: 'POST',
      url: endpoint,
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `AmazonSQS.${action}` },
      body,
      region: config.region,
      service: 'sqs',
      keys: config.keys,
    });
    try {
      // `json` is stringified the same way again, so the signed hash matches the bytes sent.
      const { body: answer } = await http.json<T>(
        { method: 'POST', url: endpoint.toString(), headers, json: payload, idempotent },
        signal,
      );
      return answer;
    } catch (error) {
      throw asSqsError(error);
    }
  }

  return {
    async receive({ waitSeconds, max, visibilitySeconds }, signal) {
      const answer = await call<{ Messages?: SqsMessage[] } | null>(
        'ReceiveMessage',
        {
          QueueUrl: config.queueUrl,
          WaitTimeSeconds: waitSeconds,
          MaxNumberOfMessages: max,
          ...(visibilitySeconds !== undefined && { VisibilityTimeout: visibilitySeconds }),
          MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
        },
        false,
        signal,
      );
      return (answer?.Messages ?? []).filter(
        (m): m is SqsMessage => typeof m?.ReceiptHandle === 'string' && typeof m.Body === 'string',
      );
    },

    async deleteBatch(receiptHandles, signal) {
      if (receiptHandles.length === 0) return [];
      const entries = receiptHandles.map((handle, i) => ({ Id: String(i), ReceiptHandle: handle }));
      const answer = await call<{ Failed?: Array<{ Id: string }> } | null>(
        'DeleteMessageBatch',
        { QueueUrl: config.queueUrl, Entries: entries },
        true,
        signal,
      );
      return (answer?.Failed ?? []).map((f) => receiptHandles[Number(f.Id)]).filter((h): h is string => Boolean(h));
    },

    async queueArn(signal) {
      const answer = await call<{ Attributes?: Record<string, string> } | null>(
        'GetQueueAttributes',
        { QueueUrl: config.queueUrl, AttributeNames: ['QueueArn'] },
        true,
        signal,
      );
      const arn = answer?.Attributes?.QueueArn;
      if (!arn) throw new SqsError('AWS answered without the queue ARN', null, null, false);
      return arn;
    },
  };
}
