import { eq } from 'drizzle-orm';
import {
  DEFAULT_TIME_ZONE,
  findLifecycleRule,
  joinName,
  localDay,
  type PackingSlipOptions,
  type WarehouseInfo,
} from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { tenants } from '../../db/schema/index.ts';
import { addressLines } from './order-address-fields.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createConfigsRepository } from '../settings/index.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';
import { ORDER_NOT_FOUND } from './order-changes.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { parseId } from '../../lib/ids.ts';
import { renderPackingSlips, type PackingSlip, type PackingSlipFormat } from './packing-slip-pdf.ts';

export function createPackingSlipsService(database: Database, notify: OrdersNotifier) {
  const orders = createOrdersRepository();
  const configs = createConfigsRepository(database.db);

  return {
    /**
     * One PDF, a page per order, for the order of the path or the listed orders (all the tenant's, else 404;
     * none Deleted, else 409). Each order gets a `packingSlip` timeline row; no status changes.
     */
    async render(
      auth: AuthContext,
      pathIdText: string,
      input: PackingSlipOptions,
    ): Promise<{ pdf: Uint8Array; fileName: string; orderIds: string[] }> {
      const format: PackingSlipFormat = input.format ?? '4x6';
      const result = await database.withTenant(auth.tenantId, async (tx) => {
        const pathId = parseId(pathIdText);
        const ids = [...new Set((input.orderIds ?? [pathIdText]).map(parseId))];
        if (pathId === null || ids.some((id) => id === null)) throw notFound(ORDER_NOT_FOUND);
        const wanted = ids as number[];
        const found = await orders.findOrders(tx, auth.tenantId, [...new Set([pathId, ...wanted])]);
        const byId = new Map(found.map((o) => [o.id, o]));
        if (!byId.has(pathId) || wanted.some((id) => !byId.has(id))) throw notFound(ORDER_NOT_FOUND);

        const [tenant] = await tx
          .select({ timeZone: tenants.timeZone })
          .from(tenants)
          .where(eq(tenants.id, auth.tenantId));
        const timeZone = tenant?.timeZone ?? DEFAULT_TIME_ZONE;
        const warehouse = (await configs.find(auth.tenantId, 'warehouse_info', tx))?.options as
          WarehouseInfo | null | undefined;

        const slips: PackingSlip[] = [];
        for (const id of wanted) {
          const order = byId.get(id)!;
          if (!findLifecycleRule('packingSlip', statusesOf(order))) {
            throw new HttpError(409, `Order ${order.orderNumber} is ${order.orderStatus}: no packing slip`, {
              reason: 'invalid_status',
            });
          }
          const detail = await orders.detail(tx, auth.tenantId, order);
          const to = detail.addresses.find((a) => a.type === 'shipping');
          slips.push({
            orderNumber: order.orderNumber,
            orderDate: localDay(order.orderDate, timeZone),
            shipFrom: warehouse?.address1 ? addressLines(warehouse) : null,
            shipTo: to ? addressLines({ ...to, name: joinName(to.firstName, to.lastName) }) : ['(no shipping address)'],
            requestedShippingMethod: order.requestedShippingMethod,
            lines: detail.lines.map((l) => ({
              sku: l.sku,
              name: l.name,
              quantity: l.quantity - l.quantityShipped || l.quantity,
            })),
          });
          await orders.insertEvent(tx, auth.tenantId, {
            orderId: order.id,
            event: 'packingSlip',
            actorId: auth.userId,
            actorEmail: auth.email,
            before: statusesOf(order),
            after: statusesOf(order),
            payload: { format, orders: wanted.length },
          });
        }
        const pdf = await renderPackingSlips(slips, format);
        const first = byId.get(wanted[0]!)!;
        const safe = first.orderNumber.replace(/[^A-Za-z0-9._-]+/g, '_');
        return {
          pdf,
          fileName: wanted.length === 1 ? `packing-slip-${safe}.pdf` : `packing-slips-${wanted.length}.pdf`,
          orderIds: wanted.map(String),
        };
      });
      notify(auth.tenantId, { orderIds: result.orderIds, event: 'packingSlip' });
      return result;
    },
  };
}
