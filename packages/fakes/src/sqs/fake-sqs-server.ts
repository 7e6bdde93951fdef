import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { sqsError, sqsResult } from './fake-sqs-errors.ts';
import {
  QUEUE_ATTRIBUTE_NAMES,
  changeVisibility,
  createQueue,
  deleteMessage,
  knowsHandle,
  queueAttributes,
  receiveMessages,
  sendMessage,
  type FakeSqsMessage,
  type FakeSqsQueue,
} from './fake-sqs-queues.ts';
import { verifyAwsSignature, type AwsCredentials } from './fake-sqs-sigv4.ts';

/**
 * A loopback Amazon SQS for tests and the demo (never the product's code paths), speaking the AWS JSON 1.0 protocol
 * the SDKs use since 2023: `POST /` with `X-Amz-Target: AmazonSQS.<Action>` and a JSON body naming the `QueueUrl`,
 * signed with AWS Signature Version 4 by a key of one of the configured accounts. Standard queues only:
 * ReceiveMessage (1-10 messages, long polling up to 20 s that answers as soon as a message is visible, visibility
 * timeouts, system attributes), DeleteMessage(Batch), ChangeMessageVisibility, GetQueueAttributes, GetQueueUrl and
 * SendMessage. A queue belongs to one account; the keys of another account get AccessDenied unless the queue's policy
 * lets that account send (SendMessage and GetQueueAttributes only, as an SP-API destination queue's policy does).
 */

export interface FakeSqsAccount extends AwsCredentials {
  /** Twelve digits. */
  accountId: string;
}

export interface FakeSqsOptions {
  accounts: FakeSqsAccount[];
  /** Default us-east-1; signatures must be scoped to it. */
  region?: string;
  port?: number;
}

export interface FakeSqs extends FakeHttpServer {
  readonly region: string;
  /** A queue of `accountId` (test helper; SQS's CreateQueue is not served); `senders` are other accounts allowed to send. */
  createQueue(input: { accountId: string; name: string; senders?: string[]; visibilityTimeout?: number }): {
    url: string;
    arn: string;
  };
  /** The queue's URL for its ARN, or null when there is none. */
  queueUrlOf(arn: string): string | null;
  /** The queue's messages (test helper), in flight ones too, oldest first. */
  messages(queueUrl: string): readonly FakeSqsMessage[];
}

const SEND_ACTIONS = new Set(['SendMessage', 'GetQueueAttributes', 'GetQueueUrl']);
const MESSAGE_SYSTEM_ATTRIBUTES = new Set([
  'All',
  'SenderId',
  'SentTimestamp',
  'ApproximateReceiveCount',
  'ApproximateFirstReceiveTimestamp',
  'SequenceNumber',
  'MessageDeduplicationId',
  'MessageGroupId',
  'AWSTraceHeader',
  'DeadLetterQueueSourceArn',
]);
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;
const MAX_BODY_BYTES = 262_144;

type Input = Record<string, unknown>;

function intParameter(
  input: Input,
  name: string,
  min: number,
  max: number,
  reason: string,
): number | FakeReply | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return sqsError(
      'InvalidParameterValue',
      `Value ${JSON.stringify(value)} for parameter ${name} is invalid. Reason: ${reason}`,
    );
  }
  return value;
}

function stringList(input: Input, name: string): string[] | FakeReply {
  const value = input[name] ?? [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    return sqsError('InvalidParameterValue', `${name} must be a list of strings.`);
  }
  return value as string[];
}

const isReply = (value: unknown): value is FakeReply =>
  typeof value === 'object' && value !== null && 'status' in value && typeof (value as FakeReply).status === 'number';

const missing = (name: string) => sqsError('MissingParameter', `The request must contain the parameter ${name}.`);

