import { memo } from 'react';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { OrderSort } from '@shipdesk/contract';
import type { OrdersTableColumn, SortField } from './orders-table-columns';

interface OrdersTableHeadProps {
  /** The columns shown (the user may hide some). */
  columns: readonly OrdersTableColumn[];
  sort: OrderSort;
  onSort(sort: OrderSort): void;
  /** Rows on the page, and how many of them are selected (the select-all box shows all, some or none). */
  count: number;
  selectedOnPage: number;
  onToggleAll(checked: boolean): void;
}

/**
 * The order table's header: select-all, and the column titles; a sortable one turns its sort over on click. Memoised:
 * the page's other requests answering re-render the table above it.
 */
export const OrdersTableHead = memo(function OrdersTableHead({
  columns,
  sort,
  onSort,
  count,
  selectedOnPage,
  onToggleAll,
}: OrdersTableHeadProps) {
  const [sortField, sortDirection] = sort.split(' ') as [SortField, 'asc' | 'desc'];
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Checkbox
            checked={count > 0 && selectedOnPage === count}
            indeterminate={selectedOnPage > 0 && selectedOnPage < count}
            disabled={count === 0}
            onChange={(event) => onToggleAll(event.target.checked)}
            slotProps={{ input: { 'aria-label': 'Select all orders on this page' } }}
          />
        </TableCell>
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align}
            className={column.wide ? 'sd-orders-col-wide' : undefined}
            sx={{ minWidth: column.minWidth, ...(column.wrapHeader ? { whiteSpace: 'normal !important' } : {}) }}
            sortDirection={column.sort === sortField ? sortDirection : false}
          >
            {column.sort ? (
              <TableSortLabel
                active={column.sort === sortField}
                direction={column.sort === sortField ? sortDirection : 'desc'}
                onClick={() => {
                  const direction = column.sort === sortField && sortDirection === 'desc' ? 'asc' : 'desc';
                  onSort(`${column.sort} ${direction}` as OrderSort);
                }}
              >
                {column.label}
              </TableSortLabel>
            ) : (
              column.label
            )}
          </TableCell>
        ))}
      </TableRow>
    </TableHead>
  );
});
