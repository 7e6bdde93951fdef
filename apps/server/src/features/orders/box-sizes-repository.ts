import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
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
    /** Live boxes, or every box with `archived`. */
    list(tx: Executor, tenantId: string, archived = false): Promise<BoxSizeRow[]> {
      return tx
        .select()
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), archived ? undefined : isNull(boxSizes.archivedAt)))
        .orderBy(asc(boxSizes.id));
    },

    /** Whether the tenant has any box, archived ones included (the starter set is given only to none). */
    async any(tx: Executor, tenantId: string): Promise<boolean> {
      const [row] = await tx.select({ id: boxSizes.id }).from(boxSizes).where(eq(boxSizes.tenantId, tenantId)).limit(1);
      return row !== undefined;
    },

    /** What still names a box: orders, deliveries, live products (their default box) and the current shipping rules. */
    async references(tx: Executor, tenantId: string, id: number) {
      const result = (await tx.execute(sql`
        SELECT
          (SELECT count(*) FROM orders WHERE tenant_id = ${tenantId} AND box_size_id = ${id}) AS orders,
          (SELECT count(*) FROM deliveries WHERE tenant_id = ${tenantId} AND box_size_id = ${id}) AS deliveries,
          (SELECT count(*) FROM products WHERE tenant_id = ${tenantId} AND box_size_id = ${id}
            AND archived_at IS NULL) AS products,
          (SELECT count(*) FROM shipping_rule_sets WHERE tenant_id = ${tenantId}
            AND jsonb_path_exists(rules, '$.**.boxSizeId ? (@ == $id)', jsonb_build_object('id', ${String(id)}::text))
          ) AS rules`)) as unknown as {
        rows: Array<Record<'orders' | 'deliveries' | 'products' | 'rules', string | number>>;
      };
      const row = result.rows[0]!;
      return {
        orders: Number(row.orders),
        deliveries: Number(row.deliveries),
        products: Number(row.products),
        ruleSets: Number(row.rules),
      };
    },

    async archive(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx
        .update(boxSizes)
        .set({ archivedAt: sql`now()` })
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
    },

    async remove(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx.delete(boxSizes).where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id)));
    },

    /** Undefined when a live box has its name now. */
    async restore(tx: Executor, tenantId: string, box: BoxSizeRow): Promise<BoxSizeRow | undefined> {
      const [clash] = await tx
        .select({ id: boxSizes.id })
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.name, box.name), isNull(boxSizes.archivedAt)));
      if (clash) return undefined;
      const [row] = await tx
        .update(boxSizes)
        .set({ archivedAt: null })
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, box.id)))
        .returning();
      return row;
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
        .where(
          and(
            eq(boxSizes.tenantId, tenantId),
            eq(boxSizes.name, box.name),
            ne(boxSizes.id, id),
            isNull(boxSizes.archivedAt),
          ),
        );
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
