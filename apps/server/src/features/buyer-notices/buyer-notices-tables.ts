import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { shippingLabels } from '../labels/labels-tables.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { at } from '../../db/schema/columns.ts';

/**
 * What buyers are told (docs/buyer-notices.md), per store (`store_key`: the store's id, or `manual` for orders typed
 * by hand): a shipped e-mail and a delivered e-mail, each on or off, with the templates, the reply-to, the sender's
 * name and logo; and whether to e-mail a channel's buyers even though the channel tells them itself.
 */
export const buyerNoticeSettings = pgTable(
  'buyer_notice_settings',
  {
    tenantId: text('tenant_id').notNull(),
    storeKey: text('store_key').notNull(),
    shippedEnabled: boolean('shipped_enabled').notNull().default(false),
    deliveredEnabled: boolean('delivered_enabled').notNull().default(false),
    /** A channel that e-mails its own buyers (Shopify, eBay, Amazon...) is left to it unless this is set. */
    evenWhenChannelNotifies: boolean('even_when_channel_notifies').notNull().default(false),
    shippedSubject: text('shipped_subject'),
    shippedBody: text('shipped_body'),
    deliveredSubject: text('delivered_subject'),
    deliveredBody: text('delivered_body'),
    senderName: text('sender_name'),
    replyTo: text('reply_to'),
    logoUrl: text('logo_url'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.storeKey] }), tenantPolicy('buyer_notice_settings')],
).enableRLS();

/** Each e-mail to a buyer, once per label and kind (the primary key is the "exactly once"). */
export const buyerNotices = pgTable(
  'buyer_notices',
  {
    tenantId: text('tenant_id').notNull(),
    labelId: bigint('label_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    emailTo: text('email_to'),
    sentAt: at('sent_at'),
    message: text('message'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.labelId, t.kind] }),
    foreignKey({
      name: 'buyer_notices_label_fk',
      columns: [t.tenantId, t.labelId],
      foreignColumns: [shippingLabels.tenantId, shippingLabels.id],
    }).onDelete('cascade'),
    index('buyer_notices_queued_idx')
      .on(t.createdAt)
      .where(sql`status = 'queued'`),
    check('buyer_notices_kind_check', sql`kind IN ('shipped', 'delivered')`),
    check('buyer_notices_status_check', sql`status IN ('queued', 'sent', 'failed', 'skipped')`),
    tenantPolicy('buyer_notices'),
  ],
).enableRLS();
