import { memo, useCallback } from 'react';
import type { OrderSummary } from '@shipdesk/contract';
import type { OrdersTableRowKeys } from '../hooks/use-orders-table-keys';
import { OrdersCheckBox } from './orders-check-box';
import type { OrdersTableColumn } from './orders-table-columns';

/** A body cell's classes (orders-table.css): its alignment, and whether a narrow table leaves its column out. */
export function cellClass(column: Pick<OrdersTableColumn, 'align' | 'wide'>): string {
  return `sd-orders-cell${column.align === 'right' ? ' sd-orders-cell--right' : ''}${column.wide ? ' sd-orders-col-wide' : ''}`;
}

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
 * One order of the table, plain elements styled once in orders-table.css (the hover and selected backgrounds of MUI's
 * TableRow, its cells' type and borders). Memoized: its props are primitives or stay the same from render to render (the table's
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
    <tr
      ref={ref}
      className="sd-orders-row"
      tabIndex={active ? 0 : -1}
      onKeyDown={(event) => keys.onKeyDown(event, row, index)}
      onFocus={(event) => keys.onFocus(event, index)}
      aria-selected={isSelected}
      onClick={(event) => {
        // A click on the row (not on its link or checkbox) opens the order.
        const target = event.target as HTMLElement;
        if (target.closest('a, button, input, label')) return;
        keys.open(row);
      }}
      data-order-id={row.id}
    >
      <td className="sd-orders-cell sd-orders-cell--check">
        <OrdersCheckBox
          small={context.compact}
          checked={isSelected}
          tabIndex={-1}
          onChange={() => onToggle(row)}
          label={`Select order ${row.orderNumber}`}
        />
      </td>
      {columns.map((column) => (
        <td key={column.id} className={cellClass(column)}>
          {column.render(row, context)}
        </td>
      ))}
    </tr>
  );
});
