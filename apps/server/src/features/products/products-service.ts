import {
  DEFAULT_PAGE_SIZE,
  referencesReason,
  type Product,
  type ProductInput,
  type ProductList,
  type ProductListQuery,
  type RemovalResult,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import type { ProductRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ProductFill } from './product-fill-service.ts';
import { createProductsRepository, isSkuTaken } from './products-repository.ts';
import { checkProduct, physicalChanged, type ProductFields } from './products-rules.ts';

const PRODUCT_NOT_FOUND = 'Product not found';

export const toProduct = (row: ProductRow): Product => ({
  id: String(row.id),
  sku: row.sku,
  title: row.title,
  weight: row.weight,
  length: row.length === null ? null : Number(row.length),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  boxSizeId: row.boxSizeId === null ? null : String(row.boxSizeId),
  packageType: row.packageType,
  hazardClass: row.hazardClass,
  category: row.category,
  customsDescription: row.customsDescription,
  hsCode: row.hsCode,
  originCountry: row.originCountry,
  declaredValue: row.declaredValue,
  declaredCurrency: row.declaredCurrency,
  source: row.source as Product['source'],
  weightSource: row.weightSource as Product['weightSource'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  archivedAt: row.archivedAt?.toISOString() ?? null,
});

const fieldsOf = (row: ProductRow): ProductFields => ({
  sku: row.sku,
  title: row.title,
  weight: row.weight,
  length: row.length === null ? null : Number(row.length),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
  boxSizeId: row.boxSizeId,
  packageType: row.packageType,
  hazardClass: row.hazardClass,
  category: row.category,
  customsDescription: row.customsDescription,
  hsCode: row.hsCode,
  originCountry: row.originCountry,
  declaredValue: row.declaredValue,
  declaredCurrency: row.declaredCurrency,
});

function checked(input: ProductInput): ProductFields {
  const result = checkProduct(input);
  if (!result.ok) throw badRequest(result.errors as Record<string, string>);
  return result.product;
}

const skuTaken = (sku: string) => badRequest({ sku: `sku "${sku}" is another product's already` });

/** What a product change asks of the fill of open orders (product-fill-service.ts); absent: no fill. */
export type FillRequests = Pick<ProductFill, 'request' | 'start'>;

/** A live product with a weight: the open orders' lines of its SKU that lack one take it (docs/products.md). */
const weighed = (product: Pick<ProductRow, 'weight' | 'archivedAt'>) =>
  product.archivedAt === null && product.weight !== null && product.weight > 0;

export function createProductsService(database: Database, fill?: FillRequests) {
  const repo = createProductsRepository();
  /** Runs `work` for the tenant, then wakes the fill's workers when the change asked for a fill. */
  async function changing<T>(
    tenantId: string,
    work: (tx: Executor, askFill: (sku: string) => Promise<void>) => Promise<T>,
  ) {
    let asked = false;
    const result = await database.withTenant(tenantId, (tx) =>
      work(tx, async (sku) => {
        if (!fill) return;
        await fill.request(tx, tenantId, [sku]);
        asked = true;
      }),
    );
    if (asked) fill?.start();
    return result;
  }

  /** Another tenant's box or an archived one is refused as a missing one: 400 naming the field. */
  async function checkBox(tx: Executor, tenantId: string, product: ProductFields) {
    if (product.boxSizeId !== null && !(await repo.liveBox(tx, tenantId, product.boxSizeId))) {
      throw badRequest({ boxSizeId: 'boxSizeId is not one of your box sizes' });
    }
  }

  async function owned(tx: Executor, tenantId: string, idText: string): Promise<ProductRow> {
    const id = parseId(idText);
    const row = id === null ? undefined : await repo.find(tx, tenantId, id);
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    return row;
  }

  return {
    /** `GET /api/v1/products`: a page of live products (or every product), searched by SKU or title. */
    list(auth: AuthContext, query: ProductListQuery): Promise<ProductList> {
      const page = query.page ?? 1;
      const size = query.size ?? DEFAULT_PAGE_SIZE;
      return database.withTenant(auth.tenantId, async (tx) => {
        const { rows, total } = await repo.page(tx, auth.tenantId, {
          search: query.search?.trim() ?? '',
          archived: query.archived === true,
          offset: (page - 1) * size,
          limit: size,
        });
        return { rows: rows.map(toProduct), page, size, total };
      });
    },

    get(auth: AuthContext, idText: string): Promise<Product> {
      return database.withTenant(auth.tenantId, async (tx) => toProduct(await owned(tx, auth.tenantId, idText)));
    },

    /** `POST /api/v1/products`: a seller's product; a live SKU belongs to one product. */
    create(auth: AuthContext, input: ProductInput): Promise<Product> {
      const product = checked(input);
      return changing(auth.tenantId, async (tx, askFill) => {
        await checkBox(tx, auth.tenantId, product);
        const row = await repo.insert(tx, auth.tenantId, product);
        if (!row) throw skuTaken(product.sku);
        if (weighed(row)) await askFill(row.sku);
        return toProduct(row);
      });
    },

    /**
     * `PUT /api/v1/products/{id}`: the whole product, replaced. A changed weight or size becomes the seller's, so a
     * channel's later update leaves it alone.
     */
    update(auth: AuthContext, idText: string, input: ProductInput): Promise<Product> {
      const product = checked(input);
      return changing(auth.tenantId, async (tx, askFill) => {
        const before = await owned(tx, auth.tenantId, idText);
        await checkBox(tx, auth.tenantId, product);
        if (!before.archivedAt && (await repo.liveWithSku(tx, auth.tenantId, product.sku, before.id))) {
          throw skuTaken(product.sku);
        }
        if (before.archivedAt && product.sku !== before.sku) {
          throw badRequest({ sku: 'sku of an archived product cannot change: restore it first' });
        }
        const weightSource = physicalChanged(fieldsOf(before), product) ? 'seller' : before.weightSource;
        const row = await repo.update(tx, auth.tenantId, before.id, product, weightSource).catch((error: unknown) => {
          throw isSkuTaken(error) ? skuTaken(product.sku) : error;
        });
        if (weighed(row!) && (row!.weight !== before.weight || row!.sku !== before.sku)) await askFill(row!.sku);
        return toProduct(row!);
      });
    },

    /** `DELETE /api/v1/products/{id}`: deleted, or archived while order lines still name its SKU. */
    remove(auth: AuthContext, idText: string): Promise<RemovalResult> {
      return database.withTenant(auth.tenantId, async (tx) => {
        const row = await owned(tx, auth.tenantId, idText);
        const lines = await repo.orderLinesNaming(tx, auth.tenantId, row.sku);
        const reason = referencesReason([[lines, 'order line', 'order lines']]);
        if (reason) {
          if (!row.archivedAt) await repo.archive(tx, auth.tenantId, row.id);
          return { deleted: false, archived: true, reason };
        }
        await repo.remove(tx, auth.tenantId, row.id);
        return { deleted: true, archived: false, reason: null };
      });
    },

    /** `POST /api/v1/products/{id}/restore`: live again, unless a live product has its SKU now. */
    restore(auth: AuthContext, idText: string): Promise<Product> {
      return changing(auth.tenantId, async (tx, askFill) => {
        const row = await owned(tx, auth.tenantId, idText);
        if (!row.archivedAt) return toProduct(row);
        if (await repo.liveWithSku(tx, auth.tenantId, row.sku)) {
          throw badRequest({ sku: `sku "${row.sku}" is another product's now: change one of them first` });
        }
        const restored = await repo.restore(tx, auth.tenantId, row.id).catch((error: unknown) => {
          throw isSkuTaken(error) ? skuTaken(row.sku) : error;
        });
        // Live again with its weight: the open orders that lacked it while it was archived take it now.
        if (weighed(restored!)) await askFill(restored!.sku);
        return toProduct(restored!);
      });
    },
  };
}
