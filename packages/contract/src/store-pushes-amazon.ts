import Type from 'typebox';
import { literalUnion, Nullable } from './schema-kit.ts';
import { PUSH_STATUSES } from './stores.ts';

/**
 * An Amazon store's ORDER_CHANGE notifications (docs/stores.md, "Pushes"): Amazon sends them to an SQS queue in the
 * seller's own AWS account; Shipdesk reads that queue with the seller's AWS keys and fetches each changed order.
 */

/** `PUT /call/store/{storeId}/amazonNotifications` (Admin): turn on, or move to another queue. */
export const AmazonNotificationsSetupSchema = Type.Object(
  {
    queueUrl: Type.String({
      maxLength: 400,
      description: 'the SQS queue URL, https://sqs.<region>.amazonaws.com/<account>/<name>',
    }),
    /** Read from the queue URL when left out. */
    region: Type.Optional(Type.String({ maxLength: 30 })),
    awsAccessKeyId: Type.String({ maxLength: 128 }),
    /** Write-only: sealed with the store's credentials, never answered. */
    awsSecretAccessKey: Type.String({ maxLength: 128 }),
    /** The seller's merchant token (Seller Central > Account Info): a notification of another seller is ignored. */
    sellerId: Type.String({ maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type AmazonNotificationsSetup = Type.Static<typeof AmazonNotificationsSetupSchema>;

/** `GET /call/store/{storeId}/amazonNotifications`: the notifications as they stand; never the AWS secret. */
export const AmazonNotificationsStateSchema = Type.Object({
  status: literalUnion(PUSH_STATUSES),
  /** Why they failed, in AWS's or Amazon's words. */
  error: Nullable(Type.String()),
  queueUrl: Nullable(Type.String()),
  region: Nullable(Type.String()),
  /** Masked: its last four characters. */
  awsAccessKeyId: Nullable(Type.String()),
  sellerId: Nullable(Type.String()),
  destinationId: Nullable(Type.String()),
  subscriptionId: Nullable(Type.String()),
  lastHeardAt: Nullable(Type.String({ format: 'date-time' })),
  counts: Type.Object({ recorded: Type.Integer(), duplicate: Type.Integer(), ignored: Type.Integer() }),
});
export type AmazonNotificationsState = Type.Static<typeof AmazonNotificationsStateSchema>;
