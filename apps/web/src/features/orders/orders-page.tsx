import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { toast } from 'react-toastify';
import type { OrderSummary } from '@shipdesk/contract';
import { useTenantCurrencyQuery } from '@/lib/api/tenant-configs';
import { hrefs } from '@/config/paths';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { apiErrorMessage, showApiError } from '@/lib/errors';
import { useTenantTimeZone } from '@/lib/state/tenant-time-zone';
import { useListOrdersQuery, useOrderStoreOptionsQuery, type OrderListArgs } from './api/orders-api';
import { downloadPackingSlip, type PackingSlipFormat } from './api/packing-slip';
import { BulkActionsBar } from './components/bulk-actions-bar';
import { OrderStatusTabs } from './components/order-status-tabs';
import { OrdersFilters } from './components/orders-filters';
import { OrdersPagination } from './components/orders-pagination';
import { OrdersTable } from './components/orders-table';
import { useBulkApprove, type BulkApproveResult } from './hooks/use-bulk-approve';
import { useOrdersRealtime } from './hooks/use-orders-realtime';
import {
  hasFilters,
  listFilters,
  readListParams,
  withQueryChange,
  writeListParams,
  type OrderListParams,
} from './list-params';
import { parseOrderStatus } from './order-routes';

/** /, /orders and /orders/:filterStatus (spec 2.2): the order list with status tabs, filters and paging. */
export function OrdersPage() {
  useOrdersRealtime();
  const { filterStatus } = useParams();
  const status = parseOrderStatus(filterStatus);
  const unknownStatus = filterStatus !== undefined && status === null;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const timeZone = useTenantTimeZone();
  const { data: settings } = useTenantCurrencyQuery();
  const { data: stores = [] } = useOrderStoreOptionsQuery();

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
  const data = list.data;
  const rowsForArgs = list.currentData?.rows;

  // Selection belongs to one page of one query.
  const [selected, setSelected] = useState<Map<string, OrderSummary>>(new Map());
  const argsKey = JSON.stringify(args);
  useEffect(() => setSelected(new Map()), [argsKey]);

  const [bulkResult, setBulkResult] = useState<BulkApproveResult | null>(null);
  const bulk = useBulkApprove();
  const [printing, setPrinting] = useState(false);

  const navigateTo = useCallback((next: OrderListParams) => setSearchParams(writeListParams(next)), [setSearchParams]);
  const changeQuery = useCallback(
    (change: Partial<OrderListParams>) =>
      setSearchParams((current) => writeListParams(withQueryChange(readListParams(current), change))),
    [setSearchParams],
  );

  const toggle = (row: OrderSummary) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected(checked ? new Map((rowsForArgs ?? []).map((row) => [row.id, row])) : new Map());

  const approveSelected = async () => {
    const rows = [...selected.values()];
    const result = await bulk.approve(rows);
    setBulkResult(result);
    if (result.failures.length === 0) setSelected(new Map());
    else
      setSelected(
        new Map(
          rows
            .filter((row) => result.failures.some((f) => f.orderNumber === row.orderNumber))
            .map((row) => [row.id, row]),
        ),
      );
  };

  const printSelected = async (format: PackingSlipFormat) => {
    const rows = [...selected.values()];
    const first = rows[0];
    if (!first) return;
    setPrinting(true);
    try {
      await downloadPackingSlip(
        first.id,
        { orderIds: rows.map((row) => row.id), format },
        rows.length === 1 ? first.orderNumber : `${rows.length}-orders`,
      );
      toast.success(
        rows.length === 1 ? 'Packing slip downloaded.' : `Packing slips for ${rows.length} orders downloaded.`,
      );
    } catch (error) {
      showApiError(error, 'Could not create the packing slips.');
    } finally {
      setPrinting(false);
    }
  };

  const header = (
    <PageHeader
      title="Orders"
      subtitle={status ? `Status: ${status}` : undefined}
      actions={
        <Button component={RouterLink} to={hrefs.orderAdd()} variant="contained" startIcon={<AddOutlined />}>
          Add order
        </Button>
      }
    />
  );

  if (unknownStatus) {
    return (
      <>
        {header}
        <Alert severity="warning" sx={{ mb: 2 }}>
          &lsquo;{filterStatus}&rsquo; is not an order status.{' '}
          <Link component={RouterLink} to={hrefs.orders()} color="inherit">
            Show all orders
          </Link>
        </Alert>
      </>
    );
  }

  const noOrdersAtAll =
    list.currentData !== undefined &&
    list.currentData.total === 0 &&
    !status &&
    !hasFilters(params) &&
    params.page === 1;
  if (noOrdersAtAll) {
    return (
      <>
        {header}
        <EmptyState
          icon={<ReceiptLongOutlined />}
          title="No orders yet"
          text="Orders from your connected stores appear here, where you approve them, take payment, print packing slips and create shipping labels. Connect a store to pull in its orders, or add an order by hand."
          action={
            <>
              <Button component={RouterLink} to={hrefs.orderAdd()} variant="contained">
                Add order
              </Button>
              <Button component={RouterLink} to={hrefs.stores()}>
                Connect a store
              </Button>
            </>
          }
        />
      </>
    );
  }

  const firstLoad = data === undefined && list.isFetching;
  const failed = list.isError && !list.isFetching;
  const tabSearch = writeListParams(withQueryChange(params, {})).toString();
  const hasPrev = params.page > 1;
  const current = list.currentData;
  const hasNext = current
    ? current.nextCursor !== null || (!current.totalIsEstimate && params.page * params.size < current.total)
    : false;

  return (
    <>
      {header}
      {bulkResult ? (
        <Alert
          severity={bulkResult.failures.length === 0 ? 'success' : 'warning'}
          onClose={() => setBulkResult(null)}
          sx={{ mb: 2 }}
        >
          <AlertTitle>
            Approved {bulkResult.approved} of {bulkResult.attempted} {bulkResult.attempted === 1 ? 'order' : 'orders'}
          </AlertTitle>
          {bulkResult.failures.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {bulkResult.failures.map((failure) => (
                <li key={failure.orderNumber}>
                  {failure.orderNumber}: {failure.message}
                </li>
              ))}
            </Box>
          ) : null}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <OrderStatusTabs
          status={status}
          counts={data?.statusCounts}
          estimate={data?.totalIsEstimate ?? false}
          search={tabSearch}
        />
        {selected.size > 0 ? (
          <BulkActionsBar
            count={selected.size}
            approving={bulk.busy}
            printing={printing}
            onApprove={() => void approveSelected()}
            onPackingSlips={(format) => void printSelected(format)}
            onClear={() => setSelected(new Map())}
          />
        ) : (
          <Box sx={{ minHeight: 68 }}>
            <OrdersFilters params={params} stores={stores} onChange={changeQuery} />
          </Box>
        )}
        <Box sx={{ height: 4 }}>
          {list.isFetching && !firstLoad ? <LinearProgress aria-label="Loading orders" /> : null}
        </Box>
        {failed ? (
          <Alert
            severity="error"
            sx={{ mx: 2, mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {apiErrorMessage(list.error, 'Could not load the orders.')}
          </Alert>
        ) : null}
        <OrdersTable
          rows={failed ? [] : (rowsForArgs ?? data?.rows)}
          loadingRows={firstLoad ? params.size : null}
          stale={list.isFetching && !firstLoad && rowsForArgs === undefined}
          sort={params.sort}
          onSort={(sort) => changeQuery({ sort })}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          timeZone={timeZone}
          locale={settings?.locale ?? 'en'}
          empty={
            failed ? null : (
              <Box sx={{ textAlign: 'center', py: 2 }}>
                <Typography variant="subtitle1" component="h2">
                  {hasFilters(params)
                    ? 'No orders match these filters'
                    : status
                      ? `No orders with the status \u201c${status}\u201d`
                      : 'No orders on this page'}
                </Typography>
                {hasFilters(params) ? (
                  <Button sx={{ mt: 1 }} onClick={() => changeQuery({ search: '', from: '', to: '', storeId: '' })}>
                    Clear filters
                  </Button>
                ) : null}
              </Box>
            )
          }
        />
        <OrdersPagination
          page={params.page}
          size={params.size}
          rowCount={(rowsForArgs ?? data?.rows ?? []).length}
          total={data?.total ?? null}
          totalIsEstimate={data?.totalIsEstimate ?? false}
          hasPrev={hasPrev}
          hasNext={hasNext && !list.isFetching}
          onPrev={() =>
            navigateTo({
              ...params,
              page: params.page - 1,
              cursor: params.page - 1 > 1 ? (current?.prevCursor ?? null) : null,
            })
          }
          onNext={() => navigateTo({ ...params, page: params.page + 1, cursor: current?.nextCursor ?? null })}
          onSize={(size) => changeQuery({ size })}
        />
      </Paper>
    </>
  );
}
