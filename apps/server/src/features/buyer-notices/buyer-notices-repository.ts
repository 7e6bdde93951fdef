import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { MANUAL_STORE_KEY, type BuyerNoticeKind } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { orders } from '../orders/orders-tables.ts';
import { stores } from '../stores/stores-tables.ts';
import { buyerNotices, buyerNoticeSettings } from './buyer-notices-tables.ts';

export type SettingsRow = typeof buyerNoticeSettings.$inferSelect;
type SettingsValues = Omit<typeof buyerNoticeSettings.$inferInsert, 'tenantId' | 'storeKey'>;
type NoticeRow = typeof buyerNotices.$inferSelect;

/** A label with what its e-mails say: the order's buyer, its store and the label's parcel. */
export interface NoticeLabel {
  labelId: number;
  orderId: number;
  labelStatus: string;
  carrier: string;
  serviceName: string;
  trackingNumber: string;
  parcelStatusAt: Date | null;
  orderNumber: string;
  customerName: string | null;
  customerEmail: string | null;
  storeId: number | null;
  sourceType: string;
  storeName: string | null;
  tenantName: string | null;
}

export const storeKeyOf = (storeId: number | null) => (storeId === null ? MANUAL_STORE_KEY : String(storeId));

/** All SQL of buyer e-mails; every call takes the caller's transaction (tenant work inside `withTenant`). */
export function createBuyerNoticesRepository() {
  return {
    settings(tx: Executor, tenantId: string): Promise<SettingsRow[]> {
      return tx.select().from(buyerNoticeSettings).where(eq(buyerNoticeSettings.tenantId, tenantId));
    },

    async setting(
      tx: Executor,
      tenantId: string,
      storeKey: string,
      options: { lock?: boolean } = {},
    ): Promise<SettingsRow | undefined> {
      const query = tx
        .select()
        .from(buyerNoticeSettings)
        .where(and(eq(buyerNoticeSettings.tenantId, tenantId), eq(buyerNoticeSettings.storeKey, storeKey)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row;
    },

    /** Inserts or replaces the row; `onlyNew`: inserts only (undefined when the row exists). */
    async saveSetting(
      tx: Executor,
      tenantId: string,
      storeKey: string,
      { onlyNew, ...values }: SettingsValues & { onlyNew?: boolean },
    ): Promise<SettingsRow | undefined> {
      const insert = tx.insert(buyerNoticeSettings).values({ tenantId, storeKey, ...values });
      const target = [buyerNoticeSettings.tenantId, buyerNoticeSettings.storeKey];
      const [row] = await (
        onlyNew ? insert.onConflictDoNothing({ target }) : insert.onConflictDoUpdate({ target, set: values })
      ).returning();
      return row;
    },

    /** The tenant's stores (not deleted ones) and its own name, for the settings list. */
    async stores(tx: Executor, tenantId: string) {
      const list = await tx
        .select({ id: stores.id, name: stores.name, sourceType: stores.sourceType })
        .from(stores)
        .where(eq(stores.tenantId, tenantId))
        .orderBy(asc(stores.id));
      return list;
    },

    async tenantName(tx: Executor, tenantId: string): Promise<string | null> {
      const [row] = await tx.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
      return row?.name ?? null;
    },

    /** One label of the tenant with its order, store and tenant names (undefined when it is not the tenant's). */
    async label(tx: Executor, tenantId: string, labelId: number): Promise<NoticeLabel | undefined> {
      const [row] = await tx
        .select({
          labelId: shippingLabels.id,
          orderId: shippingLabels.orderId,
          labelStatus: shippingLabels.status,
          carrier: shippingLabels.carrier,
          serviceName: shippingLabels.serviceName,
          trackingNumber: shippingLabels.trackingNumber,
          parcelStatusAt: shippingLabels.parcelStatusAt,
          orderNumber: orders.orderNumber,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          storeId: orders.storeId,
          sourceType: orders.sourceType,
          storeName: stores.name,
          tenantName: tenants.name,
        })
        .from(shippingLabels)
        .innerJoin(orders, and(eq(orders.tenantId, shippingLabels.tenantId), eq(orders.id, shippingLabels.orderId)))
        .leftJoin(stores, and(eq(stores.tenantId, orders.tenantId), eq(stores.id, orders.storeId)))
        .leftJoin(tenants, eq(tenants.id, shippingLabels.tenantId))
        .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, labelId)));
      return row;
    },

    /** The newest label of one of the tenant's orders (a preview's values), or of any order when none is named. */
    async latestLabel(tx: Executor, tenantId: string, orderId: number | null): Promise<number | undefined> {
      const [row] = await tx
        .select({ id: shippingLabels.id })
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            orderId === null ? undefined : eq(shippingLabels.orderId, orderId),
          ),
        )
        .orderBy(desc(shippingLabels.id))
        .limit(1);
      return row?.id;
    },

    /** The one row of a label's e-mail of this kind: true when this call made it (the "exactly once"). */
    async insertNotice(
      tx: Executor,
      row: { tenantId: string; labelId: number; kind: BuyerNoticeKind; status: 'queued' | 'skipped' },
      emailTo: string | null,
      message: string | null,
    ): Promise<boolean> {
      const made = await tx
        .insert(buyerNotices)
        .values({ ...row, emailTo, message })
        .onConflictDoNothing()
        .returning({ labelId: buyerNotices.labelId });
      return made.length > 0;
    },

    /** The notice, locked for its sender; undefined when another run holds it (it is being sent there). */
    async claim(tx: Executor, tenantId: string, labelId: number, kind: string): Promise<NoticeRow | undefined> {
      const [row] = await tx
        .select()
        .from(buyerNotices)
        .where(and(eq(buyerNotices.tenantId, tenantId), eq(buyerNotices.labelId, labelId), eq(buyerNotices.kind, kind)))
        .for('update', { skipLocked: true });
      return row;
    },

    async setNotice(
      tx: Executor,
      tenantId: string,
      labelId: number,
      kind: string,
      values: Partial<Pick<NoticeRow, 'status' | 'sentAt' | 'message'>>,
    ): Promise<void> {
      await tx
        .update(buyerNotices)
        .set(values)
        .where(
          and(eq(buyerNotices.tenantId, tenantId), eq(buyerNotices.labelId, labelId), eq(buyerNotices.kind, kind)),
        );
    },

    /** Owner connection only: queued notices no run ever tried (their job was lost), across tenants. */
    stranded(db: Executor, olderThanSeconds: number, limit: number) {
      return db
        .select({ tenantId: buyerNotices.tenantId, labelId: buyerNotices.labelId, kind: buyerNotices.kind })
        .from(buyerNotices)
        .where(
          and(
            eq(buyerNotices.status, 'queued'),
            isNull(buyerNotices.message),
            lt(buyerNotices.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        )
        .orderBy(asc(buyerNotices.createdAt))
        .limit(limit);
    },
  };
}
