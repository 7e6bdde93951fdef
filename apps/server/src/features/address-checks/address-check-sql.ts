import { sql, type SQL } from 'drizzle-orm';
import type { CheckedAddress } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';

/**
 * What the address checks' SQL shares (docs/address-checks.md). The address key, the normalised ship-to a check is
 * about, is computed here only (`addressKeySql`), so the sweep, the claim, the cache and the list filter agree on it.
 */

type AddressParts = Record<'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'country', SQL>;

/** One part: trimmed, whitespace collapsed, upper-cased; a missing part is empty. */
const part = (value: SQL) =>
  sql`upper(btrim(regexp_replace(coalesce(${value}, ''), ${sql.raw("'[[:space:]]+'")}, ' ', 'g')))`;

/** The address key: md5 of address1|address2|city|state|postal|country, each part normalised. */
function addressKeySql(a: AddressParts): SQL {
  return sql`md5(concat_ws('|', ${part(a.address1)}, ${part(a.address2)}, ${part(a.city)}, ${part(a.state)}, ${part(a.postalCode)}, ${part(a.country)}))`;
}

/** The key of an order's stored ship-to, `a` being its `order_addresses` row. */
export const SHIP_TO_KEY = addressKeySql({
  address1: sql.raw('a.address1'),
  address2: sql.raw('a.address2'),
  city: sql.raw('a.city'),
  state: sql.raw('a.state'),
  postalCode: sql.raw('a.postal_code'),
  country: sql.raw('a.country'),
});

/** The key of an address a carrier answered (a correction cached under its own key, an address applied). */
export const checkedAddressKey = (address: CheckedAddress) =>
  addressKeySql({
    address1: sql`${address.address1}::text`,
    address2: sql`${address.address2}::text`,
    city: sql`${address.city}::text`,
    state: sql`${address.state}::text`,
    postalCode: sql`${address.postalCode}::text`,
    country: sql`${address.country}::text`,
  });

/** Orders whose ship-to is checked: open (Draft or Sales Order) and not shipped in full. `o` is the order. */
export const OPEN_ORDER = sql.raw(
  "o.order_status IN ('Draft Order', 'Sales Order') AND o.shipment_status <> 'Shipped Complete'",
);
export const SHIPPING_ADDRESS = sql.raw("a.tenant_id = o.tenant_id AND a.order_id = o.id AND a.type = 'shipping'");

export async function rowsOf<T>(tx: Executor, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

export const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
export const ids = (orderIds: readonly number[]) =>
  sql`ARRAY[${sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
