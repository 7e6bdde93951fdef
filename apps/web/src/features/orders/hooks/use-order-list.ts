import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useListOrdersQuery, type OrderListArgs } from '../api/orders-api';
import { listFilters, readListParams, withQueryChange, writeListParams, type OrderListParams } from '../list-params';
import { parseOrderStatus } from '../order-routes';

/**
 * The order list as the URL says it (status tab in the path; page, sort and filters in the query) and the query
 * that loads it. `navigateTo` moves between pages; `changeQuery` changes sort, size or filters and starts again at
 * page one.
 */
export function useOrderList() {
  const { filterStatus } = useParams();
  const status = parseOrderStatus(filterStatus);
  const unknownStatus = filterStatus !== undefined && status === null;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);

  const args: OrderListArgs = useMemo(
    () => ({
      page: params.page,
      size: params.size,
      order: params.sort,
      filters: listFilters(params, status),
      cursor: params.page > 1 ? params.cursor : null,
    }),
    [params, status],
  );
  const list = useListOrdersQuery(args, { skip: unknownStatus });

  const navigateTo = useCallback((next: OrderListParams) => setSearchParams(writeListParams(next)), [setSearchParams]);
  const changeQuery = useCallback(
    (change: Partial<OrderListParams>) =>
      setSearchParams((current) => writeListParams(withQueryChange(readListParams(current), change))),
    [setSearchParams],
  );

  return { filterStatus, status, unknownStatus, params, args, list, navigateTo, changeQuery };
}
