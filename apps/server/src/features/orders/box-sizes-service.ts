import type { BoxSize } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { BoxSizeRow } from '../../db/schema/index.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { createBoxSizesRepository, seedBoxSizes } from './box-sizes-repository.ts';

export const toBoxSize = (row: BoxSizeRow): BoxSize => ({
  id: String(row.id),
  name: row.name,
  length: Number(row.length),
  width: Number(row.width),
  height: Number(row.height),
  maxWeight: row.maxWeight,
});

export function createBoxSizesService(database: Database) {
  const repo = createBoxSizesRepository();
  return {
    /** `GET /api/v1/orderBoxSizes`; a tenant provisioned before box sizes existed gets the defaults now. */
    list(auth: AuthContext): Promise<BoxSize[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        let rows = await repo.list(tx, auth.tenantId);
        if (rows.length === 0) {
          await seedBoxSizes(tx, auth.tenantId);
          rows = await repo.list(tx, auth.tenantId);
        }
        return rows.map(toBoxSize);
      });
    },
  };
}
