import { memo, useCallback } from 'react';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { OrderSummary } from '@shipdesk/contract';
import type { OrdersTableRowKeys } from '../hooks/use-orders-table-keys';
import type { OrdersTableColumn } from './orders-table-columns';

const ROW_SX = {
  cursor: 'pointer',
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

interface OrdersTableRowProps {
  row: OrderSummary;
  index: number;
  isSelected: boolean;
  /** The row is the table's one tab stop (the arrow keys move it). */
  active: boolean;
  columns: readonly OrdersTableColumn[];
  /** What the cells are drawn with: the tenant's time zone and locale, the density. */
  context: Parameters<OrdersTableColumn['render']>[1];
  keys: OrdersTableRowKeys;
  onToggle(row: OrderSummary): void;
}

/**
 * One order of the table. Memoized: its props are primitives or stay the same from render to render (the table's
 * columns, context and handlers), so ticking a row, or moving the tab stop, renders only the rows it changed.
 */
export const OrdersTableRow = memo(function OrdersTableRow({
  row,
  index,
  isSelected,
  active,
  columns,
  context,
  keys,
  onToggle,
}: OrdersTableRowProps) {
  const ref = useCallback((element: HTMLTableRowElement | null) => keys.setRow(index, element), [keys, index]);
  return (
    <TableRow
      ref={ref}
      tabIndex={active ? 0 : -1}
      onKeyDown={(event) => keys.onKeyDown(event, row, index)}
      onFocus={(event) => keys.onFocus(event, index)}
      hover
      selected={isSelected}
      aria-selected={isSelected}
      onClick={(event) => {
        // A click on the row (not on its link or checkbox) opens the order.
        const target = event.target as HTMLElement;
        if (target.closest('a, button, input, label')) return;
        keys.open(row);
      }}
      data-order-id={row.id}
      sx={ROW_SX}
    >
      <TableCell padding="checkbox">
        <Checkbox
          size={context.compact ? 'small' : 'medium'}
          checked={isSelected}
          tabIndex={-1}
          onChange={() => onToggle(row)}
          slotProps={{ input: { 'aria-label': `Select order ${row.orderNumber}` } }}
        />
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} align={column.align}>
          {column.render(row, context)}
        </TableCell>
      ))}
    </TableRow>
  );
});
