import type { Product, ProductFillProgress, ProductImportResult, ProductInput, ProductList } from '@shipdesk/contract';
import { api } from '@/lib/api/base-api';
import { envelopeData } from '@/lib/api/envelope-data';
import { fetchBlob } from '@/lib/api/fetch-blob';

interface ProductListArgs {
  search: string;
  page: number;
  size: number;
  /** Archived products too (each with archivedAt), so that they can be restored. */
  archived: boolean;
}

/**
 * The product catalogue (docs/products.md): a page of products searched by SKU or title, add and replace, and the
 * CSV import (the file itself as the body). Delete and restore go through the setup rows' own buttons, which
 * refresh this list by its tag.
 */
const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProducts: build.query<ProductList, ProductListArgs>({
      query: ({ search, page, size, archived }) => {
        const query = new URLSearchParams({ page: String(page), size: String(size) });
        if (search.trim()) query.set('search', search.trim());
        if (archived) query.set('archived', 'true');
        return `api/v1/products?${query.toString()}`;
      },
      transformResponse: envelopeData<ProductList>,
      providesTags: ['Product'],
    }),
    /** How far the fill of open orders with a product's new weight got; a product saved or imported asks again. */
    getProductFill: build.query<ProductFillProgress, void>({
      query: () => 'api/v1/products/fill',
      transformResponse: envelopeData<ProductFillProgress>,
      providesTags: ['Product'],
    }),
    saveProduct: build.mutation<Product, { id?: string; body: ProductInput }>({
      query: ({ id, body }) =>
        id
          ? { url: `api/v1/products/${encodeURIComponent(id)}`, method: 'PUT', body }
          : { url: 'api/v1/products', method: 'POST', body },
      transformResponse: envelopeData<Product>,
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
    importProducts: build.mutation<ProductImportResult, { csv: string }>({
      query: ({ csv }) => ({
        url: 'api/v1/products/import',
        method: 'POST',
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
      transformResponse: envelopeData<ProductImportResult>,
      invalidatesTags: (_result, error) => (error ? [] : ['Product']),
    }),
  }),
});

export const { useListProductsQuery, useGetProductFillQuery, useSaveProductMutation, useImportProductsMutation } =
  productsApi;

/** The catalogue as the CSV file the import reads. */
export function fetchProductsCsv(): Promise<Blob> {
  return fetchBlob('/api/v1/products/export.csv');
}
