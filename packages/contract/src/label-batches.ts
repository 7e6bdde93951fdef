import Type from 'typebox';
import { CustomsDefaultsSchema } from './customs.ts';
import { IdSchema } from './ids.ts';
import { LABEL_SIGNATURES } from './labels.ts';
import { literalUnion, Nullable } from './schema-kit.ts';

/**
 * Label batches: labels bought in the background for many orders at once, with the mapped services. Progress goes
 * to every open tab of the tenant (realtime `labels:batch`); each order has its result; failures are retried.
 */
export const LABEL_BATCH_STATUSES = ['running', 'done'] as const;
export const LABEL_BATCH_ITEM_STATUSES = ['queued', 'buying', 'bought', 'failed'] as const;
export const MAX_BATCH_ORDERS = 5000;

export const LabelBatchRealtimeEvent = 'labels:batch';

/** `POST /call/labelBatches`: the orders (ids, or every order that can ship now), and the label format. */
export const CreateLabelBatchSchema = Type.Object(
  {
    event: Type.Union([Type.Literal('shipLabel'), Type.Literal('zpl')], { description: 'PDF (shipLabel) or ZPL' }),
    orderIds: Type.Optional(Type.Array(IdSchema, { minItems: 1, maxItems: MAX_BATCH_ORDERS })),
    allShippable: Type.Optional(
      Type.Boolean({ description: 'every paid Sales Order with an unlabelled delivery (the "To ship" work)' }),
    ),
    /** The declaration's choices for orders that need customs (lines from each order); absent: DEFAULT_CUSTOMS. */
    customs: Type.Optional(CustomsDefaultsSchema),
  },
  { additionalProperties: false },
);
export type CreateLabelBatch = Type.Static<typeof CreateLabelBatchSchema>;

export const LabelBatchSchema = Type.Object({
  id: IdSchema,
  event: Type.Union([Type.Literal('shipLabel'), Type.Literal('zpl')]),
  status: literalUnion(LABEL_BATCH_STATUSES),
  total: Type.Integer(),
  bought: Type.Integer(),
  failed: Type.Integer(),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type LabelBatch = Type.Static<typeof LabelBatchSchema>;

const LabelBatchItemSchema = Type.Object({
  orderId: IdSchema,
  orderNumber: Type.String(),
  status: literalUnion(LABEL_BATCH_ITEM_STATUSES),
  deliveryId: Nullable(IdSchema),
  trackingNumber: Nullable(Type.String()),
  serviceName: Nullable(Type.String()),
  amount: Nullable(Type.Integer()),
  currency: Nullable(Type.String()),
  /** What the label was bought with (its price includes them); null when not, or bought before they were recorded. */
  insuredValue: Nullable(Type.Integer({ description: 'minor units of currency' })),
  signature: Nullable(literalUnion(LABEL_SIGNATURES)),
  message: Nullable(Type.String({ description: 'why no label was bought, in the carrier’s words where it gave some' })),
});
export type LabelBatchItem = Type.Static<typeof LabelBatchItemSchema>;

export const LabelBatchDetailSchema = Type.Object({
  batch: LabelBatchSchema,
  items: Type.Array(LabelBatchItemSchema),
});
export type LabelBatchDetail = Type.Static<typeof LabelBatchDetailSchema>;
