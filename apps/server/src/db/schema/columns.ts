import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** Column and check builders the schema files share. */

/** A CHECK that `column` holds one of `values` (the contract's enums). */
export const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

/** A timestamp with time zone: every time is stored in UTC. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
