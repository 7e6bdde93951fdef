import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { configs } from '../../db/schema/index.ts';
import { buyerNoticeSettings } from '../buyer-notices/buyer-notices-tables.ts';
import { shippingLabels } from '../labels/labels-tables.ts';
import { orderAddresses, orders } from '../orders/orders-tables.ts';
import { trackingEvents } from '../tracking/tracking-tables.ts';
import { TOKEN_LOOKUP } from './tracking-page-links.ts';

const warehouse = alias(configs, 'warehouse');
const zone = alias(configs, 'zone');
const shipping = alias(orderAddresses, 'shipping');

/** The events a page shows at most (a parcel has a dozen or two). */
const EVENTS_SHOWN = 100;

/**
 * What the page of one label may show, and nothing more: the parcel, the destination's city and state (never the
 * street, the name or the postal code), the seller's branding (the store's buyer-notice settings, else the
 * warehouse's company or name) and the tenant's time zone.
 */
const pageColumns = {
  id: shippingLabels.id,
  orderId: shippingLabels.orderId,
  status: shippingLabels.status,
  carrier: shippingLabels.carrier,
  trackingNumber: shippingLabels.trackingNumber,
  parcelStatus: shippingLabels.parcelStatus,
  parcelStatusAt: shippingLabels.parcelStatusAt,
  parcelExpected: shippingLabels.parcelExpected,
  parcelCheckedAt: shippingLabels.parcelCheckedAt,
  parcelFailures: shippingLabels.parcelFailures,
  city: shipping.city,
  state: shipping.state,
  country: shipping.country,
  senderName: buyerNoticeSettings.senderName,
  logoUrl: buyerNoticeSettings.logoUrl,
  warehouse: warehouse.options,
  timeZone: zone.value,
};

interface PageEvent {
  at: Date;
  status: string;
  description: string;
  location: string | null;
  source: string;
}

export interface PageFacts {
  id: number;
  orderId: number;
  status: string;
  carrier: string;
  trackingNumber: string;
  parcelStatus: string;
  parcelStatusAt: Date | null;
  parcelExpected: string | null;
  parcelCheckedAt: Date | null;
  parcelFailures: number;
  city: string | null;
  state: string | null;
  country: string | null;
  senderName: string | null;
  logoUrl: string | null;
  warehouse: Record<string, unknown> | null;
  timeZone: string | null;
  events: PageEvent[];
}

/** The queries of the public tracking page. */
export function createTrackingPageRepository() {
  return {
    /** The label a token names, across tenants: the owner connection's one lookup, before any tenant is known. */
    async labelOf(database: Database, token: string): Promise<{ tenantId: string; labelId: number } | null> {
      const result = (await database.db.execute(TOKEN_LOOKUP(token))) as unknown as {
        rows: Array<{ tenant_id: string; id: string | number }>;
      };
      const row = result.rows[0];
      return row ? { tenantId: row.tenant_id, labelId: Number(row.id) } : null;
    },

    /** The page's facts, in the tenant's transaction. */
    async facts(tx: Executor, tenantId: string, labelId: number): Promise<PageFacts | null> {
      const [row] = await tx
        .select(pageColumns)
        .from(shippingLabels)
        .innerJoin(orders, and(eq(orders.tenantId, shippingLabels.tenantId), eq(orders.id, shippingLabels.orderId)))
        .leftJoin(
          shipping,
          and(
            eq(shipping.tenantId, shippingLabels.tenantId),
            eq(shipping.orderId, shippingLabels.orderId),
            eq(shipping.type, 'shipping'),
          ),
        )
        .leftJoin(
          buyerNoticeSettings,
          and(
            eq(buyerNoticeSettings.tenantId, shippingLabels.tenantId),
            eq(buyerNoticeSettings.storeKey, sql`coalesce(${orders.storeId}::text, 'manual')`),
          ),
        )
        .leftJoin(warehouse, and(eq(warehouse.tenantId, shippingLabels.tenantId), eq(warehouse.key, 'warehouse_info')))
        .leftJoin(zone, and(eq(zone.tenantId, shippingLabels.tenantId), eq(zone.key, 'time_zone')))
        .where(and(eq(shippingLabels.tenantId, tenantId), eq(shippingLabels.id, labelId)));
      if (!row) return null;
      const events = await tx
        .select({
          at: trackingEvents.at,
          status: trackingEvents.status,
          description: trackingEvents.description,
          location: trackingEvents.location,
          source: trackingEvents.source,
        })
        .from(trackingEvents)
        .where(and(eq(trackingEvents.tenantId, tenantId), eq(trackingEvents.labelId, labelId)))
        .orderBy(desc(trackingEvents.at), desc(trackingEvents.receivedAt))
        .limit(EVENTS_SHOWN);
      return { ...row, events };
    },

    /** The delivery's standing label, for its link. */
    async standingLabel(tx: Executor, tenantId: string, deliveryId: number): Promise<number | null> {
      const [row] = await tx
        .select({ id: shippingLabels.id })
        .from(shippingLabels)
        .where(
          and(
            eq(shippingLabels.tenantId, tenantId),
            eq(shippingLabels.deliveryId, deliveryId),
            eq(shippingLabels.status, 'active'),
          ),
        );
      return row?.id ?? null;
    },
  };
}
