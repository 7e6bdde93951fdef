import {
  parcelEditRefusal,
  type DeliveryParcelUpdate,
  type EditRefusal,
  type OrderLineWeightsUpdate,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { WriteRequest } from '../../lib/idempotency.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { deliveriesOf } from './deliveries-service.ts';
import type { OrderRules } from './new-order-rules.ts';
import { createOrderEditRun, editedOrder } from './order-edit-run.ts';
import { createOrderLinesRepository } from './order-lines-repository.ts';
import { createOrderWeightsRepository } from './order-weights-repository.ts';
import {
  describeParcelChanges,
  describeWeightChanges,
  planLineWeights,
  reweighDeliveries,
  type ParcelFacts,
} from './order-weights-rules.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { statusesOf } from './orders-repository.ts';

const LINE_WEIGHTS_EVENT = 'lineWeightsUpdated';
const DELIVERY_PARCEL_EVENT = 'deliveryParcelUpdated';

function refuseClosed(order: OrderRow): void {
  const refusal: EditRefusal | null = parcelEditRefusal(statusesOf(order));
  if (refusal) throw new HttpError(409, refusal.message, { reason: refusal.reason });
}

const inFlight = () =>
  new HttpError(409, 'A label is being bought for this order; wait for it to finish', {
    reason: 'purchase_in_progress',
  });

/**
 * The weights a seller enters where they act (docs/order-editing.md, "Weights and boxes"): the weight of an open
 * order's lines, whatever its channel, and one planned delivery's box, weight and size. Each is one `changeOrder`
 * (locked, version checked, one timeline row); nothing is written when anything is refused.
 */
export function createOrderWeightsService(database: Database, notify: OrdersNotifier, rules?: OrderRules) {
  const lines = createOrderLinesRepository();
  const repo = createOrderWeightsRepository();

  async function writeWeights(tx: Executor, tenantId: string, order: OrderRow, input: OrderLineWeightsUpdate) {
    refuseClosed(order);
    const [stored, deliveries] = await Promise.all([
      lines.listLines(tx, tenantId, order.id),
      repo.deliveriesWithLines(tx, tenantId, order.id),
    ]);
    if (deliveries.some((d) => d.purchaseState !== null)) throw inFlight();
    const plan = planLineWeights(input.lines, stored, deliveries);
    if (!plan.ok) throw badRequest(plan.errors);
    const changes = describeWeightChanges(stored, plan.weights);
    const reweighed = reweighDeliveries(deliveries, stored, plan.weights);
    for (const line of stored) {
      const weight = plan.weights.get(line.id);
      if (weight !== undefined && weight !== line.weight) await repo.setLineWeight(tx, tenantId, line.id, weight);
    }
    for (const d of reweighed) await repo.setDeliveryParcel(tx, tenantId, d.id, { weight: d.weight });
    // The numbers too (grams), so each reader words them in its own units (docs/units.md).
    const weights = stored.flatMap((line) => {
      const to = plan.weights.get(line.id);
      return to === undefined || to === line.weight ? [] : [{ sku: line.sku, from: line.weight, to }];
    });
    return { payload: { changes, weights, deliveries: reweighed.map((d) => String(d.id)) } };
  }

  async function parcelFacts(
    tx: Executor,
    tenantId: string,
    d: Omit<ParcelFacts, 'boxName'> & { boxSizeId: number | null },
  ) {
    const box = d.boxSizeId === null ? undefined : await repo.findBox(tx, tenantId, d.boxSizeId);
    return { boxName: box?.name ?? null, weight: d.weight, length: d.length, width: d.width, height: d.height };
  }

  async function writeParcel(tx: Executor, tenantId: string, order: OrderRow, input: DeliveryParcelUpdate) {
    refuseClosed(order);
    const deliveries = await repo.deliveriesWithLines(tx, tenantId, order.id);
    const delivery = deliveries.find((d) => String(d.id) === input.deliveryId);
    if (!delivery) throw badRequest({ deliveryId: `No delivery ${input.deliveryId} in this order` });
    if (delivery.purchaseState !== null) throw inFlight();
    if (delivery.status !== 'planned') {
      throw new HttpError(409, 'This delivery has a label: void it before changing its box', {
        reason: 'invalid_status',
      });
    }
    const errors: Record<string, string> = {};
    const boxSizeId = input.boxSizeId === null ? null : Number(input.boxSizeId);
    if (boxSizeId !== null) {
      const box = await repo.findBox(tx, tenantId, boxSizeId);
      // An archived box stays on the delivery that had it, but is not chosen anew (docs/setup-deletion.md).
      if (!box || (box.archivedAt && delivery.boxSizeId !== boxSizeId)) {
        errors.boxSizeId = `No box size ${input.boxSizeId}`;
      }
    }
    const sides = [input.length, input.width, input.height];
    if (sides.some((s) => s !== null) && sides.some((s) => s === null)) {
      (['length', 'width', 'height'] as const).forEach((side) => {
        if (input[side] === null) errors[side] = 'Enter all three sides, or none to use the box size';
      });
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const after = {
      boxSizeId,
      weight: input.weight ?? 0,
      // A weight typed for the box stands; none: it is its lines' again, and follows them.
      weightSource: input.weight === null ? ('lines' as const) : ('seller' as const),
      length: input.length,
      width: input.width,
      height: input.height,
    };
    const parcel = { from: await parcelFacts(tx, tenantId, delivery), to: await parcelFacts(tx, tenantId, after) };
    const changes = describeParcelChanges(parcel.from, parcel.to);
    await repo.setDeliveryParcel(tx, tenantId, delivery.id, after);
    return { payload: { deliveryId: input.deliveryId, changes, parcel } };
  }

  const run = createOrderEditRun(database, notify, rules);

  return {
    /** `POST /call/order/{orderId}/updateLineWeights`: the order after the change. */
    updateLineWeights: (auth: AuthContext, idText: string, input: OrderLineWeightsUpdate, request: WriteRequest) =>
      run(auth, idText, input, request, {
        event: LINE_WEIGHTS_EVENT,
        version: input.version,
        write: (tx, locked) => writeWeights(tx, auth.tenantId, locked, input),
        // What ships weighs differently: the service is resolved and the rules (weight conditions) run again.
        reship: true,
        answer: editedOrder,
      }),

    /** `POST /call/order/{orderId}/updateDeliveryParcel`: the order's deliveries after the change. */
    updateDeliveryParcel: (auth: AuthContext, idText: string, input: DeliveryParcelUpdate, request: WriteRequest) =>
      run(auth, idText, input, request, {
        event: DELIVERY_PARCEL_EVENT,
        version: input.version,
        write: (tx, locked) => writeParcel(tx, auth.tenantId, locked, input),
        answer: async (tx, order) => ({
          data: await deliveriesOf(tx, auth.tenantId, order.id),
          version: order.version,
        }),
      }),
  };
}
