import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatuses, SourceType } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { isNewer, mergeStatuses, statusesForNewOrder } from './channel-orders.ts';
import { withoutZeroedLines } from './channel-order-check.ts';
import type { ChannelOrder } from '../../integrations/channels/channel-types.ts';
import { homeCountrySql, resolutionJoin, resolveShipping } from '../shipping/index.ts';
import { RULES_ACTOR, RULES_EVENT, planChannelRules, type ImportRulePlan } from '../shipping-rules/index.ts';
import { changeOrders, recordOrderEvents, searchText, type TimelineRow } from '../orders/index.ts';
import { recordChannelProducts } from '../products/index.ts';
import { childRecord, keepTypedWeights, orderRecord, timelineRow } from './store-order-records.ts';

/**
 * Channel orders into the orders tables, a page at a time, in the caller's transaction. One statement inserts the new
 * orders with their lines, addresses and planned deliveries, and one more (the orders' `recordOrderEvents`) their
 * timeline rows; when some were stored already, one more locks those, one updates the newer copies, one rewrites
 * their content, and one (the orders' `changeOrders`) sets their statuses with their timeline rows. The unique key
 * (tenant, store, external id) makes a second insert of the same order a no-op, and the `external_updated_at` guard
 * makes an older or equal copy change nothing, whoever delivers it (pull or webhook).
 */

export interface UpsertTarget {
  tenantId: string;
  storeId: number;
  sourceType: SourceType;
  /** Who the timeline names: the store's sync, or its webhook. */
  actor: { id: string; email: string };
  /** Where a failure of the shipping rules on new orders is told (they never stop the import). */
  log: { warn: (object: object, message: string) => void };
}

interface UpsertResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Ids of the orders written, for the realtime notice. */
  orderIds: number[];
  /**
   * SKUs whose open orders are to be filled from the catalogue: the page gave their product a new weight, or a line
   * of the page came without one while its product has one (docs/products.md, "Products from channels").
   */
  weighedSkus: string[];
}

interface ExistingRow {
  id: string | number;
  external_id: string;
  external_updated_at: Date | string | null;
  order_status: string;
  payment_status: string;
  shipment_status: string;
  worked: boolean;
}

async function rows<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** What the shipping rules decided for a new order (rule-import-plan.ts), null when they decided nothing. */
const RULE_COLUMNS = sql.raw(`rule_ship_method_id bigint, rule_carrier text, rule_carrier_method text,
  rule_package_type text, rule_box_size_id bigint, rule_insured_value bigint, rule_signature text,
  rule_hold_until date, rule_cheapest jsonb, rule_shipping boolean`);

/** `LEFT JOIN LATERAL (...) rm`: the carrier service of a shipping method a rule set, for the order's destination. */
function ruleMethodJoin(tenantId: string): SQL {
  return sql`LEFT JOIN LATERAL (
    SELECT c.carrier, c.carrier_method, c.package_type FROM ship_method_carrier_mappings c
    WHERE c.tenant_id = ${tenantId} AND c.ship_method_id = r.rule_ship_method_id
      AND c.destination IN ('any', CASE WHEN coalesce(upper(r.ship_country), (SELECT country FROM home))
                                         = (SELECT country FROM home) THEN 'domestic' ELSE 'international' END)
    ORDER BY c.destination = 'any' LIMIT 1
  ) rm ON r.rule_ship_method_id IS NOT NULL AND r.rule_carrier IS NULL`;
}

const ORDER_COLUMNS = sql.raw(`external_id text, order_number text, order_date timestamptz,
  external_updated_at timestamptz, order_status text, payment_status text, shipment_status text, currency text,
  subtotal bigint, shipping_total bigint, tax_total bigint, discount_total bigint, total bigint, paid_total bigint,
  customer_name text, customer_email text, requested_shipping_method text, tags text[], item_count integer,
  ship_to text, ship_country text`);

