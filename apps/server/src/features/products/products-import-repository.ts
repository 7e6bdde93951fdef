import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, type NewProductRow } from '../../db/schema/index.ts';
import type { ProductField, ProductFields } from './products-rules.ts';

/** The database column of each field a file may set. */
const COLUMN: Record<Exclude<ProductField, 'sku'>, string> = {
  title: 'title',
  weight: 'weight',
  length: 'length',
  width: 'width',
  height: 'height',
  boxSizeId: 'box_size_id',
  packageType: 'package_type',
  hazardClass: 'hazard_class',
  category: 'category',
  customsDescription: 'customs_description',
  hsCode: 'hs_code',
  originCountry: 'origin_country',
  declaredValue: 'declared_value',
  declaredCurrency: 'declared_currency',
};
const PHYSICAL = new Set<ProductField>(['weight', 'length', 'width', 'height']);

/**
 * Creates or updates one batch of products by SKU in one multi-row INSERT ... ON CONFLICT: only the `fields` the file
 * names are written to existing products, and a product whose fields are all as the file says is not touched (not
 * returned, so counted unchanged). A changed weight or size becomes the import's. Answers the SKUs created and
 * updated.
 */
export async function upsertProducts(
  tx: Executor,
  tenantId: string,
  fields: ReadonlyArray<Exclude<ProductField, 'sku'>>,
  batch: readonly ProductFields[],
): Promise<{ created: Set<string>; updated: Set<string> }> {
  const values: NewProductRow[] = batch.map((p) => {
    const row: NewProductRow = { tenantId, sku: p.sku, source: 'import' };
    for (const f of fields) (row as Record<string, unknown>)[f] = p[f];
    if (fields.some((f) => PHYSICAL.has(f) && p[f] !== null)) row.weightSource = 'import';
    return row;
  });
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  for (const f of fields) set[f] = sql.raw(`excluded.${COLUMN[f]}`);
  const physical = fields.filter((f) => PHYSICAL.has(f)).map((f) => COLUMN[f]);
  if (physical.length > 0) {
    set.weightSource = sql.raw(
      `CASE WHEN (${physical.map((c) => `products.${c}`).join(', ')}, 0) IS DISTINCT FROM ` +
        `(${physical.map((c) => `excluded.${c}`).join(', ')}, 0) THEN 'import' ELSE products.weight_source END`,
    );
  }
  const changed = fields.length
    ? sql.raw(
        `(${fields.map((f) => `products.${COLUMN[f]}`).join(', ')}, 0) IS DISTINCT FROM ` +
          `(${fields.map((f) => `excluded.${COLUMN[f]}`).join(', ')}, 0)`,
      )
    : sql`false`;
  const rows = await tx
    .insert(products)
    .values(values)
    .onConflictDoUpdate({
      target: [products.tenantId, products.sku],
      targetWhere: sql`archived_at IS NULL`,
      set,
      setWhere: changed,
    })
    .returning({ sku: products.sku, created: sql<boolean>`(xmax = 0)` });
  const created = new Set<string>();
  const updated = new Set<string>();
  for (const r of rows) (r.created ? created : updated).add(r.sku);
  return { created, updated };
}
