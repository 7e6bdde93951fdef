import type { FakeReply } from '../http/fake-http.ts';

/**
 * SQS's errors on the AWS JSON 1.0 protocol: the HTTP status, `{ "__type": "<namespace>#<shape>", "message" }` and the
 * `x-amzn-query-error: <legacy query code>;Sender` header the SDKs read for the old error code. QueueDoesNotExist and
 * the auth errors (AccessDenied, UnrecognizedClientException, InvalidSignatureException) are the shapes AWS answers
 * today; the others follow the SQS API reference's error list (status) and the same pattern (unconfirmed on the wire).
 */

const CONTENT_TYPE = 'application/x-amz-json-1.0';

const ERRORS = {
  QueueDoesNotExist: [400, 'com.amazonaws.sqs#QueueDoesNotExist', 'AWS.SimpleQueueService.NonExistentQueue'],
  ReceiptHandleIsInvalid: [404, 'com.amazonaws.sqs#ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid'],
  MessageNotInflight: [400, 'com.amazonaws.sqs#MessageNotInflight', 'AWS.SimpleQueueService.MessageNotInflight'],
  InvalidAttributeName: [400, 'com.amazonaws.sqs#InvalidAttributeName', 'InvalidAttributeName'],
  InvalidParameterValue: [400, 'com.amazon.coral.service#InvalidParameterValueException', 'InvalidParameterValue'],
  MissingParameter: [400, 'com.amazon.coral.service#MissingRequiredParameterException', 'MissingParameter'],
  EmptyBatchRequest: [400, 'com.amazonaws.sqs#EmptyBatchRequest', 'AWS.SimpleQueueService.EmptyBatchRequest'],
  TooManyEntriesInBatchRequest: [
    400,
    'com.amazonaws.sqs#TooManyEntriesInBatchRequest',
    'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
  ],
  BatchEntryIdsNotDistinct: [
    400,
    'com.amazonaws.sqs#BatchEntryIdsNotDistinct',
    'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
  ],
  InvalidBatchEntryId: [400, 'com.amazonaws.sqs#InvalidBatchEntryId', 'AWS.SimpleQueueService.InvalidBatchEntryId'],
  SerializationException: [400, 'com.amazon.coral.service#SerializationException', 'MalformedInput'],
  UnknownOperation: [400, 'com.amazon.coral.service#UnknownOperationException', 'InvalidAction'],
  AccessDenied: [403, 'com.amazon.coral.service#AccessDeniedException', 'AccessDenied'],
  InvalidClientTokenId: [403, 'com.amazon.coral.service#UnrecognizedClientException', 'InvalidClientTokenId'],
  SignatureDoesNotMatch: [403, 'com.amazon.coral.service#InvalidSignatureException', 'SignatureDoesNotMatch'],
  IncompleteSignature: [400, 'com.amazon.coral.service#IncompleteSignatureException', 'IncompleteSignature'],
} as const satisfies Record<string, readonly [number, string, string]>;

type SqsErrorName = keyof typeof ERRORS;

export function sqsError(name: SqsErrorName, message: string): FakeReply {
  const [status, type, queryCode] = ERRORS[name];
  return {
    status,
    headers: { 'content-type': CONTENT_TYPE, 'x-amzn-query-error': `${queryCode};Sender` },
    body: JSON.stringify({ __type: type, message }),
  };
}

/** A success: the JSON result, or an empty body (DeleteMessage, ChangeMessageVisibility). */
export function sqsResult(result?: object): FakeReply {
  return {
    status: 200,
    headers: { 'content-type': CONTENT_TYPE },
    body: result === undefined ? '' : JSON.stringify(result),
  };
}
