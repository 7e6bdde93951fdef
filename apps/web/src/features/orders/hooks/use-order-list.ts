import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast/toast';
import type { OrderListPageSize } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useListOrdersQuery, type OrderListArgs } from '../api/orders-api';
import { useOrderListPreferences, useUpdateOrderListPreferencesMutation } from '../api/order-views-api';
import { listFilters, readListParams, withQueryChange, writeListParams, type OrderListParams } from '../list-params';
import { parseOrderStatus } from '../order-routes';

/**
 * The order list as the URL says it (status tab in the path; page, sort and filters in the query) and the query
 * that loads it. The page size is the user's own, kept on the server, unless the URL names another; the first page is
 * asked once the user's size is known. `navigateTo` moves between pages; `changeQuery` changes sort or filters and
 * starts again at page one; a change of size is remembered for the user.
 */
export function useOrderList() {
  const { filterStatus } = useParams();
  const status = parseOrderStatus(filterStatus);
  const unknownStatus = filterStatus !== undefined && status === null;
  const [searchParams, setSearchParams] = useSearchParams();
  const { preferences, settled } = useOrderListPreferences();
  const defaultSize = preferences.pageSize;
  const params = useMemo(() => readListParams(searchParams, defaultSize), [searchParams, defaultSize]);
  const [savePreferences] = useUpdateOrderListPreferencesMutation();

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
  const list = useListOrdersQuery(args, { skip: unknownStatus || !settled });

  /** The URL query of `next`, without what the user's preferences already say. */
  const writeParams = useCallback((next: OrderListParams) => writeListParams(next, defaultSize), [defaultSize]);
  const navigateTo = useCallback(
    (next: OrderListParams) => setSearchParams(writeParams(next)),
    [setSearchParams, writeParams],
  );
  const changeQuery = useCallback(
    (change: Partial<OrderListParams>) => {
      const size = change.size;
      if (size !== undefined && size !== defaultSize) {
        // The user's new size: kept on the server (shown at once), so the URL need not carry it.
        savePreferences({ pageSize: size as OrderListPageSize })
          .unwrap()
          .catch((error: unknown) => toast.error(apiErrorMessage(error, 'The page size could not be kept.')));
        setSearchParams((current) =>
          writeListParams(withQueryChange(readListParams(current, defaultSize), change), size),
        );
        return;
      }
      setSearchParams((current) =>
        writeListParams(withQueryChange(readListParams(current, defaultSize), change), defaultSize),
      );
    },
    [setSearchParams, defaultSize, savePreferences],
  );

  return {
    filterStatus,
    status,
    unknownStatus,
    params,
    args,
    list,
    navigateTo,
    changeQuery,
    writeParams,
    preferences,
    preferencesSettled: settled,
  };
}
