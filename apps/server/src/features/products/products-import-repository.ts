import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ProductField, ProductFields } from './products-rules.ts';

/** The database column of each field a file may set, and its type. */
const COLUMN: Record<Exclude<ProductField, 'sku'>, readonly [string, string]> = {
  title: ['title', 'text'],
  weight: ['weight', 'integer'],
  length: ['length', 'numeric'],
  width: ['width', 'numeric'],
  height: ['height', 'numeric'],
  boxSizeId: ['box_size_id', 'bigint'],
  packageType: ['package_type', 'text'],
  hazardClass: ['hazard_class', 'text'],
  category: ['category', 'text'],
  customsDescription: ['customs_description', 'text'],
  hsCode: ['hs_code', 'text'],
  originCountry: ['origin_country', 'text'],
  declaredValue: ['declared_value', 'bigint'],
  declaredCurrency: ['declared_currency', 'text'],
};
const PHYSICAL = new Set<ProductField>(['weight', 'length', 'width', 'height']);

/** `(a, b, 0) IS DISTINCT FROM (x.a, x.b, 0)`: whether any of `columns` differs between two row sources. */
const differs = (columns: readonly string[], left: string, right: string) =>
  `(${columns.map((c) => `${left}.${c}`).join(', ')}, 0) IS DISTINCT FROM (${columns.map((c) => `${right}.${c}`).join(', ')}, 0)`;

/**
 * Creates or updates one batch of products by SKU in one multi-row INSERT ... ON CONFLICT, its rows sent as one JSON
 * parameter (jsonb_to_recordset): a handful of parameters whatever the batch's size, and a statement PostgreSQL
 * plans once. Only the `fields` the file names are written to existing products; a product whose fields are all as
 * the file says is not touched (not returned, so counted unchanged). A changed weight or size becomes the
 * import's. Answers the SKUs created and updated.
 */
export async function upsertProducts(
  tx: Executor,
  tenantId: string,
  fields: ReadonlyArray<Exclude<ProductField, 'sku'>>,
  batch: readonly ProductFields[],
): Promise<{ created: Set<string>; updated: Set<string> }> {
  const columns = fields.map((f) => COLUMN[f][0]);
  const physical = fields.filter((f) => PHYSICAL.has(f)).map((f) => COLUMN[f][0]);
  const rows = batch.map((p) => {
    const row: Record<string, unknown> = { sku: p.sku };
    for (const f of fields) row[COLUMN[f][0]] = p[f];
    row.weight_source = fields.some((f) => PHYSICAL.has(f) && p[f] !== null) ? 'import' : null;
    return row;
  });
  const recordType = ['sku text', 'weight_source text', ...fields.map((f) => `${COLUMN[f][0]} ${COLUMN[f][1]}`)];
  const updates = [
    'updated_at = now()',
    ...columns.map((c) => `${c} = excluded.${c}`),
    ...(physical.length > 0
      ? [
          `weight_source = CASE WHEN ${differs(physical, 'products', 'excluded')} THEN 'import' ELSE products.weight_source END`,
        ]
      : []),
  ];
  const result = (await tx.execute(sql`
    INSERT INTO products AS products (tenant_id, sku, source, weight_source${sql.raw(columns.map((c) => `, ${c}`).join(''))})
    SELECT ${tenantId}, x.sku, 'import', x.weight_source${sql.raw(columns.map((c) => `, x.${c}`).join(''))}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.raw(recordType.join(', '))})
    ON CONFLICT (tenant_id, sku) WHERE archived_at IS NULL DO UPDATE SET ${sql.raw(updates.join(', '))}
    WHERE ${sql.raw(columns.length > 0 ? differs(columns, 'products', 'excluded') : 'false')}
    RETURNING sku, (xmax = 0) AS created`)) as unknown as { rows: Array<{ sku: string; created: boolean }> };
  const created = new Set<string>();
  const updated = new Set<string>();
  for (const r of result.rows) (r.created ? created : updated).add(r.sku);
  return { created, updated };
}
