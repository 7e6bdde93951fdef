import type { FakeReply } from '../http/fake-http.ts';
import { sqsError, sqsResult } from './fake-sqs-errors.ts';
import {
  QUEUE_ATTRIBUTE_NAMES,
  changeVisibility,
  deleteMessage,
  knowsHandle,
  queueAttributes,
  receiveMessages,
  sendMessage,
  type FakeSqsMessage,
  type FakeSqsQueue,
} from './fake-sqs-queues.ts';

/**
 * The fake SQS's actions on one queue, once the caller is authenticated and allowed: the parameters checked as SQS
 * checks them (errors name the parameter), then SendMessage, ReceiveMessage, DeleteMessage(Batch),
 * ChangeMessageVisibility, GetQueueAttributes and GetQueueUrl.
 */

interface SqsActionContext {
  queue: FakeSqsQueue;
  /** The caller's access key id, SenderId of what it sends. */
  caller: { accessKeyId: string };
  queueUrl: string;
  /** Resolves when the fake closes: long polls answer empty. */
  closed: Promise<void>;
}

export type Input = Record<string, unknown>;

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

export const isReply = (value: unknown): value is FakeReply =>
  typeof value === 'object' && value !== null && 'status' in value && typeof (value as FakeReply).status === 'number';

export const missing = (name: string) =>
  sqsError('MissingParameter', `The request must contain the parameter ${name}.`);

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

export async function runSqsAction(action: string, input: Input, context: SqsActionContext): Promise<FakeReply> {
  const { caller, queue, closed } = context;
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
      const visibility = intParameter(input, 'VisibilityTimeout', 0, 43_200, 'Must be >= 0 and <= 43200, if provided.');
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
      return sqsResult({ QueueUrl: context.queueUrl });
    default:
      return sqsError('UnknownOperation', `Operation ${action} is not supported by this fake.`);
  }
}

function deleteBatch(queue: FakeSqsQueue, input: Input): FakeReply {
  const entries = input.Entries;
  if (entries === undefined) return missing('Entries');
  if (!Array.isArray(entries)) return sqsError('InvalidParameterValue', 'Entries must be a list.');
  if (entries.length === 0) {
    return sqsError('EmptyBatchRequest', 'There should be at least one DeleteMessageBatchRequestEntry in the request.');
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