const CHILD_COLUMNS = sql.raw('lines jsonb, addresses jsonb, delivery jsonb');

/**
 * The CTEs that write the children of the rows of a CTE named `src` (order_id, then CHILD_COLUMNS): lines, the
 * planned delivery and its lines, and addresses. Data-modifying CTEs run whether or not the statement reads them;
 * the foreign keys are checked at its end, when the orders they name exist.
 */
function childWrites(tenantId: string): SQL {
  const t = tenantId;
  return sql`ins_lines AS (
      INSERT INTO order_lines (tenant_id, order_id, position, sku, name, quantity, quantity_shipped, unit_price, weight,
        weight_source, category, hazardous)
      SELECT ${t}, s.order_id, l.position, l.sku, l.name, l.quantity, l.quantity_shipped, l.unit_price, l.weight,
        l.weight_source, l.category, l.hazardous
      FROM src s CROSS JOIN LATERAL jsonb_to_recordset(s.lines) AS l(position integer, sku text, name text,
        quantity integer, quantity_shipped integer, unit_price bigint, weight integer, weight_source text,
        category text, hazardous boolean)
      RETURNING id, order_id, quantity
    ), ins_deliveries AS (
      INSERT INTO deliveries (tenant_id, order_id, requested_ship_method, weight, status)
      SELECT ${t}, s.order_id, d.requested_ship_method, d.weight, d.status
      FROM src s CROSS JOIN LATERAL jsonb_to_record(s.delivery) AS d(requested_ship_method text, weight integer,
        status text)
      WHERE s.delivery IS NOT NULL
      RETURNING id, order_id
    ), ins_delivery_lines AS (
      INSERT INTO delivery_lines (tenant_id, delivery_id, line_id, quantity)
      SELECT ${t}, d.id, il.id, il.quantity FROM ins_lines il JOIN ins_deliveries d ON d.order_id = il.order_id
    ), ins_addresses AS (
      INSERT INTO order_addresses (tenant_id, order_id, type, first_name, last_name, company, address1, address2, city,
        state, postal_code, country, phone, email)
      SELECT ${t}, s.order_id, a.type, a.first_name, a.last_name, a.company, a.address1, a.address2, a.city, a.state,
        a.postal_code, a.country, a.phone, a.email
      FROM src s CROSS JOIN LATERAL jsonb_to_recordset(s.addresses) AS a(type text, first_name text, last_name text,
        company text, address1 text, address2 text, city text, state text, postal_code text, country text,
        phone text, email text)
    )`;
}

/** The content of stored orders (`order_id` in each record) whose lines, addresses and delivery were just cleared. */
async function writeChildren(
  tx: Executor,
  tenantId: string,
  records: Array<{ order_id: number } & ReturnType<typeof childRecord>>,
): Promise<void> {
  if (records.length === 0) return;
  await tx.execute(sql`
    WITH src AS (SELECT * FROM jsonb_to_recordset(${json(records)}) AS s(order_id bigint, ${CHILD_COLUMNS})),
    ${childWrites(tenantId)}
    SELECT 1`);
}

/**
 * The page's new orders, whole, in one statement, with their timeline and the notes of the shipping rules that decided
 * for them; the copies stored already pass untouched. Answers the orders it wrote.
 */
