import {
  ORDER_FLOW_EVENTS,
  type FsmFlow,
  type OrderEvent,
  type OrderFlowBody,
  type OrderFlowResult,
  type ShipLabelDefaults,
  type ShipLabelQuery,
  type SuccessEnvelope,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import { missingAddressFields } from './order-address-fields.ts';
import {
  assertLifecycleReady,
  eventDefaults,
  planLifecycleEvent,
  type LifecycleContext,
  type LifecycleSnapshot,
  type Plan,
} from './order-lifecycle-rules.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveShipping } from '../shipping/index.ts';
import { idempotencyKey, runIdempotent, type KeptAnswer, type WriteRequest } from '../../lib/idempotency.ts';
import { parseId } from '../../lib/ids.ts';
import { ORDER_NOT_FOUND, changeOrder, type ChangeOutcome } from './order-changes.ts';
import type { OrderRules } from './new-order-rules.ts';
import type { OrdersNotifier } from './orders-notifier.ts';
import { createOrdersRepository, statusesOf, type OrdersRepository } from './orders-repository.ts';
import { toOrder } from './order-views.ts';

type LabelEvent = 'shipLabel' | 'zpl';
const isLabelEvent = (event: OrderEvent): event is LabelEvent => event === 'shipLabel' || event === 'zpl';

/** The label work (its own feature) behind shipLabel and zpl: rates for the form, and the purchase. */
export interface LabelEvents {
  /** fsmFlow defaults: the delivery, its parcel and the rates it can ship at (carriers are asked: no transaction). */
  defaults(auth: AuthContext, orderId: number, event: LabelEvent, query: ShipLabelQuery): Promise<ShipLabelDefaults>;
  purchase(
    auth: AuthContext,
    orderIdText: string,
    event: LabelEvent,
    body: OrderFlowBody,
    request: WriteRequest,
  ): Promise<KeptAnswer<SuccessEnvelope<OrderFlowResult>>>;
}

export interface OrderLifecycleOptions {
  /** Label buying; without it shipLabel and zpl answer `labels_not_configured`. */
  labels?: LabelEvents;
  /** The shipping rules, run on a reorder's or reship's new order (a failure never stops the copy). */
  rules?: OrderRules;
}

/** Refuses `event` as the lifecycle table and its guards would (409 with the reason), in the caller's transaction. */
export async function checkOrderEvent(
  tx: Executor,
  tenantId: string,
  order: OrderRow,
  event: OrderEvent,
): Promise<void> {
  const snapshot = await loadSnapshot(createOrdersRepository(), tx, tenantId, order);
  const plan = planLifecycleEvent(event, snapshot, { features: { labels: true } });
  if (!plan.ok) throw new HttpError(409, plan.message, { reason: plan.reason });
}

/** Everything the lifecycle guards look at, read in the caller's transaction. */
async function loadSnapshot(
  repo: OrdersRepository,
  tx: Executor,
  tenantId: string,
  order: OrderRow,
): Promise<LifecycleSnapshot> {
  const detail = await repo.detail(tx, tenantId, order);
  const shipping = detail.addresses.find((a) => a.type === 'shipping') ?? null;
  const deliveries = await repo.deliveryCounts(tx, tenantId, order.id);
  return {
    ...statusesOf(order),
    lineCount: detail.lines.length,
    missingAddress: missingAddressFields(shipping),
    total: order.total,
    paidTotal: order.paidTotal,
    currency: order.currency,
    unshippedUnits: detail.lines.reduce((n, l) => n + l.quantity - l.quantityShipped, 0),
    unlabelledDeliveries: deliveries.unlabelled,
    nextDeliveryUnits: deliveries.nextDeliveryUnits,
  };
}

const isFlowEvent = (event: OrderEvent) => (ORDER_FLOW_EVENTS as readonly string[]).includes(event);
const repo = createOrdersRepository();

/** What the lifecycle's use cases take: the database, the notifier, the options, and the planning context. */
interface LifecycleDeps extends OrderLifecycleOptions {
  database: Database;
  notify: OrdersNotifier;
  context: LifecycleContext;
}

/** A linked copy (reorder: a draft at the same prices; reship: a Sales Order at no charge). */
async function createLinked(
  deps: LifecycleDeps,
  tx: Executor,
  tenantId: string,
  source: OrderRow,
  as: 'reorder' | 'reship',
  auth: AuthContext,
  reason: string | null,
): Promise<number> {
  const detail = await repo.detail(tx, tenantId, source);
  const address = (type: string) => {
    const row = detail.addresses.find((a) => a.type === type);
    if (!row) return null;
    const { tenantId: _t, orderId: _o, type: _ty, ...fields } = row;
    return fields;
  };
  const free = as === 'reship';
  const subtotal = free ? 0 : detail.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
  const newId = await repo.insertOrder(tx, tenantId, {
    storeId: source.storeId,
    sourceType: source.sourceType,
    externalId: null,
    orderNumber: (id) => `${source.orderNumber}-${as === 'reorder' ? 'R' : 'S'}${id}`,
    orderDate: new Date(),
    orderStatus: free ? 'Sales Order' : 'Draft Order',
    paymentStatus: free ? 'Paid' : 'Unpaid',
    shipmentStatus: 'Unshipped',
    currency: source.currency,
    subtotal,
    shippingTotal: free ? 0 : source.shippingTotal,
    taxTotal: free ? 0 : source.taxTotal,
    discountTotal: free ? 0 : Math.min(source.discountTotal, subtotal + source.shippingTotal + source.taxTotal),
    total: free ? 0 : Math.max(0, subtotal + source.shippingTotal + source.taxTotal - source.discountTotal),
    paidTotal: 0,
    customerName: source.customerName,
    customerEmail: source.customerEmail,
    requestedShippingMethod: source.requestedShippingMethod,
    tags: source.tags,
    linkedOrderId: source.id,
    lines: detail.lines.map((l) => ({
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: free ? 0 : l.unitPrice,
      weight: l.weight,
      category: l.category,
      hazardous: l.hazardous,
      hazardClass: l.hazardClass,
    })),
    shippingAddress: address('shipping'),
    billingAddress: address('billing'),
  });
  await resolveShipping(tx, tenantId, [newId]);
  await deps.rules?.(tx, tenantId, [newId], 'created');
  const created = (await repo.findOrder(tx, tenantId, newId))!;
  await repo.insertEvent(tx, tenantId, {
    orderId: newId,
    event: 'create',
    actorId: auth.userId,
    actorEmail: auth.email,
    before: null,
    after: statusesOf(created),
    payload: { channel: as, linkedOrderId: String(source.id), reason },
  });
  return newId;
}

/** Performs a planned event's effects; answers the statuses after, the timeline's payload and any new order. */
async function perform(
  deps: LifecycleDeps,
  tx: Executor,
  auth: AuthContext,
  order: OrderRow,
  plan: Plan,
  body: OrderFlowBody,
): Promise<ChangeOutcome & { createdOrderId: number | null }> {
  const tenantId = auth.tenantId;
  const payload: Record<string, unknown> = {};
  let createdOrderId: number | null = null;
  let columns: { paidTotal?: number } = {};
  const effects = plan.effects;
  switch (effects.kind) {
    case 'payment':
      columns = { paidTotal: effects.paidTotal };
      Object.assign(payload, { amount: effects.amount, method: body.method ?? null });
      break;
    case 'shipAllLines':
      await repo.shipAllLines(tx, tenantId, order.id);
      break;
    case 'cancelPlannedDeliveries':
      await repo.cancelPlannedDeliveries(tx, tenantId, order.id);
      break;
    case 'createLinkedOrder':
      createdOrderId = await createLinked(deps, tx, tenantId, order, effects.as, auth, effects.reason);
      payload.createdOrderId = String(createdOrderId);
      break;
    case 'labelDelivery':
      // Planning refuses label events while the labels feature is off, so no plan carries this effect yet.
      throw new Error('labelDelivery was planned without the labels feature');
    case 'none':
      break;
  }
  if (body.reason?.trim()) payload.reason = body.reason.trim();
  return { statuses: plan.next, columns, payload, createdOrderId };
}

/** `GET /call/orders/{orderId}/{eventName}/fsmFlow`: allowed now? why not? what would change? */
async function fsmFlow(
  deps: LifecycleDeps,
  auth: AuthContext,
  idText: string,
  event: OrderEvent,
  query: ShipLabelQuery = {},
): Promise<FsmFlow> {
  const flow: FsmFlow = await deps.database.withTenant(auth.tenantId, async (tx) => {
    const id = parseId(idText);
    const order = id === null ? undefined : await repo.findOrder(tx, auth.tenantId, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const snapshot = await loadSnapshot(repo, tx, auth.tenantId, order);
    const plan = planLifecycleEvent(event, snapshot, deps.context, {}, { preview: true });
    return {
      event,
      allowed: plan.ok,
      reason: plan.ok ? null : plan.reason,
      message: plan.ok ? null : plan.message,
      next: plan.ok ? plan.next : null,
      defaults: plan.ok ? eventDefaults(event, snapshot) : {},
      version: order.version,
    };
  });
  if (flow.allowed && isLabelEvent(event) && deps.labels) {
    flow.defaults = await deps.labels.defaults(auth, Number(idText), event, query);
  }
  return flow;
}

/** `POST /call/orders/{orderId}/{eventName}/orderFlow`: row lock, version check, guards, effects, event row. */
async function orderFlow(
  deps: LifecycleDeps,
  auth: AuthContext,
  idText: string,
  event: OrderEvent,
  body: OrderFlowBody,
  request: WriteRequest,
) {
  if (!isFlowEvent(event)) {
    throw new HttpError(400, `${event} is not performed through orderFlow`, {
      reason: 'not_a_flow_event',
      errors: { eventName: `eventName ${event} has its own path: /call/orders/{orderId}/${event}` },
    });
  }
  if (isLabelEvent(event) && deps.labels) {
    return deps.labels.purchase(auth, idText, event, body, request);
  }
  const answer = await runIdempotent<SuccessEnvelope<OrderFlowResult>>(
    deps.database,
    auth.tenantId,
    idempotencyKey(request, auth.userId, body),
    async (tx) => {
      const actor = { id: auth.userId, email: auth.email };
      const change = { event, actor, version: body.version };
      const { order, outcome } = await changeOrder(tx, auth.tenantId, idText, change, async (order) => {
        const snapshot = await loadSnapshot(repo, tx, auth.tenantId, order);
        const plan = planLifecycleEvent(event, snapshot, deps.context, { amount: body.amount, reason: body.reason });
        if (!plan.ok) throw new HttpError(409, plan.message, { reason: plan.reason });
        return perform(deps, tx, auth, order, plan, body);
      });
      const data: OrderFlowResult = {
        order: toOrder(await repo.detail(tx, auth.tenantId, order)),
        createdOrderId: outcome.createdOrderId === null ? null : String(outcome.createdOrderId),
      };
      return { statusCode: 200, body: { code: 200, success: true, data } };
    },
  );
  if (!answer.replayed) {
    const { order, createdOrderId } = answer.body.data;
    deps.notify(auth.tenantId, {
      orderIds: createdOrderId ? [order.id, createdOrderId] : [order.id],
      event,
      version: order.version,
    });
  }
  return answer;
}

/** Order events: what is allowed now (fsmFlow) and doing it (orderFlow), by the contract's transition table. */
export function createOrderLifecycleService(
  database: Database,
  notify: OrdersNotifier,
  options: OrderLifecycleOptions = {},
) {
  // A table that names a guard or an outcome this server does not implement stops the start here.
  assertLifecycleReady();
  const context: LifecycleContext = { features: { labels: options.labels !== undefined } };
  const deps: LifecycleDeps = { ...options, database, notify, context };
  return {
    fsmFlow: (auth: AuthContext, idText: string, event: OrderEvent, query: ShipLabelQuery = {}) =>
      fsmFlow(deps, auth, idText, event, query),
    orderFlow: (auth: AuthContext, idText: string, event: OrderEvent, body: OrderFlowBody, request: WriteRequest) =>
      orderFlow(deps, auth, idText, event, body, request),
  };
}
