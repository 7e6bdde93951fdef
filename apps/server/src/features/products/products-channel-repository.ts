import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { channelProductFacts, type ChannelProductLine } from './products-channel-rules.ts';

/** What a page of channel orders did to the tenant's products. */
interface ChannelProductsResult {
  created: string[];
  updated: string[];
  /**
   * SKUs whose live product got a new weight (none before, or another): the open orders lacking it are to be filled
   * (docs/products.md, "What comes next").
   */
  weighed: string[];
  /**
   * SKUs the open orders of which are to be filled from the catalogue: those newly weighed, and those of the page's
   * lines without a weight whose live product has one (an eBay order of a product weighed before it arrived).
   */
  toFill: string[];
}

/** Whether the channel may write the weight and size: nobody else set them. */
const CHANNEL_MAY_WEIGH = `(p.weight_source IS NULL OR p.weight_source = 'channel')`;

/** Each column's value after the channel's update: what it may write, else what the product has. */
const AFTER: ReadonlyArray<readonly [string, string]> = [
  ['title', `CASE WHEN p.title = '' AND excluded.title <> '' THEN excluded.title ELSE p.title END`],
  ...['weight', 'length', 'width', 'height'].map(
    (column) =>
      [
        column,
        `CASE WHEN ${CHANNEL_MAY_WEIGH} AND excluded.${column} IS NOT NULL THEN excluded.${column} ELSE p.${column} END`,
      ] as const,
  ),
  // Customs facts fill what the product lacks, never replace what a seller or an import (or the channel) set.
  ...['hs_code', 'origin_country'].map(
    (column) => [column, `CASE WHEN p.${column} IS NULL THEN excluded.${column} ELSE p.${column} END`] as const,
  ),
  // excluded.weight_source is 'channel' exactly when the channel sent a weight or a size.
  [
    'weight_source',
    `CASE WHEN ${CHANNEL_MAY_WEIGH} THEN coalesce(excluded.weight_source, p.weight_source) ELSE p.weight_source END`,
  ],
];

/**
 * Creates and updates the tenant's products from the lines of a page of channel orders, in the caller's transaction
 * and in one statement whatever the page's size (its facts sent as one JSON parameter). A SKU without a live product
 * is created with `source` 'channel' (and `weight_source` 'channel' when the channel sent a weight or a size), unless
 * an archived product has the SKU: the seller archived it, and a pull does not bring it back. A live product takes
 * the channel's weight and size only while nobody else set them (`weight_source` null or 'channel'), and a title
 * only when it has none (a title, once given, may be a seller's: it is never replaced), an HS code and a country of
 * origin likewise only where it has none (Shopify keeps them on its inventory items); a product the update would
 * leave as it is is not written.
 */
export async function recordChannelProducts(
  tx: Executor,
  tenantId: string,
  orders: ReadonlyArray<{ lines: readonly ChannelProductLine[] }>,
): Promise<ChannelProductsResult> {
  const result: ChannelProductsResult = { created: [], updated: [], weighed: [], toFill: [] };
  const facts = channelProductFacts(orders);
  if (facts.length === 0) return result;
  const rows = facts.map((f) => ({
    ...f,
    weight_source: f.weight !== null || f.length !== null ? 'channel' : null,
  }));
  const answer = (await tx.execute(sql`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(sku text, title text, weight integer, length numeric, width numeric, height numeric, weight_source text,
          "hsCode" text, "originCountry" text)
    ), before AS (
      SELECT b.sku, b.weight FROM products b
      WHERE b.tenant_id = ${tenantId} AND b.archived_at IS NULL AND b.sku IN (SELECT sku FROM x)
    ), up AS (
      INSERT INTO products AS p
        (tenant_id, sku, title, weight, length, width, height, source, weight_source, hs_code, origin_country)
      SELECT ${tenantId}, x.sku, x.title, x.weight, x.length, x.width, x.height, 'channel', x.weight_source,
        x."hsCode", x."originCountry"
      FROM x
      WHERE EXISTS (SELECT 1 FROM before WHERE before.sku = x.sku)
         OR NOT EXISTS (SELECT 1 FROM products a WHERE a.tenant_id = ${tenantId} AND a.sku = x.sku)
      ORDER BY x.sku
      ON CONFLICT (tenant_id, sku) WHERE archived_at IS NULL DO UPDATE
        SET ${sql.raw(AFTER.map(([column, value]) => `${column} = ${value}`).join(', '))}, updated_at = now()
        WHERE (${sql.raw(AFTER.map(([, value]) => value).join(', '))})
          IS DISTINCT FROM (${sql.raw(AFTER.map(([column]) => `p.${column}`).join(', '))})
      RETURNING p.sku, p.weight, (p.xmax = 0) AS created
    )
    SELECT up.sku, up.created, (up.weight IS NOT NULL AND up.weight IS DISTINCT FROM before.weight) AS weighed
    FROM up LEFT JOIN before ON before.sku = up.sku
    ORDER BY up.sku`)) as unknown as { rows: Array<{ sku: string; created: boolean; weighed: boolean }> };
  for (const row of answer.rows) {
    (row.created ? result.created : result.updated).push(row.sku);
    if (row.weighed) result.weighed.push(row.sku);
  }
  result.toFill = [
    ...new Set([...result.weighed, ...(await weighedAmong(tx, tenantId, unweighedSkus(orders)))]),
  ].sort();
  return result;
}

/** The SKUs of lines that came without a weight. */
function unweighedSkus(orders: ReadonlyArray<{ lines: readonly ChannelProductLine[] }>): string[] {
  const skus = new Set<string>();
  for (const line of orders.flatMap((order) => order.lines))
    if (line.weight <= 0 && line.sku.trim()) skus.add(line.sku.trim());
  return [...skus];
}

/** Which of `skus` have a live product with a weight (one query; none when `skus` is empty). */
async function weighedAmong(tx: Executor, tenantId: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const answer = (await tx.execute(sql`
    SELECT sku FROM products
    WHERE tenant_id = ${tenantId} AND archived_at IS NULL AND weight > 0
      AND sku IN (SELECT jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))`)) as unknown as {
    rows: Array<{ sku: string }>;
  };
  return answer.rows.map((row) => row.sku);
}
