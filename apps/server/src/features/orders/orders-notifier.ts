import type { FastifyInstance } from 'fastify';
import { OrderRealtimeEvent, type OrderChangedMessage } from '@shipdesk/contract';

/** Pushes `orders:changed` to the tenant's sockets; called after commit only. */
export type OrdersNotifier = (tenantId: string, message: OrderChangedMessage) => void;

/** Realtime `orders:changed` to the tenant's sockets. */
export function ordersNotifier(app: FastifyInstance): OrdersNotifier {
  return (tenantId, message) => app.realtime.toTenant(tenantId, OrderRealtimeEvent.Changed, message);
}
