import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Column and check builders the schema files share. */

/** A CHECK that `column` holds one of `values` (the contract's enums). */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

/** A timestamp with time zone: every time is stored in UTC. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** Documents (labels, forms) are kept in the database, so that every instance serves them. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer)),
});
