import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  jsonb,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CUSTOMS_FORMS,
  LABEL_BATCH_ITEM_STATUSES,
  LABEL_BATCH_STATUSES,
  LABEL_FORMATS,
  LABEL_STATUSES,
  TRACKING_PUSH_STATUSES,
  TRACKING_STATUSES,
} from '@shipdesk/contract';
import { deliveries, orders } from '../orders/orders-tables.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, bytea, oneOf } from '../../db/schema/columns.ts';

/**
 * A label bought for one delivery: what was bought (carrier, service, parcel), for how much, its document, whether it
 * still stands (a voided label stays, for the record), and the state of telling the order's channel its tracking
 * number. At most one standing label per delivery is a database fact (a partial unique index), so two purchases of
 * one delivery can never both be recorded.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
    carrier: text('carrier').notNull(),
    serviceCode: text('service_code').notNull(),
    serviceName: text('service_name').notNull(),
    packageType: text('package_type').notNull(),
    weight: integer('weight').notNull(),
    length: numeric('length', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    width: numeric('width', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    height: numeric('height', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    trackingNumber: text('tracking_number').notNull(),
    carrierShipmentId: text('carrier_shipment_id').notNull(),
    shipDate: text('ship_date').notNull(),
    format: text('format').notNull(),
    contentType: text('content_type').notNull(),
    document: bytea('document').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The options bought with it (docs/label-options.md): insured value in minor units of `insured_currency`. */
    insuredValue: bigint('insured_value', { mode: 'number' }),
    insuredCurrency: text('insured_currency'),
    insuranceProvider: text('insurance_provider'),
    signature: text('signature'),
    /**
     * The customs declaration it was bought with (docs/customs.md), as sent (ShipmentCustoms), the form it travelled
     * on, and the separate document the carrier returned (CN 22/23 page, commercial invoice; null when the form is
     * printed on the label itself).
     */
    customs: jsonb('customs'),
    customsForm: text('customs_form'),
    customsDocument: bytea('customs_document'),
    customsContentType: text('customs_content_type'),
    status: text('status').notNull().default('active'),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    voidedAt: at('voided_at'),
    voidMessage: text('void_message'),
    trackingPushStatus: text('tracking_push_status').notNull(),
    trackingPushAttempts: integer('tracking_push_attempts').notNull().default(0),
    trackingPushNextAt: at('tracking_push_next_at'),
    trackingPushMessage: text('tracking_push_message'),
    trackingPushedAt: at('tracking_pushed_at'),
    /**
     * The parcel as the carrier tracks it (docs/tracking.md): its normalised status and since when, the day the
     * carrier promised, when it was last asked and when it is asked next (null: never again), and the failed asks
     * in a row with the last one's words.
     */
    parcelStatus: text('parcel_status').notNull().default('label_created'),
    parcelStatusAt: at('parcel_status_at'),
    parcelExpected: text('parcel_expected'),
    parcelCheckedAt: at('parcel_checked_at'),
    parcelNextAt: at('parcel_next_at').default(sql`now() + interval '30 minutes'`),
    parcelFailures: integer('parcel_failures').notNull().default(0),
    parcelProblem: text('parcel_problem'),
    /** A seller's "resolved" on a parcel with a problem (the exceptions list leaves it out until a new problem). */
    parcelResolvedAt: at('parcel_resolved_at'),
    parcelResolvedBy: text('parcel_resolved_by'),
    /**
     * The carrier's per-number push subscription (UPS Track Alert, docs/tracking.md "Pushes"): until when it runs,
     * when it may be asked for next (a lease while a call is in flight, a backoff after a failure or a refusal), the
     * failures in a row and the last one's words.
     */
    pushSubscribedUntil: at('push_subscribed_until'),
    pushSubscribeAt: at('push_subscribe_at'),
    pushSubscribeFailures: integer('push_subscribe_failures').notNull().default(0),
    pushSubscribeProblem: text('push_subscribe_problem'),
    /** The unguessable part of the public tracking page's address (docs/buyer-notices.md); set when first needed. */
    publicToken: text('public_token'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'shipping_labels_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'shipping_labels_delivery_fk',
      columns: [t.tenantId, t.deliveryId],
      foreignColumns: [deliveries.tenantId, deliveries.id],
    }).onDelete('cascade'),
    uniqueIndex('shipping_labels_one_standing_idx')
      .on(t.tenantId, t.deliveryId)
      .where(sql`status = 'active'`),
    index('shipping_labels_tenant_order_idx').on(t.tenantId, t.orderId, t.id),
    index('shipping_labels_tracking_idx').on(t.tenantId, t.trackingNumber),
    index('shipping_labels_push_due_idx')
      .on(t.trackingPushNextAt)
      .where(sql`tracking_push_status = 'pending'`),
    check('shipping_labels_format_check', oneOf('format', LABEL_FORMATS)),
    check(
      'shipping_labels_options_check',
      sql`(insured_value IS NULL OR (insured_value > 0 AND insured_currency IS NOT NULL AND insurance_provider IS NOT NULL))
      AND (signature IS NULL OR signature IN ('standard', 'adult'))`,
    ),
    check(
      'shipping_labels_customs_check',
      sql`(customs IS NULL) = (customs_form IS NULL) AND (customs_document IS NULL) = (customs_content_type IS NULL)
      AND (customs_document IS NULL OR customs IS NOT NULL)`,
    ),
    check('shipping_labels_customs_form_check', sql`customs_form IS NULL OR ${oneOf('customs_form', CUSTOMS_FORMS)}`),
    check('shipping_labels_status_check', oneOf('status', LABEL_STATUSES)),
    check('shipping_labels_parcel_status_check', oneOf('parcel_status', TRACKING_STATUSES)),
    uniqueIndex('shipping_labels_public_token_idx')
      .on(t.publicToken)
      .where(sql`public_token IS NOT NULL`),
    // The tracking sweep's due parcels, oldest due first.
    index('shipping_labels_parcel_due_idx')
      .on(t.parcelNextAt)
      .where(sql`status = 'active' AND parcel_next_at IS NOT NULL`),
    // Track Alert's sweep: the standing UPS parcels still moving, those never subscribed first.
    index('shipping_labels_push_subscribe_idx')
      .on(sql`${t.pushSubscribedUntil} NULLS FIRST`)
      .where(sql`status = 'active' AND carrier = 'ups' AND parcel_status NOT IN ('delivered', 'returned', 'voided')`),
    // The dashboard's Delivered On Time / Late tiles: the tenant's delivered parcels by when they were delivered.
    index('shipping_labels_delivered_at_idx')
      .on(t.tenantId, t.parcelStatusAt)
      .where(sql`status = 'active' AND parcel_status = 'delivered'`),
    check('shipping_labels_push_status_check', oneOf('tracking_push_status', TRACKING_PUSH_STATUSES)),
    tenantPolicy('shipping_labels'),
  ],
).enableRLS();

