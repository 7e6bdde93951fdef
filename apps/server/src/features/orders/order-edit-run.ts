import type { OrderStatuses, SuccessEnvelope } from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { idempotencyKey, runIdempotent, type WriteRequest } from '../../lib/idempotency.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveShipping } from '../shipping/index.ts';
import type { OrderRules } from './new-order-rules.ts';
import { changeOrder, type ChangeOutcome } from './order-changes.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { createOrdersRepository } from './orders-repository.ts';
import { toOrder } from './order-views.ts';

const orders = createOrdersRepository();

/** One edit of an order from its view (lines, weights, a box, Terms). */
interface OrderEdit<T> {
  /** The timeline's name for it, and the realtime event. */
  event: string;
  /** The version the form was loaded with. */
  version: number;
  /** The edit changes what the order is found by (its SKUs): the search words are rewritten. */
  searchChanged?: boolean;
  /** The edit's checks and writes on the locked order; what it returns sets the statuses, columns and payload. */
  write(tx: Executor, order: OrderRow, statuses: OrderStatuses): Promise<ChangeOutcome>;
  /** What ships changed (its lines or their weights): the carrier service is resolved and the rules run again. */
  reship?: boolean;
  /** The answer's data, read after all of it in the same transaction, and the order's version then. */
  answer(tx: Executor, order: OrderRow): Promise<{ data: T; version: number }>;
}

/**
 * Runs the edits of an order's view the same way: idempotent on the request's key, one `changeOrder` (locked, version
 * checked, one timeline row; nothing written when anything is refused), the shipping resolution and the rules after a
 * change of what ships, and the realtime push once it committed (not for a replayed answer).
 */
export function createOrderEditRun(database: Database, notify: OrdersNotifier, rules?: OrderRules) {
  return async function runOrderEdit<T>(
    auth: AuthContext,
    idText: string,
    input: object,
    request: WriteRequest,
    edit: OrderEdit<T>,
  ) {
    let pushed = { orderId: idText, version: 0 };
    const answer = await runIdempotent<SuccessEnvelope<T>>(
      database,
      auth.tenantId,
      idempotencyKey(request, auth.userId, input),
      async (tx) => {
        const actor = { id: auth.userId, email: auth.email };
        const { order } = await changeOrder(
          tx,
          auth.tenantId,
          idText,
          { event: edit.event, actor, version: edit.version, searchChanged: edit.searchChanged },
          (locked, statuses) => edit.write(tx, locked, statuses),
        );
        if (edit.reship) {
          await resolveShipping(tx, auth.tenantId, [order.id]);
          await rules?.(tx, auth.tenantId, [order.id], 'manual', actor);
        }
        const read = await edit.answer(tx, order);
        pushed = { orderId: String(order.id), version: read.version };
        return { statusCode: 200, body: { code: 200, success: true as const, data: read.data } };
      },
    );
    if (!answer.replayed) {
      notify(auth.tenantId, { orderIds: [pushed.orderId], event: edit.event, version: pushed.version });
    }
    return answer;
  };
}

/** The order as an edit's answer shows it: read again after the edit and what followed it (the rules' changes). */
export async function editedOrder(tx: Executor, order: OrderRow) {
  const now = (await orders.findOrder(tx, order.tenantId, order.id))!;
  return { data: toOrder(await orders.detail(tx, order.tenantId, now)), version: now.version };
}
