import { and, eq, inArray } from 'drizzle-orm';
import { tenantUnitsFrom, type UnitSystem } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { configs } from '../../db/schema/index.ts';

/**
 * The units a tenant's weights and sizes are written in where the server writes them for people (CSV, documents,
 * messages; docs/units.md): config `units`, else the warehouse country's. One small read of two config rows: a
 * document or a file asks once, never per line.
 */
export async function tenantUnitSystem(tx: Executor, tenantId: string): Promise<UnitSystem> {
  const rows = await tx
    .select({ key: configs.key, value: configs.value, options: configs.options })
    .from(configs)
    .where(and(eq(configs.tenantId, tenantId), inArray(configs.key, ['units', 'warehouse_info'])));
  return tenantUnitsFrom(rows).units;
}
