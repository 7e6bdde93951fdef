import {
  CARRIER_CATALOGUE,
  findCarrierService,
  findPackageType,
  type Order,
  type OrderShippingUpdate,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveShipping, shipMethodExists } from '../shipping/index.ts';
import { idempotencyKey, runIdempotent, type WriteRequest } from '../../lib/idempotency.ts';
import { ORDER_NOT_FOUND, staleVersion } from './order-changes.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';
import { parseId } from '../../lib/ids.ts';
import { toOrder } from './order-views.ts';

/** Orders whose shipping may still change: nothing is labelled or shipped once they are done. */
const OPEN = new Set(['Draft Order', 'Sales Order']);

/**
 * The order a shipping change is about, locked: 404 when it is not the tenant's, 409 when the form is stale or the
 * order is done (`what` names what cannot change: "shipping", "shipping settings").
 */
export async function openOrderToChange(
  tx: Executor,
  tenantId: string,
  idText: string,
  version: number | undefined,
  what: string,
) {
  const repo = createOrdersRepository();
  const id = parseId(idText);
  const order = id === null ? undefined : await repo.findOrder(tx, tenantId, id, true);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (version !== undefined && version !== order.version) throw staleVersion(order.version);
  if (!OPEN.has(order.orderStatus)) {
    throw new HttpError(409, `The ${what} of a ${order.orderStatus} order cannot change`, {
      reason: 'invalid_status',
    });
  }
  return order;
}

/** How one order ships, chosen by a person (kept through mapping changes) or handed back to the mappings. */
export function createOrderShippingService(database: Database, notify: OrdersNotifier) {
  const repo = createOrdersRepository();

  async function chosen(tx: Executor, tenantId: string, input: OrderShippingUpdate) {
    if (!input.carrier || !input.carrierMethod) {
      const errors: Record<string, string> = {};
      if (!input.carrier) errors.carrier = 'carrier is required (or automatic: true)';
      if (!input.carrierMethod) errors.carrierMethod = 'carrierMethod is required (or automatic: true)';
      throw badRequest(errors);
    }
    const service = findCarrierService(input.carrier, input.carrierMethod);
    if (!service) {
      const known = CARRIER_CATALOGUE[input.carrier].services.map((s) => s.code).join(', ');
      throw badRequest({ carrierMethod: `carrierMethod is not a service of ${input.carrier}: use one of ${known}` });
    }
    const packageType = input.packageType ?? null;
    if (packageType !== null && !findPackageType(input.carrier, packageType)) {
      throw badRequest({ packageType: `packageType is not a package type of ${input.carrier}` });
    }
    const methodId = input.shipMethodId ? parseId(input.shipMethodId) : null;
    if (input.shipMethodId && (methodId === null || !(await shipMethodExists(tx, tenantId, methodId)))) {
      throw badRequest({ shipMethodId: 'shipMethodId names no shipping method of yours' });
    }
    return { shipMethodId: methodId, carrier: input.carrier, carrierMethod: service.code, packageType };
  }

  return {
    /** `POST /call/order/{orderId}/updateOrderShipping`. */
    async update(auth: AuthContext, idText: string, input: OrderShippingUpdate, request: WriteRequest) {
      const answer = await runIdempotent<SuccessEnvelope<Order>>(
        database,
        auth.tenantId,
        idempotencyKey(request, auth.userId, input),
        async (tx) => {
          const order = await openOrderToChange(tx, auth.tenantId, idText, input.version, 'shipping');
          if (input.automatic) {
            await repo.updateOrder(tx, auth.tenantId, order.id, { shippingByUser: false, shippingByRule: false });
            await resolveShipping(tx, auth.tenantId, [order.id]);
          } else {
            const values = await chosen(tx, auth.tenantId, input);
            await repo.updateOrder(tx, auth.tenantId, order.id, { ...values, shippingByUser: true });
          }
          const updated = (await repo.findOrder(tx, auth.tenantId, order.id))!;
          await repo.insertEvent(tx, auth.tenantId, {
            orderId: order.id,
            event: 'shippingUpdated',
            actorId: auth.userId,
            actorEmail: auth.email,
            before: statusesOf(order),
            after: statusesOf(updated),
            payload: {
              automatic: Boolean(input.automatic),
              carrier: updated.carrier,
              carrierMethod: updated.carrierMethod,
              packageType: updated.packageType,
            },
          });
          const data = toOrder(await repo.detail(tx, auth.tenantId, updated));
          return { statusCode: 200, body: { code: 200, success: true as const, data } };
        },
      );
      if (!answer.replayed) {
        const order = answer.body.data;
        notify(auth.tenantId, { orderIds: [order.id], event: 'shippingUpdated', version: order.version });
      }
      return answer;
    },
  };
}