async function insertNewOrders(
  tx: Executor,
  target: UpsertTarget,
  page: readonly ChannelOrder[],
  prepared: ImportRulePlan | null | undefined,
): Promise<Array<{ id: string | number; external_id: string }>> {
  const { tenantId, storeId } = target;
  // New orders first, whole, in one statement: the unique key lets every copy already stored pass untouched, so a
  // page of new orders (a first import) is one round trip and locks nothing it did not write.
  // The shipping rules decide for the new orders before they are written, so the insert writes their values once.
  const rules = prepared !== undefined ? prepared : await planChannelRules(tx, tenantId, storeId, page, target.log);
  // The payload of the rules' timeline row of each new order, by external id (written with the import's own row).
  const ruleEvents = new Map<string, object>();
  const records = page.map((order) => {
    const statuses = statusesForNewOrder(order);
    const child = childRecord(order, statuses);
    const { rule_event: ruleEvent, ...ruleColumns } = rules?.columns(order) ?? { rule_event: null };
    if (ruleEvent) ruleEvents.set(order.externalId, ruleEvent);
    return { ...orderRecord(order, statuses), ...ruleColumns, ...child, search: searchText(order, child) };
  });
  const inserted = await rows<{ id: string | number; external_id: string }>(
    tx,
    sql`WITH r AS (SELECT * FROM jsonb_to_recordset(${json(records)})
          AS r(${ORDER_COLUMNS}, ${RULE_COLUMNS}, ${CHILD_COLUMNS}, search text)),
        home AS (SELECT ${homeCountrySql(tenantId)} AS country),
        ins AS (
          INSERT INTO orders (tenant_id, store_id, source_type, external_id, order_number, order_date,
            external_updated_at, order_status, payment_status, shipment_status, currency, subtotal, shipping_total,
            tax_total, discount_total, total, paid_total, customer_name, customer_email, requested_shipping_method,
            tags, item_count, ship_to, ship_method_id, carrier, carrier_method, package_type, shipping_by_rule,
            cheapest_services, box_size_id, insured_value, signature, hold_until, search_vector)
          SELECT ${tenantId}, ${storeId}, ${target.sourceType}, r.external_id, r.order_number, r.order_date,
            r.external_updated_at, r.order_status, r.payment_status, r.shipment_status, r.currency, r.subtotal,
            r.shipping_total, r.tax_total, r.discount_total, r.total, r.paid_total, r.customer_name,
            r.customer_email, r.requested_shipping_method, r.tags, r.item_count, r.ship_to,
            coalesce(r.rule_ship_method_id, res.ship_method_id),
            CASE WHEN r.rule_carrier IS NOT NULL THEN r.rule_carrier
                 WHEN r.rule_ship_method_id IS NOT NULL THEN rm.carrier ELSE res.carrier END,
            CASE WHEN r.rule_carrier IS NOT NULL THEN r.rule_carrier_method
                 WHEN r.rule_ship_method_id IS NOT NULL THEN rm.carrier_method ELSE res.carrier_method END,
            CASE WHEN r.rule_package_type IS NOT NULL THEN r.rule_package_type
                 WHEN r.rule_carrier IS NOT NULL OR r.rule_ship_method_id IS NOT NULL THEN rm.package_type
                 ELSE res.package_type END,
            coalesce(r.rule_shipping, false), r.rule_cheapest, r.rule_box_size_id, r.rule_insured_value,
            r.rule_signature, r.rule_hold_until,
            public.order_search_vector(public.search_tag(${tenantId}), r.customer_email, r.search)
          FROM r
          ${resolutionJoin(tenantId, {
            storeId: sql`${storeId}::bigint`,
            service: sql`r.requested_shipping_method`,
            country: sql`r.ship_country`,
            home: sql`(SELECT country FROM home)`,
          })}
          ${ruleMethodJoin(tenantId)}
          ON CONFLICT (tenant_id, store_id, external_id) DO NOTHING
          RETURNING id, external_id
        ),
        src AS (SELECT ins.id AS order_id, r.lines, r.addresses, r.delivery FROM ins JOIN r USING (external_id)),
        ${childWrites(tenantId)}
        SELECT id, external_id FROM ins`,
  );
  // Their timeline, one statement for the page: each order's import, then the rules' application where they ran.
  const byExternalId = new Map(page.map((order) => [order.externalId, order]));
  const imported: TimelineRow[] = inserted.map((row) => {
    const order = byExternalId.get(row.external_id)!;
    return timelineRow(target, Number(row.id), order, null, statusesForNewOrder(order));
  });
  const applied: TimelineRow[] = inserted.flatMap((row) => {
    const payload = ruleEvents.get(row.external_id);
    if (!payload) return [];
    return [{ orderId: Number(row.id), event: RULES_EVENT, actor: RULES_ACTOR, before: null, after: null, payload }];
  });
  await recordOrderEvents(tx, tenantId, [...imported, ...applied]);
  // Only orders that were new ran the rules (rules never change an order already stored); their notes.
  await rules?.record(
    tx,
    inserted.map((row) => ({ id: Number(row.id), externalId: row.external_id })),
  );
  return inserted;
}

