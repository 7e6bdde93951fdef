import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, RULE_TARGETS, WEEKDAYS, isCarrier, type RuleTarget } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import type { OrderCurrent, OrderFacts } from './rule-facts.ts';
import { CHECKED_RESIDENTIAL_SQL } from '../address-checks/index.ts';

/** An order as rules see it: the facts conditions test and what it holds now. */
export interface RuleOrder {
  id: number;
  orderNumber: string;
  version: number;
  facts: OrderFacts;
  current: OrderCurrent;
}

interface FactsRow {
  id: string | number;
  order_number: string;
  version: number;
  store_id: string | number | null;
  requested_shipping_method: string | null;
  total: string | number;
  currency: string;
  item_count: number;
  tags: string[];
  local_date: string;
  local_dow: number;
  local_time: string;
  ship_method_id: string | number | null;
  carrier: string | null;
  carrier_method: string | null;
  package_type: string | null;
  box_size_id: string | number | null;
  insured_value: string | number | null;
  signature: string | null;
  hold_until: string | null;
  hand_set: string[];
  notes: string[] | null;
  shipping_by_user: boolean;
  country: string | null;
  state: string | null;
  postal_code: string | null;
  company: string | null;
  checked_residential: boolean | null;
  weight: string | number | null;
  skus: string[] | null;
  categories: string[] | null;
  hazardous: boolean | null;
  hazard_classes: string[] | null;
  labelled: boolean | null;
  length: string | number | null;
  width: string | number | null;
  height: string | number | null;
}

const SHIPPING_TARGETS: readonly RuleTarget[] = ['shipMethod', 'carrierService', 'packageType'];
const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const idText = (value: string | number | null): string | null => (value === null ? null : String(value));

/**
 * The facts of the given orders in one statement: the shipping address, the lines' weight, SKUs, categories and
 * hazards, whether a delivery is labelled and the parcel's size (the first delivery with dimensions, else the box set
 * on the order), the order date in the tenant's zone. Home or business is what a carrier's address check said of
 * the ship-to as it is now; unchecked, an address with a company counts as a business; the weight is the lines'
 * unit weight times quantity.
 */
export async function loadRuleOrders(
  tx: Executor,
  tenantId: string,
  orderIds: readonly number[],
): Promise<RuleOrder[]> {
  const orders: RuleOrder[] = [];
  for (let start = 0; start < orderIds.length; start += ORDERS_PER_READ) {
    // Between reads other requests get their turn: an embedded database answers on this very thread.
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    orders.push(...(await readRuleOrders(tx, tenantId, orderIds.slice(start, start + ORDERS_PER_READ))));
  }
  return orders;
}

/** Orders read in one statement: 10,000 at once held the embedded database's thread for half a second. */
const ORDERS_PER_READ = 200;

