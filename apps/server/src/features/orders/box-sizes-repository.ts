import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { BoxSizeInput } from '@shipdesk/contract';
import type { Executor } from '../../db/client.ts';
import { boxSizes, type BoxSizeRow } from '../../db/schema/index.ts';

/** Common shipping boxes every tenant starts with (inches; max weight in grams). */
const DEFAULT_BOX_SIZES = [
  { name: 'Small box', length: 8, width: 6, height: 4, maxWeight: 9_072 },
  { name: 'Medium box', length: 12, width: 10, height: 6, maxWeight: 18_144 },
  { name: 'Large box', length: 16, width: 12, height: 8, maxWeight: 22_680 },
  { name: 'Extra large box', length: 20, width: 16, height: 12, maxWeight: 31_751 },
  { name: 'Padded envelope', length: 10.5, width: 7.5, height: 0.75, maxWeight: 1_814 },
  { name: 'Poly mailer', length: 14.5, width: 19, height: 1, maxWeight: 4_536 },
] as const;

/** The partial unique index's predicate: names are unique among live boxes only. */
const LIVE = sql`archived_at IS NULL`;

export function createBoxSizesRepository() {
  return {
    list(tx: Executor, tenantId: string): Promise<BoxSizeRow[]> {
      return tx.select().from(boxSizes).where(eq(boxSizes.tenantId, tenantId)).orderBy(asc(boxSizes.id));
    },

    /** Undefined when the name is taken. */
    async insert(tx: Executor, tenantId: string, box: BoxSizeInput): Promise<BoxSizeRow | undefined> {
      const [row] = await tx
        .insert(boxSizes)
        .values({ tenantId, ...box, emptyWeight: box.emptyWeight ?? 0 })
        .onConflictDoNothing({ target: [boxSizes.tenantId, boxSizes.name], where: LIVE })
        .returning();
      return row;
    },

    /** Undefined when another box of the tenant has the name. */
    async update(tx: Executor, tenantId: string, id: number, box: BoxSizeInput): Promise<BoxSizeRow | undefined> {
      const [clash] = await tx
        .select({ id: boxSizes.id })
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.name, box.name), ne(boxSizes.id, id)));
      if (clash) return undefined;
      const [row] = await tx
        .update(boxSizes)
        .set({ ...box, emptyWeight: box.emptyWeight ?? 0 })
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)))
        .returning();
      return row;
    },

    async find(tx: Executor, tenantId: string, id: number): Promise<BoxSizeRow | undefined> {
      const [row] = await tx
        .select()
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
      return row;
    },
  };
}

/**
 * Gives the tenant the default boxes it lacks (by name); safe to repeat and to race. Called on provisioning and
 * lazily by the first list of a tenant that has none.
 */
export async function seedBoxSizes(tx: Executor, tenantId: string): Promise<void> {
  await tx
    .insert(boxSizes)
    .values(DEFAULT_BOX_SIZES.map((b) => ({ tenantId, ...b })))
    .onConflictDoNothing({ target: [boxSizes.tenantId, boxSizes.name], where: LIVE });
}
