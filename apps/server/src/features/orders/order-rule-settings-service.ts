import {
  HAND_SET_FIELDS,
  HAND_SET_TARGETS,
  type HandSetTarget,
  type Order,
  type OrderRuleSettingsUpdate,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createBoxSizesRepository } from './box-sizes-repository.ts';
import { idempotencyKey, runIdempotent, type WriteRequest } from '../../lib/idempotency.ts';
import { openOrderToChange } from './order-shipping-service.ts';
import type { OrderRules } from './new-order-rules.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { createOrdersRepository, statusesOf } from './orders-repository.ts';
import { parseId } from '../../lib/ids.ts';
import { toOrder } from './order-views.ts';

const RULE_SETTINGS_EVENT = 'ruleSettingsUpdated';

/** The order's columns a hand-set field writes, null for "none". */
type SettingColumns = Partial<Pick<OrderRow, 'boxSizeId' | 'insuredValue' | 'signature' | 'holdUntil'>>;

/** The targets the body sets by hand, in the order the targets are listed. */
const setTargets = (input: OrderRuleSettingsUpdate): HandSetTarget[] =>
  HAND_SET_TARGETS.filter((target) => input[HAND_SET_FIELDS[target]] !== undefined);

/**
 * An order's rule-settable fields besides its service (box, insurance, signature, hold), set by a person so that
 * shipping rules keep off them (`orders.hand_set`), or handed back to the rules, which then run again on the order.
 */
export function createOrderRuleSettingsService(database: Database, notify: OrdersNotifier, rules?: OrderRules) {
  const repo = createOrdersRepository();
  const boxes = createBoxSizesRepository();

  /** What the body asks for, checked: the columns it sets (a box of the tenant's), and the box's name for the timeline. */
  async function checked(tx: Executor, tenantId: string, input: OrderRuleSettingsUpdate) {
    const set = setTargets(input);
    const automatic = input.automatic ?? [];
    const errors: Record<string, string> = {};
    for (const target of automatic) {
      const field = HAND_SET_FIELDS[target];
      if (set.includes(target)) errors[field] = `${field} is both set and handed back to the rules (automatic)`;
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    if (set.length === 0 && automatic.length === 0) {
      throw badRequest({
        body: 'Send a field to set by hand (insuredValue, signature, holdUntil, boxSizeId) or automatic',
      });
    }
    const columns: SettingColumns = {};
    let boxSizeName: string | null = null;
    if (input.boxSizeId !== undefined) {
      const boxId = input.boxSizeId === null ? null : parseId(input.boxSizeId);
      const box = boxId === null ? undefined : await boxes.find(tx, tenantId, boxId);
      if (input.boxSizeId !== null && !box) throw badRequest({ boxSizeId: 'boxSizeId names no box size of yours' });
      columns.boxSizeId = box?.id ?? null;
      boxSizeName = box?.name ?? null;
    }
    if (input.insuredValue !== undefined) columns.insuredValue = input.insuredValue;
    if (input.signature !== undefined) columns.signature = input.signature;
    if (input.holdUntil !== undefined) columns.holdUntil = input.holdUntil;
    // Handed back: the rules decide again from nothing, so a field no rule sets is left empty.
    for (const target of automatic) columns[HAND_SET_FIELDS[target]] = null;
    return { set, automatic, columns, boxSizeName };
  }

  return {
    /** `POST /call/order/{orderId}/updateRuleSettings`. */
    async update(auth: AuthContext, idText: string, input: OrderRuleSettingsUpdate, request: WriteRequest) {
      const answer = await runIdempotent<SuccessEnvelope<Order>>(
        database,
        auth.tenantId,
        idempotencyKey(request, auth.userId, input),
        async (tx) => {
          const order = await openOrderToChange(tx, auth.tenantId, idText, input.version, 'shipping settings');
          const { set, automatic, columns, boxSizeName } = await checked(tx, auth.tenantId, input);
          const handed = new Set<string>(automatic);
          const kept = order.handSet.filter((target) => !handed.has(target));
          const handSet = [...kept, ...set.filter((target) => !kept.includes(target))];
          await repo.updateOrder(tx, auth.tenantId, order.id, { ...columns, handSet });
          if (automatic.length > 0) {
            const actor = { id: auth.userId, email: auth.email };
            await rules?.(tx, auth.tenantId, [order.id], 'manual', actor);
          }
          const updated = (await repo.findOrder(tx, auth.tenantId, order.id))!;
          await repo.insertEvent(tx, auth.tenantId, {
            orderId: order.id,
            event: RULE_SETTINGS_EVENT,
            actorId: auth.userId,
            actorEmail: auth.email,
            before: statusesOf(order),
            after: statusesOf(updated),
            payload: {
              set: Object.fromEntries(set.map((target) => [HAND_SET_FIELDS[target], input[HAND_SET_FIELDS[target]]])),
              automatic,
              currency: order.currency,
              ...(input.boxSizeId ? { boxSizeName } : {}),
            },
          });
          const data = toOrder(await repo.detail(tx, auth.tenantId, updated));
          return { statusCode: 200, body: { code: 200, success: true as const, data } };
        },
      );
      if (!answer.replayed) {
        const order = answer.body.data;
        notify(auth.tenantId, { orderIds: [order.id], event: RULE_SETTINGS_EVENT, version: order.version });
      }
      return answer;
    },
  };
}