/**
 * The page's orders stored already: locked, and those whose copy is newer take it (their content too while no one has
 * worked on them), with their timeline rows. Answers the orders it changed and how many it left unchanged.
 */
async function updateStoredOrders(
  tx: Executor,
  target: UpsertTarget,
  stored: readonly ChannelOrder[],
): Promise<{ updatedIds: number[]; unchanged: number }> {
  const { tenantId, storeId } = target;
  // The copies already stored, locked: a concurrent webhook or local action on the same order waits for this page.
  const existing = await rows<ExistingRow>(
    tx,
    sql`SELECT o.id, o.external_id, o.external_updated_at, o.order_status, o.payment_status, o.shipment_status,
          (o.shipment_status <> 'Unshipped' OR o.order_status NOT IN ('Draft Order', 'Sales Order') OR EXISTS (
            SELECT 1 FROM deliveries d WHERE d.tenant_id = o.tenant_id AND d.order_id = o.id AND d.status <> 'planned'
          )) AS worked
        FROM orders o
        WHERE o.tenant_id = ${tenantId} AND o.store_id = ${storeId}
          AND o.external_id = ANY(${sql.raw('ARRAY[')}${sql.join(
            stored.map((o) => sql`${o.externalId}`),
            sql`, `,
          )}${sql.raw(']::text[]')})
        FOR UPDATE OF o`,
  );
  const storedByExternalId = new Map(existing.map((row) => [row.external_id, row]));
  const newer: Array<{ row: ExistingRow; order: ChannelOrder }> = [];
  let unchanged = 0;
  for (const order of stored) {
    const row = storedByExternalId.get(order.externalId);
    if (row && isNewer(order.externalUpdatedAt, row.external_updated_at)) newer.push({ row, order });
    else unchanged += 1;
  }
  if (newer.length === 0) return { updatedIds: [], unchanged };
  const planned = newer.map(({ row, order }) => {
    const before: OrderStatuses = {
      orderStatus: row.order_status as OrderStatuses['orderStatus'],
      paymentStatus: row.payment_status as OrderStatuses['paymentStatus'],
      shipmentStatus: row.shipment_status as OrderStatuses['shipmentStatus'],
    };
    const statuses = row.worked ? mergeStatuses(before, order) : statusesForNewOrder(order);
    // A cancel whose lines the channel zeroed (dropped above) keeps the lines stored before: what was ordered.
    const emptiedByCancel = order.canceled && order.lines.length === 0;
    return { id: Number(row.id), order, before, statuses, replaceContent: !row.worked && !emptiedByCancel };
  });
  // The statuses and the version move with the timeline row, in the orders' own statement below (changeOrders).
  await tx.execute(sql`
    UPDATE orders o SET
      order_number = r.order_number, order_date = r.order_date, external_updated_at = r.external_updated_at,
      currency = r.currency, subtotal = r.subtotal, shipping_total = r.shipping_total, tax_total = r.tax_total,
      discount_total = r.discount_total, total = r.total, paid_total = GREATEST(o.paid_total, r.paid_total),
      customer_name = r.customer_name, customer_email = r.customer_email,
      requested_shipping_method = r.requested_shipping_method, tags = r.tags,
      item_count = CASE WHEN r.replace_content THEN r.item_count ELSE o.item_count END,
      ship_to = CASE WHEN r.replace_content THEN r.ship_to ELSE o.ship_to END, updated_at = now()
    FROM jsonb_to_recordset(${json(
      planned.map((p) => ({ id: p.id, replace_content: p.replaceContent, ...orderRecord(p.order, p.statuses) })),
    )}) AS r(id bigint, replace_content boolean, ${ORDER_COLUMNS})
    WHERE o.tenant_id = ${tenantId} AND o.id = r.id`);
  const replaced = planned.filter((p) => p.replaceContent).map((p) => p.id);
  const typedWeights = new Map<number, Array<{ sku: string; weight: number; weightSource: string | null }>>();
  if (replaced.length > 0) {
    const ids = sql`ARRAY[${sql.join(
      replaced.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]`;
    // The weights people typed or products filled (a channel's 0 means "not known"): the new copy's lines keep them
    // (keepTypedWeights).
    for (const line of await rows<{
      order_id: string | number;
      sku: string;
      weight: number;
      weight_source: string | null;
    }>(
      tx,
      sql`SELECT order_id, sku, weight, weight_source FROM order_lines
          WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids}) ORDER BY order_id, position`,
    )) {
      const id = Number(line.order_id);
      const kept = { sku: line.sku, weight: Number(line.weight), weightSource: line.weight_source };
      typedWeights.set(id, [...(typedWeights.get(id) ?? []), kept]);
    }
    // Unworked orders take the channel's lines and addresses whole; the planned delivery is rebuilt with them.
    await tx.execute(sql`
      WITH d AS (DELETE FROM deliveries WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids})),
           a AS (DELETE FROM order_addresses WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids}))
      DELETE FROM order_lines WHERE tenant_id = ${tenantId} AND order_id = ANY(${ids})`);
  }
  await writeChildren(
    tx,
    tenantId,
    planned
      .filter((p) => p.replaceContent)
      .map((p) => ({
        order_id: p.id,
        ...childRecord(keepTypedWeights(p.order, typedWeights.get(p.id) ?? []), p.statuses),
      })),
  );
  // Its words follow the new copy, and its service (it may ask for another, or ship elsewhere) unless set by hand.
  await changeOrders(
    tx,
    tenantId,
    planned.map((p) => timelineRow(target, p.id, p.order, p.before, p.statuses)),
    { searchChanged: true },
  );
  const updatedIds = planned.map((p) => p.id);
  await resolveShipping(tx, tenantId, updatedIds);
  return { updatedIds, unchanged };
}