export type ShippingLabelRow = typeof shippingLabels.$inferSelect;

const { document: _document, customsDocument: _customsDocument, ...labelFacts } = getTableColumns(shippingLabels);
/**
 * A label as every read but its documents' own selects it: its facts, and whether a customs document is kept beside
 * it, never the documents themselves (they are large).
 */
export const labelColumns = {
  ...labelFacts,
  hasCustomsDocument: sql<boolean>`(${shippingLabels.customsDocument} IS NOT NULL)`.mapWith(Boolean),
};
export type LabelRow = Omit<ShippingLabelRow, 'document' | 'customsDocument'> & { hasCustomsDocument: boolean };

/**
 * A batch of labels bought in the background for many orders: who asked, the format, progress counters, and which
 * run of its slice job holds it (`worker`: a stale run that lost it stops; the engine, pg-boss, resumes a stopped
 * instance's slice after its expiry).
 */
export const labelBatches = pgTable(
  'label_batches',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    event: text('event').notNull(),
    status: text('status').notNull().default('running'),
    total: integer('total').notNull(),
    bought: integer('bought').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    worker: text('worker'),
    /** The declaration's choices (CustomsDefaults) for its orders that need customs; null: the defaults. */
    customs: jsonb('customs'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('label_batches_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('label_batches_event_check', oneOf('event', ['shipLabel', 'zpl'])),
    check('label_batches_status_check', oneOf('status', LABEL_BATCH_STATUSES)),
    tenantPolicy('label_batches'),
  ],
).enableRLS();

/** One order of a batch: its state, the label bought for it or why not. */
export const labelBatchItems = pgTable(
  'label_batch_items',
  {
    tenantId: text('tenant_id').notNull(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('queued'),
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    labelId: bigint('label_id', { mode: 'number' }),
    message: text('message'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.batchId, t.orderId] }),
    foreignKey({
      name: 'label_batch_items_batch_fk',
      columns: [t.tenantId, t.batchId],
      foreignColumns: [labelBatches.tenantId, labelBatches.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'label_batch_items_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('label_batch_items_position_idx').on(t.tenantId, t.batchId, t.position),
    // The items still to work on, found without reading past the bought ones.
    index('label_batch_items_open_idx')
      .on(t.tenantId, t.batchId, t.position)
      .where(sql`status IN ('queued', 'buying')`),
    check('label_batch_items_status_check', oneOf('status', LABEL_BATCH_ITEM_STATUSES)),
    tenantPolicy('label_batch_items'),
  ],
).enableRLS();

export type LabelBatchRow = typeof labelBatches.$inferSelect;
export type LabelBatchItemRow = typeof labelBatchItems.$inferSelect;
