import { and, asc, count, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { boxSizes, products, type ProductRow } from '../../db/schema/index.ts';
import type { ProductFields } from './products-rules.ts';

/** Whether the database refused a second live product of a SKU (a race the service's own check lost). */
export const isSkuTaken = (error: unknown) =>
  ((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) === '23505';

/** The partial unique index's predicate: SKUs are unique among live products only. */
const LIVE = sql`archived_at IS NULL`;

/** `%text%` for ILIKE, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface ProductPageQuery {
  search: string;
  archived: boolean;
  offset: number;
  limit: number;
}

export function createProductsRepository() {
  const whereOf = (tenantId: string, query: Pick<ProductPageQuery, 'search' | 'archived'>): SQL | undefined => {
    const pattern = query.search ? containing(query.search) : null;
    return and(
      eq(products.tenantId, tenantId),
      query.archived ? undefined : isNull(products.archivedAt),
      pattern ? or(ilike(products.sku, pattern), ilike(products.title, pattern)) : undefined,
    );
  };

  return {
    /** A page of products by SKU (live first, then archived ones of the same SKU by id) and how many match. */
    async page(
      tx: Executor,
      tenantId: string,
      query: ProductPageQuery,
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const where = whereOf(tenantId, query);
      const rows = await tx
        .select()
        .from(products)
        .where(where)
        .orderBy(asc(products.sku), asc(products.id))
        .limit(query.limit)
        .offset(query.offset);
      const [total] = await tx.select({ n: count() }).from(products).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Every live product by SKU, for the export. */
    all(tx: Executor, tenantId: string): Promise<ProductRow[]> {
      return tx
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), isNull(products.archivedAt)))
        .orderBy(asc(products.sku));
    },

    async find(tx: Executor, tenantId: string, id: number): Promise<ProductRow | undefined> {
      const [row] = await tx
        .select()
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
      return row;
    },

    /** The live product with this SKU other than `exceptId`, if any. */
    async liveWithSku(
      tx: Executor,
      tenantId: string,
      sku: string,
      exceptId?: number,
    ): Promise<{ id: number } | undefined> {
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.tenantId, tenantId),
            eq(products.sku, sku),
            isNull(products.archivedAt),
            exceptId === undefined ? undefined : ne(products.id, exceptId),
          ),
        );
      return row;
    },

    /** Whether `id` is a live box of the tenant's. */
    async liveBox(tx: Executor, tenantId: string, id: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: boxSizes.id })
        .from(boxSizes)
        .where(and(eq(boxSizes.tenantId, tenantId), eq(boxSizes.id, id), isNull(boxSizes.archivedAt)));
      return row !== undefined;
    },

    /** The tenant's boxes by id and live boxes by name (lower case), for the CSV. */
    async boxes(tx: Executor, tenantId: string): Promise<Array<{ id: number; name: string; live: boolean }>> {
      const rows = await tx
        .select({ id: boxSizes.id, name: boxSizes.name, archivedAt: boxSizes.archivedAt })
        .from(boxSizes)
        .where(eq(boxSizes.tenantId, tenantId));
      return rows.map((r) => ({ id: r.id, name: r.name, live: r.archivedAt === null }));
    },

    /** Undefined when a live product has the SKU already. */
    async insert(tx: Executor, tenantId: string, product: ProductFields): Promise<ProductRow | undefined> {
      const [row] = await tx
        .insert(products)
        .values({
          tenantId,
          ...product,
          source: 'seller',
          weightSource: product.weight === null && product.length === null ? null : 'seller',
        })
        .onConflictDoNothing({ target: [products.tenantId, products.sku], where: LIVE })
        .returning();
      return row;
    },

    async update(
      tx: Executor,
      tenantId: string,
      id: number,
      product: ProductFields,
      weightSource: ProductRow['weightSource'],
    ): Promise<ProductRow | undefined> {
      const [row] = await tx
        .update(products)
        .set({ ...product, weightSource, updatedAt: sql`now()` })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning();
      return row;
    },

    /** How many order lines name the SKU (exactly: SKUs are case-sensitive, as channels send them). */
    async orderLinesNaming(tx: Executor, tenantId: string, sku: string): Promise<number> {
      const result = (await tx.execute(sql`
        SELECT count(*) AS n FROM order_lines
        WHERE tenant_id = ${tenantId} AND sku = ${sku}`)) as unknown as {
        rows: Array<{ n: string | number }>;
      };
      return Number(result.rows[0]?.n ?? 0);
    },

    async archive(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx
        .update(products)
        .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    },

    async restore(tx: Executor, tenantId: string, id: number): Promise<ProductRow | undefined> {
      const [row] = await tx
        .update(products)
        .set({ archivedAt: null, updatedAt: sql`now()` })
        .where(and(eq(products.tenantId, tenantId), eq(products.id, id)))
        .returning();
      return row;
    },

    async remove(tx: Executor, tenantId: string, id: number): Promise<void> {
      await tx.delete(products).where(and(eq(products.tenantId, tenantId), eq(products.id, id)));
    },
  };
}
