import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LABEL_FORMATS, RETURN_EMAIL_STATUSES, type ReturnAddress } from '@shipdesk/contract';
import { orders } from '../orders/orders-tables.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, bytea, oneOf } from '../../db/schema/columns.ts';

/** `buying`: reserved, the carrier being asked (never shown); then as an outbound label's status. */
const RETURN_ROW_STATUSES = ['buying', 'active', 'voided', 'refund_requested'] as const;

/**
 * A return label of an order (docs/returns.md): written `buying` before the carrier is asked (with the carrier's
 * idempotency key and the request, so a lost answer is found again instead of bought twice), then what was bought,
 * its document, and the e-mail to the buyer. An RMA names one return of the tenant: two labels that stand (or are
 * being bought) never share it, a database fact.
 */
export const returnLabels = pgTable(
  'return_labels',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The outbound delivery it returns; kept as a number (no key): the delivery may be reshaped away. */
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }),
    carrier: text('carrier').notNull(),
    serviceCode: text('service_code').notNull(),
    serviceName: text('service_name').notNull(),
    packageType: text('package_type').notNull(),
    weight: integer('weight').notNull(),
    length: numeric('length', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    width: numeric('width', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    height: numeric('height', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    rma: text('rma').notNull(),
    fromAddress: jsonb('from_address').$type<ReturnAddress>().notNull(),
    toAddress: jsonb('to_address').$type<ReturnAddress>().notNull(),
    /** The carrier request as sent (ReturnLabelRequest, with its idempotency key), to find a lost answer again. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('buying'),
    trackingNumber: text('tracking_number'),
    carrierShipmentId: text('carrier_shipment_id'),
    shipDate: text('ship_date').notNull(),
    format: text('format').notNull(),
    contentType: text('content_type'),
    document: bytea('document'),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    payOnUse: boolean('pay_on_use'),
    emailStatus: text('email_status').notNull().default('not_sent'),
    emailTo: text('email_to'),
    emailSentAt: at('email_sent_at'),
    emailMessage: text('email_message'),
    createdById: text('created_by_id').notNull(),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    voidedAt: at('voided_at'),
    voidMessage: text('void_message'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'return_labels_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    uniqueIndex('return_labels_rma_idx')
      .on(t.tenantId, t.rma)
      .where(sql`status IN ('buying', 'active')`),
    index('return_labels_order_idx').on(t.tenantId, t.orderId, t.id),
    index('return_labels_buying_idx')
      .on(t.createdAt)
      .where(sql`status = 'buying'`),
    check('return_labels_status_check', oneOf('status', RETURN_ROW_STATUSES)),
    check('return_labels_format_check', oneOf('format', LABEL_FORMATS)),
    check('return_labels_email_status_check', oneOf('email_status', RETURN_EMAIL_STATUSES)),
    check(
      'return_labels_bought_check',
      sql`status = 'buying' OR (tracking_number IS NOT NULL AND carrier_shipment_id IS NOT NULL AND document IS NOT NULL
      AND content_type IS NOT NULL AND amount IS NOT NULL AND currency IS NOT NULL AND pay_on_use IS NOT NULL)`,
    ),
    tenantPolicy('return_labels'),
  ],
).enableRLS();

export type ReturnLabelRow = typeof returnLabels.$inferSelect;

const { document: _document, request: _request, ...returnFacts } = getTableColumns(returnLabels);
/** A return label as lists read it: everything but its document and the request kept for a lost answer. */
export const returnColumns = returnFacts;
export type ReturnRow = Omit<ReturnLabelRow, 'document' | 'request'>;
