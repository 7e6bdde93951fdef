import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRACKING_STATUSES } from '@shipdesk/contract';
import { shippingLabels } from '../labels/labels-tables.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at, oneOf } from '../../db/schema/columns.ts';

/**
 * The carrier's events of a label's parcel (docs/tracking.md), each once: `key` is the event's identity (its time,
 * code and words), so an event the carrier answers again, or pushes twice, is stored once. A parcel's status is
 * its newest event's, by the event's own time, whatever order they arrived in.
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    tenantId: text('tenant_id').notNull(),
    labelId: bigint('label_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    at: at('at').notNull(),
    status: text('status').notNull(),
    code: text('code'),
    description: text('description').notNull(),
    location: text('location'),
    /** Who moved it: the carrier (`poll`, `push`) or a person (the built-in carrier's parcels). */
    source: text('source').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.labelId, t.key] }),
    foreignKey({
      name: 'tracking_events_label_fk',
      columns: [t.tenantId, t.labelId],
      foreignColumns: [shippingLabels.tenantId, shippingLabels.id],
    }).onDelete('cascade'),
    index('tracking_events_label_at_idx').on(t.tenantId, t.labelId, t.at),
    // The dashboard's Exceptions tile: the tenant's exception events by their time.
    index('tracking_events_exception_at_idx')
      .on(t.tenantId, t.at)
      .where(sql`status = 'exception'`),
    check('tracking_events_status_check', oneOf('status', TRACKING_STATUSES)),
    check('tracking_events_source_check', sql`source IN ('poll', 'push', 'seller')`),
    tenantPolicy('tracking_events'),
  ],
).enableRLS();

export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/** Each carrier account's budget of tracking calls in the current window (lib/call-budget.ts), shared by instances. */
export const trackingQuotas = pgTable(
  'tracking_quotas',
  {
    tenantId: text('tenant_id').notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }).notNull(),
    windowStartedAt: at('window_started_at').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.carrierAccountId] }), tenantPolicy('tracking_quotas')],
).enableRLS();

/**
 * A carrier account's push of tracking events to Shipdesk (docs/tracking.md, "Pushes"): the carrier's subscription
 * (or webhook) id, the secret its pushes are signed with (sealed like credentials), and whether it works.
 */
export const trackingPushSubscriptions = pgTable(
  'tracking_push_subscriptions',
  {
    tenantId: text('tenant_id').notNull(),
    carrierAccountId: bigint('carrier_account_id', { mode: 'number' }).notNull(),
    carrier: text('carrier').notNull(),
    /** The unguessable part of the listener's address that names this account (no tenant id in a URL). */
    hookKey: text('hook_key').notNull(),
    externalId: text('external_id'),
    secret: text('secret'),
    status: text('status').notNull().default('pending'),
    message: text('message'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.carrierAccountId] }),
    uniqueIndex('tracking_push_subscriptions_hook_idx').on(t.hookKey),
    check('tracking_push_subscriptions_status_check', sql`status IN ('pending', 'active', 'failed', 'disabled')`),
    tenantPolicy('tracking_push_subscriptions'),
  ],
).enableRLS();

/** Admins who asked for the daily e-mail of parcels with a problem (exceptions and late). */
export const trackingDigestSubscribers = pgTable(
  'tracking_digest_subscribers',
  {
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    lastSentOn: text('last_sent_on'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), tenantPolicy('tracking_digest_subscribers')],
).enableRLS();
