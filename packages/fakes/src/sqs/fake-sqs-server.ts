import {
  FakeRouter,
  startFakeHttpServer,
  type FakeHttpServer,
  type FakeReply,
  type FakeRequest,
} from '../http/fake-http.ts';
import { isReply, missing, runSqsAction, type Input } from './fake-sqs-actions.ts';
import { sqsError } from './fake-sqs-errors.ts';
import { createQueue, type FakeSqsMessage, type FakeSqsQueue } from './fake-sqs-queues.ts';
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

interface FakeSqsAccount extends AwsCredentials {
  /** Twelve digits. */
  accountId: string;
}

interface FakeSqsOptions {
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
    return runSqsAction(action, input as Input, { queue, caller, closed, queueUrl: urlOf(queue) });
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
