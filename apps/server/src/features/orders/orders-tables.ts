import { sql } from 'drizzle-orm';
import {
  date,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  SHIPMENT_STATUSES,
  SOURCE_TYPES,
  TRACKING_STATUSES,
  type OrderStatuses,
} from '@shipdesk/contract';
import { tenants } from '../../db/schema/tenants.ts';
import { tenantPolicy } from '../../db/schema/tenancy.ts';
import { oneOf, at } from '../../db/schema/columns.ts';

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const id = () => bigint('id', { mode: 'number' }).notNull().generatedByDefaultAsIdentity();
/** Written with SQL only (public.order_search_vector, migration 0016); read as text when a row is selected whole. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Orders (spec 3, 4.1). Money in minor units of `currency`. `store_id` is null for manual orders (the spec's
 * "store 1"). `item_count` and `ship_to` are kept beside the lines and the address so the list reads one table.
 * Every list query is an index range scan led by `tenant_id` (docs/orders.md, "Paging").
 */
export const orders = pgTable(
  'orders',
  {
    tenantId: tenantId(),
    id: id(),
    storeId: bigint('store_id', { mode: 'number' }),
    sourceType: text('source_type').notNull(),
    externalId: text('external_id'),
    /** The channel's last-modified time of the copy stored: a sync never overwrites it with an older one. */
    externalUpdatedAt: at('external_updated_at'),
    orderNumber: text('order_number').notNull(),
    orderDate: at('order_date').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    orderStatus: text('order_status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    shipmentStatus: text('shipment_status').notNull(),
    /** Where its parcels are (docs/tracking.md): the least advanced of its standing labels' statuses; null: no label. */
    parcelStatus: text('parcel_status'),
    /** The latest day a carrier promised for its parcels not yet delivered (YYYY-MM-DD), for "late". */
    parcelExpected: text('parcel_expected'),
    currency: text('currency').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    shippingTotal: bigint('shipping_total', { mode: 'number' }).notNull().default(0),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull().default(0),
    discountTotal: bigint('discount_total', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    requestedShippingMethod: text('requested_shipping_method'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    itemCount: integer('item_count').notNull().default(0),
    shipTo: text('ship_to'),
    version: integer('version').notNull().default(1),
    linkedOrderId: bigint('linked_order_id', { mode: 'number' }),
    // How it ships, resolved from the requested service through the mappings (docs/shipping.md); a person's choice
    // on the order (shipping_by_user) is never overwritten by a resolution.
    shipMethodId: bigint('ship_method_id', { mode: 'number' }),
    carrier: text('carrier'),
    carrierMethod: text('carrier_method'),
    packageType: text('package_type'),
    shippingByUser: boolean('shipping_by_user').notNull().default(false),
    // Set by a shipping rule (docs/shipping-rules.md): a mapping change then leaves the order's shipping as it is.
    shippingByRule: boolean('shipping_by_rule').notNull().default(false),
    // What shipping rules (or a person) set on the order besides its service: the box, the insured value (minor
    // units), the signature asked for and a date to hold it until.
    boxSizeId: bigint('box_size_id', { mode: 'number' }),
    insuredValue: bigint('insured_value', { mode: 'number' }),
    signature: text('signature'),
    holdUntil: date('hold_until', { mode: 'string' }),
    // A rule's "cheapest of these services" (rates are asked when the label is bought; its default is chosen then).
    cheapestServices: jsonb('cheapest_services').$type<{
      services: Array<{ carrier: string; serviceCode: string }>;
      withinDays?: number;
    }>(),
    // The rule targets a person set by hand on this order: rules leave them as they are.
    handSet: text('hand_set')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    requestedServiceKey: text('requested_service_key').generatedAlwaysAs(sql`lower(btrim(requested_shipping_method))`),
    // The list's search (docs/orders.md, "Search"): the words of the order number, channel order id, customer,
    // e-mail, ship-to name, city and postal code, SKUs and tracking numbers, written by the app with every change
    // of them (public.order_search_vector).
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('orders_tenant_store_external_unique').on(t.tenantId, t.storeId, t.externalId),
    index('orders_tenant_status_id_idx').on(t.tenantId, t.orderStatus, t.id),
    index('orders_tenant_status_date_idx').on(t.tenantId, t.orderStatus, t.orderDate, t.id),
    index('orders_tenant_date_idx').on(t.tenantId, t.orderDate, t.id),
    index('orders_tenant_total_idx').on(t.tenantId, t.total, t.id),
    index('orders_tenant_store_idx').on(t.tenantId, t.storeId, t.id),
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('orders_tenant_linked_idx').on(t.tenantId, t.linkedOrderId),
    // What the shipping-methods page counts: open orders per requested service no method covers, and per method.
    index('orders_tenant_unmapped_idx')
      .on(t.tenantId, t.requestedServiceKey)
      .where(sql`ship_method_id IS NULL AND order_status IN ('Draft Order', 'Sales Order')`),
    index('orders_tenant_ship_method_idx')
      .on(t.tenantId, t.shipMethodId)
      .where(sql`order_status IN ('Draft Order', 'Sales Order')`),
    // The list's requested-service filter, and the distinct services its filter offers (a skip scan).
    index('orders_tenant_requested_service_idx')
      .on(t.tenantId, t.requestedServiceKey, t.id)
      .where(sql`requested_service_key IS NOT NULL`),
    // Search: the words, each tagged with its tenant (docs/orders.md, "Search"), so a search reads its tenant's only.
    index('orders_search_idx').using('gin', t.searchVector),
    check('orders_order_status_check', oneOf('order_status', ORDER_STATUSES)),
    check('orders_payment_status_check', oneOf('payment_status', PAYMENT_STATUSES)),
    check('orders_shipment_status_check', oneOf('shipment_status', SHIPMENT_STATUSES)),
    check('orders_parcel_status_check', sql`parcel_status IS NULL OR ${oneOf('parcel_status', TRACKING_STATUSES)}`),
    index('orders_tenant_parcel_idx')
      .on(t.tenantId, t.parcelStatus, t.id)
      .where(sql`parcel_status IS NOT NULL`),
    check('orders_source_type_check', oneOf('source_type', SOURCE_TYPES)),
    check(
      'orders_money_check',
      sql`subtotal >= 0 AND shipping_total >= 0 AND tax_total >= 0 AND discount_total >= 0 AND total >= 0 AND paid_total >= 0`,
    ),
    check('orders_version_check', sql`version >= 1`),
    check(
      'orders_rule_settings_check',
      sql`(insured_value IS NULL OR insured_value >= 0)
      AND (signature IS NULL OR signature IN ('standard', 'adult'))`,
    ),
    tenantPolicy('orders'),
  ],
).enableRLS();

export const orderLines = pgTable(
  'order_lines',
  {
    tenantId: text('tenant_id').notNull(),
    id: id(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    weight: integer('weight').notNull().default(0),
    category: text('category'),
    hazardous: boolean('hazardous').notNull().default(false),
    // One of the contract's HAZARD_CLASSES when the line's product carries it (a hazardous line).
    hazardClass: text('hazard_class'),
    /**
     * Where the line's weight came from: null as the channel or the order's author sent it, `seller` typed on the
     * order, `product` filled from the live product of its SKU (docs/products.md); a product fill only ever writes
     * lines of weight 0 or ones it filled before.
     */
    weightSource: text('weight_source'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('order_lines_tenant_order_idx').on(t.tenantId, t.orderId, t.position),
    // Lines by SKU: a product's delete counts them, and a line of weight 0 is weighed by its product (docs/products.md).
    index('order_lines_tenant_sku_idx').on(t.tenantId, t.sku),
    check(
      'order_lines_quantity_check',
      sql`quantity > 0 AND quantity_shipped >= 0 AND quantity_shipped <= quantity AND unit_price >= 0 AND weight >= 0`,
    ),
    check('order_lines_weight_source_check', sql`weight_source IS NULL OR weight_source IN ('seller', 'product')`),
    tenantPolicy('order_lines'),
  ],
).enableRLS();

export const orderAddresses = pgTable(
  'order_addresses',
  {
    tenantId: text('tenant_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    phone: text('phone'),
    email: text('email'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.orderId, t.type] }),
    foreignKey({
      name: 'order_addresses_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    check('order_addresses_type_check', oneOf('type', ['billing', 'shipping'])),
    tenantPolicy('order_addresses'),
  ],
).enableRLS();

/** Box sizes offered when packing (seeded per tenant with common sizes). Inches and grams. */
export const boxSizes = pgTable(
  'box_sizes',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    length: numeric('length', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    width: numeric('width', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    height: numeric('height', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    emptyWeight: integer('empty_weight').notNull().default(0),
    maxWeight: integer('max_weight').notNull(),
    /** Deleted while orders, deliveries or rules still name it: hidden from pickers, kept for history. */
    archivedAt: at('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Among live boxes only: an archived box's name can be given to a new one (docs/setup-deletion.md).
    uniqueIndex('box_sizes_tenant_name_live_idx')
      .on(t.tenantId, t.name)
      .where(sql`archived_at IS NULL`),
    tenantPolicy('box_sizes'),
  ],
).enableRLS();

/** A planned shipment of some lines of an order: what a label is bought for. */
export const deliveries = pgTable(
  'deliveries',
  {
    tenantId: text('tenant_id').notNull(),
    id: id(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    requestedShipMethod: text('requested_ship_method'),
    carrierMethod: text('carrier_method'),
    boxSizeId: bigint('box_size_id', { mode: 'number' }),
    weight: integer('weight').notNull().default(0),
    /** `lines`: the weight is its lines' own total and follows them; `seller`: a person typed it and it stands. */
    weightSource: text('weight_source').notNull().default('lines'),
    status: text('status').notNull().default('planned'),
    trackingNumber: text('tracking_number'),
    /** The parcel as the seller shaped it (inches); null until set, then the label's defaults. */
    packageType: text('package_type'),
    length: numeric('length', { precision: 6, scale: 2, mode: 'number' }),
    width: numeric('width', { precision: 6, scale: 2, mode: 'number' }),
    height: numeric('height', { precision: 6, scale: 2, mode: 'number' }),
    /**
     * A label purchase in flight: `buying` while the carrier is asked, `unconfirmed` when its answer was lost. The
     * request (carrier account, service, parcel, idempotency key) is kept so that any instance can find the label
     * at the carrier instead of buying it twice.
     */
    purchaseState: text('purchase_state'),
    purchaseStartedAt: at('purchase_started_at'),
    purchaseRequest: jsonb('purchase_request').$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('deliveries_purchase_state_check', sql`purchase_state IN ('buying', 'unconfirmed')`),
    index('deliveries_purchase_pending_idx')
      .on(t.purchaseStartedAt)
      .where(sql`purchase_state IS NOT NULL`),
    foreignKey({
      name: 'deliveries_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'deliveries_box_size_fk',
      columns: [t.tenantId, t.boxSizeId],
      foreignColumns: [boxSizes.tenantId, boxSizes.id],
    }),
    index('deliveries_tenant_order_idx').on(t.tenantId, t.orderId, t.id),
    check('deliveries_status_check', oneOf('status', DELIVERY_STATUSES)),
    check('deliveries_weight_source_check', sql`weight_source IN ('lines', 'seller')`),
    tenantPolicy('deliveries'),
  ],
).enableRLS();

export const deliveryLines = pgTable(
  'delivery_lines',
  {
    tenantId: text('tenant_id').notNull(),
    deliveryId: bigint('delivery_id', { mode: 'number' }).notNull(),
    lineId: bigint('line_id', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.deliveryId, t.lineId] }),
    foreignKey({
      name: 'delivery_lines_delivery_fk',
      columns: [t.tenantId, t.deliveryId],
      foreignColumns: [deliveries.tenantId, deliveries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'delivery_lines_line_fk',
      columns: [t.tenantId, t.lineId],
      foreignColumns: [orderLines.tenantId, orderLines.id],
    }).onDelete('cascade'),
    index('delivery_lines_tenant_line_idx').on(t.tenantId, t.lineId),
    check('delivery_lines_quantity_check', sql`quantity > 0`),
    tenantPolicy('delivery_lines'),
  ],
).enableRLS();

export const orderNotes = pgTable(
  'order_notes',
  {
    tenantId: text('tenant_id').notNull(),
    id: id(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    note: text('note').notNull(),
    authorId: text('author_id').notNull(),
    authorEmail: text('author_email').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'order_notes_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('order_notes_tenant_order_idx').on(t.tenantId, t.orderId, t.id),
    tenantPolicy('order_notes'),
  ],
).enableRLS();

/** The audit timeline: append-only (the app role may not update or delete rows; migration 0002). */
export const orderEvents = pgTable(
  'order_events',
  {
    tenantId: text('tenant_id').notNull(),
    id: id(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    event: text('event').notNull(),
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    at: at('at').notNull().defaultNow(),
    before: jsonb('before').$type<OrderStatuses | null>(),
    after: jsonb('after').$type<OrderStatuses | null>(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'order_events_order_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    index('order_events_tenant_order_idx').on(t.tenantId, t.orderId, t.id),
    tenantPolicy('order_events'),
  ],
).enableRLS();

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderAddressRow = typeof orderAddresses.$inferSelect;
export type DeliveryRow = typeof deliveries.$inferSelect;
export type BoxSizeRow = typeof boxSizes.$inferSelect;
export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
