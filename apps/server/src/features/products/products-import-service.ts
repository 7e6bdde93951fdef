import { productCsvColumns, type ProductImportResult } from '@shipdesk/contract';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { parseCsv, writeCsv } from './products-csv.ts';
import { upsertProducts } from './products-import-repository.ts';
import { tenantUnitSystem } from '../settings/index.ts';
import { checkHeader, checkRow, CSV_FIELD, exportRaw, exportRow, tooManyRows } from './products-import-rules.ts';
import { createProductsRepository } from './products-repository.ts';
import type { ProductField, ProductFields } from './products-rules.ts';
import { toProduct, type FillRequests } from './products-service.ts';

/** Rows per INSERT (one JSON parameter): large enough that statements are few, small enough to stay a few MB. */
const BATCH = 5000;

type Row = ProductImportResult['rows'][number];

export function createProductsImportService(database: Database, fill?: FillRequests) {
  const repo = createProductsRepository();
  return {
    /**
     * `POST /api/v1/products/import`: creates or updates products by SKU from a CSV file. A bad row writes nothing
     * and is reported with its row number (the header is row 1) and column; the good rows are written, all in one
     * transaction (a failure half-way leaves the catalogue as it was). A header the import cannot read is a 400.
     */
    async import(auth: AuthContext, text: string): Promise<ProductImportResult> {
      const records = parseCsv(text);
      if (records === null) throw badRequest({ file: 'a quoted cell is never closed' });
      const nonEmpty = records.filter((r) => r.some((c) => c.trim() !== ''));
      if (nonEmpty.length === 0) throw badRequest({ file: 'the file is empty: it needs a header row and products' });
      const header = checkHeader(records[0]!);
      if (!header.ok) throw badRequest(header.errors);
      const tooMany = tooManyRows(records.length - 1);
      if (tooMany) throw badRequest({ file: tooMany });
      const { columns } = header;
      const fields = columns.filter((c) => c !== 'sku').map((c) => CSV_FIELD[c]) as Array<Exclude<ProductField, 'sku'>>;

      let fillAsked = false;
      const result = await database.withTenant(auth.tenantId, async (tx) => {
        const boxes = await repo.boxes(tx, auth.tenantId);
        const boxIdByName = new Map(boxes.filter((b) => b.live).map((b) => [b.name.toLowerCase(), b.id]));
        const system = await tenantUnitSystem(tx, auth.tenantId);
        const results: Row[] = [];
        const good: Array<{ at: number; product: ProductFields }> = [];
        const firstRowOf = new Map<string, number>();
        for (let i = 1; i < records.length; i += 1) {
          const cells = records[i]!;
          if (cells.every((c) => c.trim() === '')) continue;
          const row = i + 1;
          const checked = checkRow(header, cells, boxIdByName, system);
          if (!checked.ok) {
            results.push({ row, sku: checked.sku, outcome: 'error', column: checked.column, message: checked.message });
            continue;
          }
          const { sku } = checked.product;
          const first = firstRowOf.get(sku);
          if (first !== undefined) {
            results.push({ row, sku, outcome: 'error', column: 'sku', message: `sku "${sku}" repeats row ${first}` });
            continue;
          }
          firstRowOf.set(sku, row);
          good.push({ at: results.length, product: checked.product });
          results.push({ row, sku, outcome: 'unchanged' });
        }
        for (let start = 0; start < good.length; start += BATCH) {
          const batch = good.slice(start, start + BATCH);
          const { created, updated } = await upsertProducts(
            tx,
            auth.tenantId,
            fields,
            batch.map((g) => g.product),
          );
          for (const g of batch) {
            const row = results[g.at]!;
            if (created.has(row.sku)) row.outcome = 'created';
            else if (updated.has(row.sku)) row.outcome = 'updated';
          }
        }
        // Products written with a weight: the open orders' lines of their SKUs that lack one take it, in the
        // background (docs/products.md, "Filling open orders"), asked for in this transaction.
        const weighedSkus = good.flatMap((g) =>
          g.product.weight !== null && g.product.weight > 0 && results[g.at]!.outcome !== 'unchanged'
            ? [g.product.sku]
            : [],
        );
        if (fill && fields.includes('weight') && weighedSkus.length > 0) {
          await fill.request(tx, auth.tenantId, weighedSkus);
          fillAsked = true;
        }
        const count = (outcome: Row['outcome']) => results.filter((r) => r.outcome === outcome).length;
        return {
          created: count('created'),
          updated: count('updated'),
          unchanged: count('unchanged'),
          failed: count('error'),
          rows: results,
        };
      });
      if (fillAsked) fill?.start();
      return result;
    },

    /**
     * `GET /api/v1/products/export.csv`: every live product, in the import's columns, weights and sides in the tenant's
     * units (`weight_oz` and `_in`, or `weight_g` and `_cm`): a file the import takes back unchanged.
     */
    export(auth: AuthContext): Promise<string> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const boxes = await repo.boxes(tx, auth.tenantId);
        const boxNameById = new Map(boxes.map((b) => [b.id, b.name]));
        const system = await tenantUnitSystem(tx, auth.tenantId);
        const columns = productCsvColumns(system);
        const rows = await repo.all(tx, auth.tenantId);
        return writeCsv(
          columns,
          rows.map((r) => {
            const p = toProduct(r);
            return exportRow({ ...p, boxSizeId: r.boxSizeId }, boxNameById, system);
          }),
          exportRaw(columns),
        );
      });
    },
  };
}
