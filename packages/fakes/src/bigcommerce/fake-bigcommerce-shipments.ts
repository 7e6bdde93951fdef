import type { FakeReply, FakeRequest } from '../http/fake-http.ts';
import type { FakeOrderRecord } from './fake-bigcommerce-data.ts';
import {
  ORDER_STATUS,
  orderStatusName,
  type V2Order,
  type V2Shipment,
  type V2ShipmentRequest,
} from './fake-bigcommerce-wire.ts';

/**
 * The fake store's order shipments (tests and the demo only): `POST /orders/{id}/shipments` ships items and moves the
 * order to Shipped or Partially Shipped; `DELETE /orders/{id}/shipments/{shipment_id}` takes one back, its items
 * left to ship again and the order back to Partially Shipped or Awaiting Fulfillment. A shipment already deleted is
 * not found (404).
 */

export const NOT_FOUND = 'The requested resource was not found.';

/** A V2 error body: an array of `{ status, message }`. */
export const v2Error = (status: number, message: string): FakeReply => ({ status, body: [{ status, message }] });

interface FakeShipments {
  /** Shipments created through the API, oldest first (deleted ones stay listed here). */
  readonly created: V2Shipment[];
  /** Shipments deleted through the API, oldest first. */
  readonly deleted: V2Shipment[];
  create(record: FakeOrderRecord, request: FakeRequest): FakeReply;
  remove(record: FakeOrderRecord, request: FakeRequest): FakeReply;
}

const SHIPPED_STATES: ReadonlySet<number> = new Set([ORDER_STATUS.shipped, ORDER_STATUS.partiallyShipped]);

/** `touch` stamps a changed order with the store's next modification time. */
export function createFakeShipments(touch: (order: V2Order) => void): FakeShipments {
  const created: V2Shipment[] = [];
  const deleted: V2Shipment[] = [];
  let nextShipmentId = 900_000;

  function setStatus(order: V2Order, statusId: number): void {
    order.status_id = statusId;
    order.status = orderStatusName(statusId)!;
  }

  function create(record: FakeOrderRecord, request: FakeRequest): FakeReply {
    let body: V2ShipmentRequest;
    try {
      body = JSON.parse(request.body) as V2ShipmentRequest;
    } catch {
      return v2Error(400, 'The request body is not valid JSON.');
    }
    const address = record.addresses.find((a) => a.id === body.order_address_id);
    if (!address) return v2Error(400, "The field 'order_address_id' is invalid.");
    if (!Array.isArray(body.items) || body.items.length === 0) return v2Error(400, "The field 'items' is required.");
    if ((body.tracking_number ?? '').length > 50) return v2Error(400, "The field 'tracking_number' is too long.");
    for (const item of body.items) {
      const product = record.products.find((p) => p.id === item.order_product_id);
      if (!product) return v2Error(400, `The order product ${item.order_product_id} does not belong to this order.`);
      if (!Number.isInteger(item.quantity) || item.quantity < 1) {
        return v2Error(400, "The field 'quantity' is invalid.");
      }
      if (item.quantity > product.quantity - product.quantity_shipped) {
        return v2Error(400, `The quantity of order product ${product.id} exceeds what is left to ship.`);
      }
    }

    const { order } = record;
    for (const item of body.items) {
      const product = record.products.find((p) => p.id === item.order_product_id)!;
      product.quantity_shipped += item.quantity;
      address.items_shipped += item.quantity;
      order.items_shipped += item.quantity;
    }
    const allShipped = record.products
      .filter((p) => p.type === 'physical')
      .every((p) => p.quantity_shipped >= p.quantity);
    setStatus(order, allShipped ? ORDER_STATUS.shipped : ORDER_STATUS.partiallyShipped);
    touch(order);
    order.date_shipped = order.date_modified;

    const provider = body.shipping_provider ?? '';
    const shipment: V2Shipment = {
      id: nextShipmentId++,
      order_id: order.id,
      customer_id: order.customer_id,
      order_address_id: address.id,
      date_created: order.date_modified,
      tracking_number: body.tracking_number ?? '',
      shipping_method: body.shipping_method ?? '',
      shipping_provider: provider,
      tracking_carrier: body.tracking_carrier ?? '',
      tracking_link: body.tracking_link ?? '',
      comments: body.comments ?? '',
      items: body.items.map((item) => ({
        order_product_id: item.order_product_id,
        product_id: record.products.find((p) => p.id === item.order_product_id)!.product_id,
        quantity: item.quantity,
      })),
      generated_tracking_link:
        provider === 'ups' && body.tracking_number
          ? `https://www.ups.com/track?tracknum=${encodeURIComponent(body.tracking_number)}`
          : '',
    };
    record.shipments.push(shipment);
    created.push(shipment);
    return { status: 201, body: shipment };
  }

  function remove(record: FakeOrderRecord, request: FakeRequest): FakeReply {
    const at = record.shipments.findIndex((s) => String(s.id) === request.params.shipmentId);
    if (at < 0) return v2Error(404, NOT_FOUND);
    const [shipment] = record.shipments.splice(at, 1);
    const { order } = record;
    for (const item of shipment!.items) {
      const product = record.products.find((p) => p.id === item.order_product_id);
      if (product) product.quantity_shipped = Math.max(0, product.quantity_shipped - item.quantity);
      const address = record.addresses.find((a) => a.id === shipment!.order_address_id);
      if (address) address.items_shipped = Math.max(0, address.items_shipped - item.quantity);
      order.items_shipped = Math.max(0, order.items_shipped - item.quantity);
    }
    if (SHIPPED_STATES.has(order.status_id)) {
      setStatus(order, order.items_shipped > 0 ? ORDER_STATUS.partiallyShipped : ORDER_STATUS.awaitingFulfillment);
    }
    if (record.shipments.length === 0) order.date_shipped = '';
    touch(order);
    deleted.push(shipment!);
    return { status: 204 };
  }

  return { created, deleted, create, remove };
}