async function readRuleOrders(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<RuleOrder[]> {
  const result = (await tx.execute(sql`
    WITH zone AS (
      SELECT coalesce((SELECT t.time_zone FROM tenants t WHERE t.id = ${tenantId}), ${DEFAULT_TIME_ZONE}) AS tz
    )
    SELECT o.id, o.order_number, o.version, o.store_id, o.requested_shipping_method, o.total, o.currency,
      o.item_count, o.tags,
      to_char(o.order_date AT TIME ZONE zone.tz, 'YYYY-MM-DD') AS local_date,
      extract(isodow FROM o.order_date AT TIME ZONE zone.tz)::int AS local_dow,
      to_char(o.order_date AT TIME ZONE zone.tz, 'HH24:MI') AS local_time,
      o.ship_method_id, o.carrier, o.carrier_method, o.package_type, o.box_size_id, o.insured_value, o.signature,
      o.hold_until::text AS hold_until, o.hand_set, o.shipping_by_user,
      (SELECT array_agg(n.note) FROM order_notes n WHERE n.tenant_id = o.tenant_id AND n.order_id = o.id) AS notes,
      a.country, a.state, a.postal_code, a.company, ${CHECKED_RESIDENTIAL_SQL} AS checked_residential,
      l.weight, l.skus, l.categories, l.hazardous, l.hazard_classes,
      d.labelled, coalesce(d.length, b.length) AS length, coalesce(d.width, b.width) AS width,
      coalesce(d.height, b.height) AS height
    FROM orders o CROSS JOIN zone
    LEFT JOIN order_addresses a ON a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping'
    LEFT JOIN LATERAL (
      SELECT sum(ol.weight::bigint * ol.quantity) AS weight, array_agg(ol.sku ORDER BY ol.position) AS skus,
        array_agg(DISTINCT btrim(ol.category)) FILTER (WHERE ol.category IS NOT NULL) AS categories,
        bool_or(ol.hazardous) AS hazardous,
        array_agg(DISTINCT ol.hazard_class) FILTER (WHERE ol.hazard_class IS NOT NULL) AS hazard_classes
      FROM order_lines ol WHERE ol.tenant_id = o.tenant_id AND ol.order_id = o.id
    ) l ON true
    LEFT JOIN LATERAL (
      SELECT bool_or(dv.status IN ('labelled', 'shipped')) AS labelled,
        (array_agg(dv.length ORDER BY dv.id) FILTER (WHERE dv.length IS NOT NULL))[1] AS length,
        (array_agg(dv.width ORDER BY dv.id) FILTER (WHERE dv.length IS NOT NULL))[1] AS width,
        (array_agg(dv.height ORDER BY dv.id) FILTER (WHERE dv.length IS NOT NULL))[1] AS height
      FROM deliveries dv WHERE dv.tenant_id = o.tenant_id AND dv.order_id = o.id
    ) d ON true
    LEFT JOIN box_sizes b ON b.tenant_id = o.tenant_id AND b.id = o.box_size_id
    WHERE o.tenant_id = ${tenantId} AND o.id = ANY(${sql.raw(`'{${orderIds.map(Number).join(',')}}'`)}::bigint[])
    ORDER BY o.id`)) as unknown as { rows: FactsRow[] };
  return result.rows.map(toRuleOrder);
}

function toRuleOrder(r: FactsRow): RuleOrder {
  const sides = [num(r.length), num(r.width), num(r.height)];
  const known = sides.every((side) => side !== null && side > 0) ? (sides as number[]).sort((a, b) => b - a) : null;
  const handSet = new Set<RuleTarget>(
    r.hand_set.filter((t): t is RuleTarget => (RULE_TARGETS as readonly string[]).includes(t)),
  );
  if (r.shipping_by_user) for (const target of SHIPPING_TARGETS) handSet.add(target);
  return {
    id: Number(r.id),
    orderNumber: r.order_number,
    version: r.version,
    facts: {
      storeId: idText(r.store_id),
      requestedService: r.requested_shipping_method,
      country: r.country ? r.country.trim().toUpperCase() : null,
      state: r.state ? r.state.trim().toUpperCase() : null,
      postalCode: r.postal_code,
      // The carrier's word on the address (docs/address-checks.md) before the guess from a company name.
      residential: r.country === null ? null : (r.checked_residential ?? !r.company?.trim()),
      weight: Number(r.weight ?? 0),
      longestSide: known ? known[0]! : null,
      girth: known ? 2 * (known[1]! + known[2]!) : null,
      total: Number(r.total),
      currency: r.currency,
      itemCount: r.item_count,
      skus: r.skus ?? [],
      categories: r.categories ?? [],
      hazardous: r.hazardous ?? false,
      hazardClasses: r.hazard_classes ?? [],
      tags: r.tags,
      orderDate: r.local_date,
      orderWeekday: WEEKDAYS[r.local_dow - 1]!,
      orderTime: r.local_time,
    },
    current: {
      shipMethodId: idText(r.ship_method_id),
      carrier: r.carrier && isCarrier(r.carrier) ? r.carrier : null,
      carrierMethod: r.carrier_method,
      packageType: r.package_type,
      boxSizeId: idText(r.box_size_id),
      insuredValue: num(r.insured_value),
      signature: r.signature === 'standard' || r.signature === 'adult' ? r.signature : null,
      holdUntil: r.hold_until,
      tags: r.tags,
      notes: r.notes ?? [],
      handSet,
      labelled: r.labelled ?? false,
    },
  };
}
