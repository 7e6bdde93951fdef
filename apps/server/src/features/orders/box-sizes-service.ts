import type { BoxSize, BoxSizeInput } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import type { BoxSizeRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { createBoxSizesRepository, seedBoxSizes } from './box-sizes-repository.ts';

const toBoxSize = (row: BoxSizeRow): BoxSize => ({
  id: String(row.id),
  name: row.name,
  length: Number(row.length),
  width: Number(row.width),
  height: Number(row.height),
  emptyWeight: row.emptyWeight,
  maxWeight: row.maxWeight,
});

const BOX_NOT_FOUND = 'Box size not found';

function checked(input: BoxSizeInput): BoxSizeInput {
  const name = input.name.trim();
  if (!name) throw badRequest({ name: 'name must not be blank' });
  if ((input.emptyWeight ?? 0) >= input.maxWeight) {
    throw badRequest({
      emptyWeight: 'The empty weight must be less than the maximum weight (the box must carry something)',
    });
  }
  return { ...input, name };
}

export function createBoxSizesService(database: Database) {
  const repo = createBoxSizesRepository();
  const taken = (name: string) => badRequest({ name: `A box named "${name}" exists already` });
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

    /** `POST /api/v1/orderBoxSizes`: a box of the seller's; names are unique per tenant. */
    create(auth: AuthContext, input: BoxSizeInput): Promise<BoxSize> {
      const box = checked(input);
      return database.withTenant(auth.tenantId, async (tx) => {
        const row = await repo.insert(tx, auth.tenantId, box);
        if (!row) throw taken(box.name);
        return toBoxSize(row);
      });
    },

    /** `PUT /api/v1/orderBoxSizes/{id}`: the whole box, replaced. */
    update(auth: AuthContext, idText: string, input: BoxSizeInput): Promise<BoxSize> {
      const box = checked(input);
      return database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        if (id === null || !(await repo.find(tx, auth.tenantId, id))) throw notFound(BOX_NOT_FOUND);
        const row = await repo.update(tx, auth.tenantId, id, box);
        if (!row) throw taken(box.name);
        return toBoxSize(row);
      });
    },
  };
}
