import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * What the list's search finds an order by, kept in `orders.search_vector` (docs/orders.md, "Search"). The
 * database folds and splits the words (`public.order_search_vector`, migration 0016), so every writer hands it the
 * same raw values: the order number, the channel's order id, the customer's name and e-mail, the ship-to name, city
 * and postal code, the SKUs and the tracking numbers. An insert writes the vector with the row; a change of an
 * address or the lines rewrites it from the tables (`refreshOrderSearch`); a label bought or voided (its tracking
 * number), in the order's own update (`updatedSearchVectorSql`, order-changes.ts).
 */

interface SearchedOrder {
  orderNumber: string;
  externalId: string | null;
  customerName: string | null;
  customerEmail: string | null;
  shipping: {
    firstName?: string | null;
    lastName?: string | null;
    city?: string | null;
    postalCode?: string | null;
  } | null;
  skus: readonly string[];
}

/** The words of an order being inserted (it has no tracking number yet), but its e-mail, as one text. */
function searchWords(order: SearchedOrder): string {
  const a = order.shipping;
  const words = [order.orderNumber, order.externalId, order.customerName, a?.firstName, a?.lastName, a?.city];
  return [...words, a?.postalCode, ...order.skus].filter((v) => v).join(' ');
}

/** `searchWords` of a channel order as the pull stores it (store-orders-upsert.ts), with its lines and addresses. */
export function searchText(
  order: Omit<SearchedOrder, 'shipping' | 'skus'>,
  stored: {
    lines: ReadonlyArray<{ sku: string }>;
    addresses: ReadonlyArray<{
      type: string;
      first_name: string;
      last_name: string;
      city: string;
      postal_code: string | null;
    }>;
  },
): string {
  const a = stored.addresses.find((x) => x.type === 'shipping');
  const shipping = a
    ? { firstName: a.first_name, lastName: a.last_name, city: a.city, postalCode: a.postal_code }
    : null;
  return searchWords({ ...order, shipping, skus: stored.lines.map((l) => l.sku) });
}

/** The vector of an order being inserted. */
export function searchVectorSql(tenantId: string, order: SearchedOrder): SQL {
  return sql`public.order_search_vector(public.search_tag(${tenantId}), ${order.customerEmail}, ${searchWords(order)})`;
}

/** The vector of the order row `o` (an alias of `orders`), its other words read from the tables. */
export const STORED_SEARCH_VECTOR_SQL = `public.order_search_vector(public.search_tag(o.tenant_id), o.customer_email,
  concat_ws(' ', o.order_number, o.external_id, o.customer_name, public.order_search_children(o.tenant_id, o.id)))`;

/**
 * The vector of the order row an UPDATE of `orders` (no alias) is changing, written in that same statement: a change
 * that also rewrites the words costs one new row version, not two. `customerName`: the name this update sets, when it
 * sets one (the statement's other columns read the row as it was).
 */
export function updatedSearchVectorSql(customerName?: string | null): SQL {
  const name = customerName === undefined ? sql.raw('orders.customer_name') : sql`${customerName}`;
  return sql`public.order_search_vector(public.search_tag(orders.tenant_id), orders.customer_email,
    concat_ws(' ', orders.order_number, orders.external_id, ${name}, public.order_search_children(orders.tenant_id, orders.id)))`;
}

/** Rewrites the search vector of these orders from what the tables hold now. */
export async function refreshOrderSearch(tx: Executor, tenantId: string, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`UPDATE orders o SET search_vector = ${sql.raw(STORED_SEARCH_VECTOR_SQL)}
    WHERE o.tenant_id = ${tenantId} AND o.id = ANY(ARRAY[${ids}]::bigint[])`);
}

/**
 * The search condition, on the list's relation named "orders": every word typed starts a word of the order. Read
 * from SEARCH_SOURCE, where it is an index condition. `walk`: the same test as a function call, which no index
 * answers and the planner takes to pass a third of the rows, so that it finds the page by walking the sort's index.
 */
export function searchMatchSql(tenantId: string, words: string, walk = false): SQL {
  const query = sql`public.search_query(${tenantId}, ${words})`;
  return walk ? sql`ts_match_vq("orders"."search_vector", ${query})` : sql`"orders"."search_vector" @@ ${query}`;
}

/** The relation a search reads, under the name the list's SQL uses (migration 0016: row-level security). */
export const SEARCH_SOURCE = sql.raw('public.order_search AS "orders"');
