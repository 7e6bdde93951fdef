import { referencesReason, type BoxSize, type BoxSizeInput, type RemovalResult } from '@shipdesk/contract';
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
  archivedAt: row.archivedAt?.toISOString() ?? null,
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
    /**
     * `GET /api/v1/orderBoxSizes` (live boxes; `archived`: every box); a tenant provisioned before box sizes existed
     * gets the defaults now. Archived boxes count as boxes: a tenant that removed its starter set does not get it back.
     */
    list(auth: AuthContext, query: { archived?: boolean } = {}): Promise<BoxSize[]> {
      return database.withTenant(auth.tenantId, async (tx) => {
        if (!(await repo.any(tx, auth.tenantId))) await seedBoxSizes(tx, auth.tenantId);
        return (await repo.list(tx, auth.tenantId, query.archived === true)).map(toBoxSize);
      });
    },

    /**
     * `DELETE /api/v1/orderBoxSizes/{id}`: deleted when nothing names it; archived when orders, deliveries, live
     * products (as their default box) or rules do, or when it is the tenant's last box (deleting that one would bring
     * the starter set back).
     */
    remove(auth: AuthContext, idText: string): Promise<RemovalResult> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        const box = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
        if (!box) throw notFound(BOX_NOT_FOUND);
        const refs = await repo.references(tx, auth.tenantId, box.id);
        let reason = referencesReason([
          [refs.orders, 'order', 'orders'],
          [refs.deliveries, 'delivery', 'deliveries'],
          [refs.products, 'product', 'products'],
          [refs.ruleSets, 'shipping rule set', 'shipping rule sets'],
        ]);
        if (!reason && (await repo.list(tx, auth.tenantId, true)).length === 1) {
          reason = 'it is your last box: it is kept archived so the starter boxes do not come back';
        }
        if (reason) {
          if (!box.archivedAt) await repo.archive(tx, auth.tenantId, box.id);
          return { deleted: false, archived: true, reason };
        }
        await repo.remove(tx, auth.tenantId, box.id);
        return { deleted: true, archived: false, reason: null };
      });
    },

    /** `POST /api/v1/orderBoxSizes/{id}/restore`: back among the choices, unless a live box has its name now. */
    restore(auth: AuthContext, idText: string): Promise<BoxSize> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const id = parseId(idText);
        const box = id === null ? undefined : await repo.find(tx, auth.tenantId, id);
        if (!box) throw notFound(BOX_NOT_FOUND);
        if (!box.archivedAt) return toBoxSize(box);
        const row = await repo.restore(tx, auth.tenantId, box);
        if (!row) throw badRequest({ name: `A box named "${box.name}" exists already: rename one of them first` });
        return toBoxSize(row);
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
