import { useMemo, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { OrderListDensity, OrderSort, OrderSummary } from '@shipdesk/contract';
import { useOrderListPreferences } from '../api/order-views-api';
import { useOrdersTableKeys } from '../hooks/use-orders-table-keys';
import { visibleColumns, type OrdersTableColumn } from './orders-table-columns';
import { OrdersTableHead } from './orders-table-head';
import { cellClass, OrdersTableRow } from './orders-table-row';
import './orders-list.css';
import './orders-table.css';

export interface OrdersTableProps {
  rows: readonly OrderSummary[] | undefined;
  /** Skeleton rows (first load): as many as a page holds. */
  loadingRows: number | null;
  /** Dims the rows while the next page or filter is on its way. */
  stale: boolean;
  sort: OrderSort;
  onSort(sort: OrderSort): void;
  selected: ReadonlyMap<string, unknown>;
  onToggle(row: OrderSummary): void;
  onToggleAll(checked: boolean): void;
  timeZone: string;
  locale: string;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  /** The user's own (their preferences) unless given. */
  density?: OrderListDensity;
  hiddenColumns?: readonly string[];
}

function SkeletonRows({ count, columns }: { count: number; columns: readonly OrdersTableColumn[] }) {
  return Array.from({ length: count }, (_, index) => (
    <tr key={`skeleton-${index}`} className="sd-orders-row-skeleton" aria-hidden>
      <td className="sd-orders-cell sd-orders-cell--check">
        <span className="sd-orders-skeleton sd-orders-skeleton--box" />
      </td>
      {columns.map((column) => (
        <td key={column.id} className={cellClass(column)}>
          <span
            className={`sd-orders-skeleton sd-orders-skeleton--text sd-orders-skeleton--${column.align === 'right' ? 'short' : 'long'}`}
          />
        </td>
      ))}
    </tr>
  ));
}

/**
 * The order list as a table, keyboard-navigable (useOrdersTableKeys); a click on a row opens its order. Its rows are
 * plain elements styled once in orders-table.css; below the lg breakpoint that CSS leaves the widest columns out (a
 * tablet's 1024 pixels beside the sidebar), the same on the server's HTML as in the browser.
 */
export function OrdersTable({
  rows,
  loadingRows,
  stale,
  sort,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  timeZone,
  locale,
  empty,
  density,
  hiddenColumns,
}: OrdersTableProps) {
  const { preferences } = useOrderListPreferences();
  const compact = (density ?? preferences.density) === 'compact';
  // The rows are memoized (OrdersTableRow): what they are given stays the same object while it means the same. The
  // hidden columns by their ids, so an equal list given anew keeps the columns.
  const hiddenIds = (hiddenColumns ?? preferences.hiddenColumns).join(',');
  const columns = useMemo(() => visibleColumns(hiddenIds.split(',')), [hiddenIds]);
  const context = useMemo(() => ({ timeZone, locale, compact }), [timeZone, locale, compact]);
  const { activeIndex, keys } = useOrdersTableKeys(rows, onToggle);
  const count = rows?.length ?? 0;
  const selectedOnPage = rows?.filter((row) => selected.has(row.id)).length ?? 0;

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        className="sd-orders-table"
        aria-label="Orders"
        aria-busy={loadingRows !== null || stale}
        data-density={compact ? 'compact' : 'standard'}
      >
        <OrdersTableHead
          columns={columns}
          sort={sort}
          onSort={onSort}
          count={count}
          selectedOnPage={selectedOnPage}
          onToggleAll={onToggleAll}
        />
        <tbody className={stale ? 'sd-orders-body sd-orders-body--stale' : 'sd-orders-body'}>
          {loadingRows !== null ? <SkeletonRows count={loadingRows} columns={columns} /> : null}
          {loadingRows === null && count === 0 && empty ? (
            <tr>
              <td colSpan={columns.length + 1} className="sd-orders-cell sd-orders-cell--empty">
                {empty}
              </td>
            </tr>
          ) : null}
          {loadingRows === null
            ? rows?.map((row, index) => (
                <OrdersTableRow
                  key={row.id}
                  row={row}
                  index={index}
                  isSelected={selected.has(row.id)}
                  active={index === activeIndex}
                  columns={columns}
                  context={context}
                  keys={keys}
                  onToggle={onToggle}
                />
              ))
            : null}
        </tbody>
      </Table>
    </TableContainer>
  );
}
