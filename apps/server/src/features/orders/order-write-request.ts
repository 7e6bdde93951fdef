import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { IDEMPOTENCY_KEY_HEADER, OrderRealtimeEvent } from '@shipdesk/contract';
import type { OrdersNotifier, WriteRequest } from './orders-service.ts';

/** What every order write route shares: the Idempotency-Key header, the request as the replay store keys it, and the realtime notice. */

export const idempotencyHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({ maxLength: 255, description: 'same key and same body: the first answer is replayed (24 h)' }),
  ),
});

/** What an idempotent write needs from the request. */
export function writeRequest(request: FastifyRequest): WriteRequest {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  return {
    idempotencyKey: Array.isArray(header) ? header[0] : header,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
  };
}

/** Realtime `orders:changed` to the tenant's sockets. */
export function ordersNotifier(app: FastifyInstance): OrdersNotifier {
  return (tenantId, message) => app.realtime.toTenant(tenantId, OrderRealtimeEvent.Changed, message);
}
