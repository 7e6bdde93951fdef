import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { ORDER_LIST_FIXED_COLUMNS, type OrderListColumn } from '@shipdesk/contract';
import { ORDERS_TABLE_COLUMNS } from './orders-table-columns';

interface OrdersColumnMenuProps {
  menuId: string;
  /** The columns button while the menu is open. */
  anchor: HTMLElement | null;
  onClose(): void;
  hidden: readonly OrderListColumn[];
  onHidden(hidden: OrderListColumn[]): void;
}

/**
 * The columns' menu of check boxes (each a `menuitemcheckbox`, toggled with Enter or Space); OrdersColumnChooser draws
 * it from its first opening on. The order number stays: it is how a row is named.
 */
export function OrdersColumnMenu({ menuId, anchor, onClose, hidden, onHidden }: OrdersColumnMenuProps) {
  const toggle = (id: OrderListColumn) =>
    onHidden(hidden.includes(id) ? hidden.filter((c) => c !== id) : [...hidden, id]);
  return (
    <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {ORDERS_TABLE_COLUMNS.map((column) => {
        const fixed = ORDER_LIST_FIXED_COLUMNS.includes(column.id);
        const checked = !hidden.includes(column.id);
        return (
          <MenuItem
            key={column.id}
            dense
            role="menuitemcheckbox"
            aria-checked={checked}
            aria-disabled={fixed || undefined}
            disabled={fixed}
            onClick={() => toggle(column.id)}
          >
            <ListItemIcon>
              <Checkbox size="small" edge="start" checked={checked} tabIndex={-1} disableRipple sx={{ py: 0 }} />
            </ListItemIcon>
            <ListItemText primary={column.label} secondary={fixed ? 'Always shown' : undefined} />
          </MenuItem>
        );
      })}
      <Divider />
      <MenuItem dense disabled={hidden.length === 0} onClick={() => onHidden([])}>
        Show all columns
      </MenuItem>
    </Menu>
  );
}