function receivedMessage(message: FakeSqsMessage, names: string[]) {
  const all = names.includes('All');
  const attributes: Record<string, string> = {};
  const want = (name: string) => all || names.includes(name);
  if (want('SenderId')) attributes.SenderId = message.senderId;
  if (want('SentTimestamp')) attributes.SentTimestamp = String(message.sentAt);
  if (want('ApproximateReceiveCount')) attributes.ApproximateReceiveCount = String(message.receiveCount);
  if (want('ApproximateFirstReceiveTimestamp')) {
    attributes.ApproximateFirstReceiveTimestamp = String(message.firstReceivedAt ?? message.sentAt);
  }
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle,
    MD5OfBody: message.md5OfBody,
    Body: message.body,
    ...(Object.keys(attributes).length > 0 ? { Attributes: attributes } : {}),
  };
}

export async function startFakeSqs(options: FakeSqsOptions): Promise<FakeSqs> {
  const region = options.region ?? 'us-east-1';
  const accountOfKey = new Map(options.accounts.map((account) => [account.accessKeyId, account]));
  /** By `<account>/<name>`. */
  const queues = new Map<string, FakeSqsQueue>();
  let closeNow: () => void = () => {};
  const closed = new Promise<void>((resolve) => (closeNow = resolve));
  let baseUrl = '';

  const urlOf = (queue: FakeSqsQueue) => `${baseUrl}/${queue.accountId}/${queue.name}`;

  function queueOf(input: Input): FakeSqsQueue | FakeReply {
    const url = input.QueueUrl;
    if (typeof url !== 'string' || url === '') return missing('QueueUrl');
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return sqsError('QueueDoesNotExist', 'The specified queue does not exist.');
    }
    return (
      queues.get(path.replace(/^\/+|\/+$/g, '')) ?? sqsError('QueueDoesNotExist', 'The specified queue does not exist.')
    );
  }

  async function act(action: string, input: Input, caller: FakeSqsAccount, queue: FakeSqsQueue): Promise<FakeReply> {
    switch (action) {
      case 'SendMessage': {
        const body = input.MessageBody;
        if (typeof body !== 'string' || body === '') return missing('MessageBody');
        if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
          return sqsError(
            'InvalidParameterValue',
            `One or more parameters are invalid. Reason: Message must be shorter than ${MAX_BODY_BYTES} bytes.`,
          );
        }
        const delay = intParameter(input, 'DelaySeconds', 0, 900, 'Must be >= 0 and <= 900, if provided.');
        if (isReply(delay)) return delay;
        const message = sendMessage(queue, body, caller.accessKeyId, delay);
        return sqsResult({ MD5OfMessageBody: message.md5OfBody, MessageId: message.messageId });
      }
      case 'ReceiveMessage': {
        const max = intParameter(input, 'MaxNumberOfMessages', 1, 10, 'Must be between 1 and 10, if provided.');
        const wait = intParameter(input, 'WaitTimeSeconds', 0, 20, 'Must be >= 0 and <= 20, if provided.');
        const visibility = intParameter(
          input,
          'VisibilityTimeout',
          0,
          43_200,
          'Must be >= 0 and <= 43200, if provided.',
        );
        for (const value of [max, wait, visibility]) if (isReply(value)) return value;
        const names = [stringList(input, 'AttributeNames'), stringList(input, 'MessageSystemAttributeNames')];
        for (const value of names) if (isReply(value)) return value;
        const attributeNames = (names as string[][]).flat();
        const unknown = attributeNames.find((name) => !MESSAGE_SYSTEM_ATTRIBUTES.has(name));
        if (unknown) return sqsError('InvalidAttributeName', `Unknown Attribute ${unknown}.`);
        const messages = await receiveMessages(queue, {
          max: (max as number | undefined) ?? 1,
          visibilitySeconds: (visibility as number | undefined) ?? queue.visibilityTimeout,
          waitSeconds: (wait as number | undefined) ?? queue.receiveWaitTimeSeconds,
          closed,
        });
        if (messages.length === 0) return sqsResult({});
        return sqsResult({ Messages: messages.map((message) => receivedMessage(message, attributeNames)) });
      }
      case 'DeleteMessage': {
        const handle = input.ReceiptHandle;
        if (typeof handle !== 'string' || handle === '') return missing('ReceiptHandle');
        if (!knowsHandle(queue, handle)) {
          return sqsError(
            'ReceiptHandleIsInvalid',
            `The input receipt handle "${handle}" is not a valid receipt handle.`,
          );
        }
        deleteMessage(queue, handle);
        return sqsResult();
      }
      case 'DeleteMessageBatch':
        return deleteBatch(queue, input);
      case 'ChangeMessageVisibility': {
        const handle = input.ReceiptHandle;
        if (typeof handle !== 'string' || handle === '') return missing('ReceiptHandle');
        if (input.VisibilityTimeout === undefined) return missing('VisibilityTimeout');
        const seconds = intParameter(input, 'VisibilityTimeout', 0, 43_200, 'Must be >= 0 and <= 43200.');
        if (isReply(seconds)) return seconds;
        if (!knowsHandle(queue, handle)) {
          return sqsError(
            'ReceiptHandleIsInvalid',
            `The input receipt handle "${handle}" is not a valid receipt handle.`,
          );
        }
        if (changeVisibility(queue, handle, seconds as number) === 'notInflight') {
          return sqsError(
            'MessageNotInflight',
            'Message does not exist or is not available for visibility timeout change.',
          );
        }
        return sqsResult();
      }
      case 'GetQueueAttributes': {
        const names = stringList(input, 'AttributeNames');
        if (isReply(names)) return names;
        const unknown = names.find((name) => !QUEUE_ATTRIBUTE_NAMES.has(name));
        if (unknown) return sqsError('InvalidAttributeName', `Unknown Attribute ${unknown}.`);
        const attributes = queueAttributes(queue, names);
        return sqsResult(Object.keys(attributes).length > 0 ? { Attributes: attributes } : {});
      }
      case 'GetQueueUrl':
        return sqsResult({ QueueUrl: urlOf(queue) });
      default:
        return sqsError('UnknownOperation', `Operation ${action} is not supported by this fake.`);
    }
  }

  function deleteBatch(queue: FakeSqsQueue, input: Input): FakeReply {
    const entries = input.Entries;
    if (entries === undefined) return missing('Entries');
    if (!Array.isArray(entries)) return sqsError('InvalidParameterValue', 'Entries must be a list.');
    if (entries.length === 0) {
      return sqsError(
        'EmptyBatchRequest',
        'There should be at least one DeleteMessageBatchRequestEntry in the request.',
      );
    }
    if (entries.length > 10) {
      return sqsError(
        'TooManyEntriesInBatchRequest',
        `Maximum number of entries per request are 10. You have sent ${entries.length}.`,
      );
    }
    const seen = new Set<string>();
    for (const entry of entries as Array<{ Id?: unknown }>) {
      if (typeof entry?.Id !== 'string' || !BATCH_ENTRY_ID.test(entry.Id)) {
        return sqsError(
          'InvalidBatchEntryId',
          'A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.',
        );
      }
      if (seen.has(entry.Id)) return sqsError('BatchEntryIdsNotDistinct', `Id ${entry.Id} repeated.`);
      seen.add(entry.Id);
    }
    const Successful: Array<{ Id: string }> = [];
    const Failed: Array<{ Id: string; SenderFault: boolean; Code: string; Message: string }> = [];
    for (const entry of entries as Array<{ Id: string; ReceiptHandle?: unknown }>) {
      const handle = entry.ReceiptHandle;
      if (typeof handle !== 'string' || !knowsHandle(queue, handle)) {
        Failed.push({
          Id: entry.Id,
          SenderFault: true,
          Code: 'ReceiptHandleIsInvalid',
          Message: `The input receipt handle "${String(handle)}" is not a valid receipt handle.`,
        });
        continue;
      }
      deleteMessage(queue, handle);
      Successful.push({ Id: entry.Id });
    }
    return sqsResult({ Successful, Failed });
  }

  async function handle(request: FakeRequest): Promise<FakeReply> {
    const query = request.query.toString();
    const verified = verifyAwsSignature({
      method: request.method,
      url: query ? `${request.path}?${query}` : request.path,
      headers: request.headers,
      body: request.body,
      region,
      service: 'sqs',
      secretOf: (key) => accountOfKey.get(key)?.secretAccessKey,
    });
    if ('kind' in verified) {
      const name = (
        {
          missing: 'AccessDenied',
          incomplete: 'IncompleteSignature',
          unknownKey: 'InvalidClientTokenId',
          mismatch: 'SignatureDoesNotMatch',
        } as const
      )[verified.kind];
      return sqsError(name, verified.message);
    }
    const caller = accountOfKey.get(verified.accessKeyId)!;
    const target = String(request.headers['x-amz-target'] ?? '');
    if (!target.startsWith('AmazonSQS.')) return sqsError('UnknownOperation', `Unknown operation ${target}.`);
    const action = target.slice('AmazonSQS.'.length);
    let input: unknown;
    try {
      input = JSON.parse(request.body);
    } catch {
      return sqsError('SerializationException', 'The request body is not valid JSON.');
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return sqsError('SerializationException', 'The request body must be a JSON object.');
    }
    let queue: FakeSqsQueue | FakeReply;
    if (action === 'GetQueueUrl') {
      const { QueueName, QueueOwnerAWSAccountId } = input as Input;
      if (typeof QueueName !== 'string' || QueueName === '') return missing('QueueName');
      const owner = typeof QueueOwnerAWSAccountId === 'string' ? QueueOwnerAWSAccountId : caller.accountId;
      queue =
        queues.get(`${owner}/${QueueName}`) ?? sqsError('QueueDoesNotExist', 'The specified queue does not exist.');
    } else {
      queue = queueOf(input as Input);
    }
    if (isReply(queue)) return queue;
    const allowed =
      queue.accountId === caller.accountId || (queue.senders.has(caller.accountId) && SEND_ACTIONS.has(action));
    if (!allowed) {
      const verb = `sqs:${action.toLowerCase()}`;
      return sqsError(
        'AccessDenied',
        `User: arn:aws:iam::${caller.accountId}:user/fake is not authorized to perform: ${verb} on resource: ${queue.arn} because no resource-based policy allows the ${verb} action`,
      );
    }
    return act(action, input as Input, caller, queue);
  }

  const router = new FakeRouter().on('POST', '/', handle);
  const server = await startFakeHttpServer(router, {
    port: options.port,
    notFound: () => sqsError('UnknownOperation', 'SQS answers POST / only.'),
  });
  baseUrl = server.url;
  const close = server.close.bind(server);

  return Object.assign(server, {
    region,
    createQueue(input: { accountId: string; name: string; senders?: string[]; visibilityTimeout?: number }) {
      if (!options.accounts.some((account) => account.accountId === input.accountId)) {
        throw new Error(`createQueue: account ${input.accountId} is not one of the fake's accounts`);
      }
      if (!/^[A-Za-z0-9_-]{1,80}$/.test(input.name)) throw new Error(`createQueue: invalid queue name ${input.name}`);
      const queue = createQueue({ ...input, region });
      queues.set(`${input.accountId}/${input.name}`, queue);
      return { url: urlOf(queue), arn: queue.arn };
    },
    queueUrlOf(arn: string) {
      const queue = [...queues.values()].find((candidate) => candidate.arn === arn);
      return queue ? urlOf(queue) : null;
    },
    messages(queueUrl: string) {
      const queue = queueOf({ QueueUrl: queueUrl });
      if (isReply(queue)) throw new Error(`messages: no queue at ${queueUrl}`);
      return queue.messages.map((message) => ({ ...message }));
    },
    async close() {
      closeNow();
      await close();
    },
  });
}
