import type { FakeRequest, FakeRouter } from '../http/fake-http.ts';
import type { FakeAmazonChaos, FakeAmazonDelivery } from './fake-amazon-notifications-delivery.ts';
import { AMAZON_ORDER_CHANGES, type AmazonOrderChange } from './fake-amazon-notifications-orders.ts';
import type { SpAddress } from './fake-amazon-wire.ts';

/**
 * The fake Amazon's notification controls for a test in another process (the demo's end-to-end runs), on the fake's
 * own server: `POST /_fake/notifications/chaos { drop, repeat, reorder, seed }` sets the delivery's chaos,
 * `POST /_fake/notifications/release` sends what reordering holds, and `POST /_fake/notifications/orderChange
 * { orderId, change, address? }` changes an order as a buyer or Amazon would. A bad field is a 400 naming it.
 */

export function parseJson(request: FakeRequest): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(request.body);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function notificationControlRoutes(
  router: FakeRouter,
  delivery: FakeAmazonDelivery,
  changeOrder: (orderId: string, change: AmazonOrderChange, address?: SpAddress) => void,
): void {
  router.on('POST', '/_fake/notifications/chaos', (request) => {
    const body = parseJson(request);
    if (!body) return { status: 400, body: { error: 'body must be a JSON object' } };
    for (const field of ['drop', 'repeat'] as const) {
      const value = body[field];
      if (value !== undefined && (typeof value !== 'number' || !(value >= 0 && value <= 1))) {
        return { status: 400, body: { error: `${field} must be a number from 0 to 1` } };
      }
    }
    const { reorder, seed } = body;
    if (
      reorder !== undefined &&
      typeof reorder !== 'boolean' &&
      !(Number.isInteger(reorder) && (reorder as number) >= 2 && (reorder as number) <= 100)
    ) {
      return { status: 400, body: { error: 'reorder must be true, false or a whole number from 2 to 100' } };
    }
    if (seed !== undefined && !Number.isInteger(seed))
      return { status: 400, body: { error: 'seed must be a whole number' } };
    delivery.chaos(body as FakeAmazonChaos);
    return { status: 204 };
  });
  router.on('POST', '/_fake/notifications/release', () => {
    delivery.release();
    return { status: 204 };
  });
  router.on('POST', '/_fake/notifications/orderChange', (request) => {
    const body = parseJson(request);
    const change = body?.change;
    if (typeof change !== 'string' || !(AMAZON_ORDER_CHANGES as readonly string[]).includes(change)) {
      return { status: 400, body: { error: `change must be one of ${AMAZON_ORDER_CHANGES.join(', ')}` } };
    }
    const address = body?.address;
    if (address !== undefined && (typeof address !== 'object' || address === null)) {
      return { status: 400, body: { error: 'address must be an SP-API address object' } };
    }
    try {
      changeOrder(String(body?.orderId), change as AmazonOrderChange, address as SpAddress | undefined);
    } catch (failure) {
      const message = (failure as Error).message;
      return { status: message.includes('has no order') ? 404 : 409, body: { error: message } };
    }
    return { status: 204 };
  });
}
