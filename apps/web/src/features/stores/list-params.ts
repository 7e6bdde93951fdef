import { DEFAULT_PAGE_SIZE } from '@shipdesk/contract';

/** The store list's page as it lives in the URL (?page=2&size=25), so reload and back keep it. */
export interface StoreListParams {
  page: number;
  size: number;
}

export const STORE_PAGE_SIZES = [10, 25, 50] as const;

export function readStoreListParams(search: URLSearchParams): StoreListParams {
  const page = Number(search.get('page'));
  const size = Number(search.get('size'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (STORE_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Defaults are left out, so the first page has a clean URL. */
export function writeStoreListParams(params: StoreListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (params.page > 1) out.set('page', String(params.page));
  if (params.size !== DEFAULT_PAGE_SIZE) out.set('size', String(params.size));
  return out;
}
