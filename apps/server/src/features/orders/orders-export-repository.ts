import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from './order-list-repository.ts';

/** What a CSV row shows beyond the list's summary: the channel's id, the figures, the ship-to and tracking numbers. */
export interface ExportDetail {
  externalId: string | null;
  subtotal: number;
  shippingTotal: number;
  taxTotal: number;
  discountTotal: number;
  paidTotal: number;
  shipToName: string | null;
  shipToCompany: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  trackingNumbers: string | null;
}

interface DetailRowData {
  id: string | number;
  external_id: string | null;
  subtotal: string | number;
  shipping_total: string | number;
  tax_total: string | number;
  discount_total: string | number;
  paid_total: string | number;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  tracking_numbers: string | null;
}

const joinName = (first: string | null, last: string | null) =>
  [first, last]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ') || null;

/** The export's SQL: the list's pages are read by the list repository; this adds the columns a CSV row needs. */
export function createOrdersExportRepository() {
  return {
    /** The details of one page of orders (at most a batch: one index lookup per order), by order id. */
    async details(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<Map<number, ExportDetail>> {
      if (orderIds.length === 0) return new Map();
      const ids = sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await rowsOf<DetailRowData>(
        tx,
        sql`SELECT o.id, o.external_id, o.subtotal, o.shipping_total, o.tax_total, o.discount_total, o.paid_total,
                   a.first_name, a.last_name, a.company, a.city, a.state, a.postal_code, a.country,
                   (SELECT string_agg(d.tracking_number, ', ' ORDER BY d.id) FROM deliveries AS d
                     WHERE d.tenant_id = o.tenant_id AND d.order_id = o.id AND d.tracking_number IS NOT NULL)
                     AS tracking_numbers
            FROM orders AS o
            LEFT JOIN order_addresses AS a
              ON a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping'
            WHERE o.tenant_id = ${tenantId} AND o.id = ANY(ARRAY[${ids}]::bigint[])`,
      );
      return new Map(
        rows.map((r) => [
          Number(r.id),
          {
            externalId: r.external_id,
            subtotal: Number(r.subtotal),
            shippingTotal: Number(r.shipping_total),
            taxTotal: Number(r.tax_total),
            discountTotal: Number(r.discount_total),
            paidTotal: Number(r.paid_total),
            shipToName: joinName(r.first_name, r.last_name),
            shipToCompany: r.company,
            city: r.city,
            state: r.state,
            postalCode: r.postal_code,
            country: r.country,
            trackingNumbers: r.tracking_numbers,
          },
        ]),
      );
    },
  };
}