/**
 * Writes a page of a channel's orders. `prepared`: the shipping rules already planned for the page outside this
 * transaction (a pull does it while writing the page before); without it they are planned here.
 */
export async function upsertChannelOrders(
  tx: Executor,
  target: UpsertTarget,
  channelPage: readonly ChannelOrder[],
  prepared?: ImportRulePlan | null,
): Promise<UpsertResult> {
  const result: UpsertResult = { inserted: 0, updated: 0, unchanged: 0, orderIds: [], weighedSkus: [] };
  if (channelPage.length === 0) return result;
  const page = channelPage.map(withoutZeroedLines);
  const inserted = await insertNewOrders(tx, target, page, prepared);
  result.inserted = inserted.length;
  result.orderIds.push(...inserted.map((row) => Number(row.id)));
  // The products the lines name, in the same transaction: one statement for the page, never a seller's weight.
  result.weighedSkus = (await recordChannelProducts(tx, target.tenantId, page)).toFill;
  if (inserted.length === page.length) return result;
  const insertedIds = new Set(inserted.map((row) => row.external_id));
  const { updatedIds, unchanged } = await updateStoredOrders(
    tx,
    target,
    page.filter((o) => !insertedIds.has(o.externalId)),
  );
  result.updated = updatedIds.length;
  result.unchanged = unchanged;
  result.orderIds.push(...updatedIds);
  return result;
}
