import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import DensityMediumOutlined from '@mui/icons-material/DensityMediumOutlined';
import DensitySmallOutlined from '@mui/icons-material/DensitySmallOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { ORDER_LIST_FIXED_COLUMNS, type OrderListColumn } from '@shipdesk/contract';
import { apiErrorMessage } from '@/lib/errors';
import { useOrderListPreferences, useUpdateOrderListPreferencesMutation } from '../api/order-views-api';
import { ORDERS_TABLE_COLUMNS } from './orders-table-columns';

/** Keeps a change of the user's list preferences; says so when the server refuses it (the change is undone). */
function useSavePreferences(what: string) {
  const [save] = useUpdateOrderListPreferencesMutation();
  return (change: Parameters<typeof save>[0]) =>
    save(change)
      .unwrap()
      .catch((error: unknown) => toast.error(apiErrorMessage(error, `The ${what} could not be kept.`)));
}

/**
 * Which columns the list shows, kept for the user: a menu of check boxes (each a `menuitemcheckbox`, toggled with Enter
 * or Space). The order number stays: it is how a row is named.
 */
export function OrdersColumnChooser() {
  const { preferences } = useOrderListPreferences();
  const save = useSavePreferences('columns');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const hidden = preferences.hiddenColumns;
  const toggle = (id: OrderListColumn) =>
    void save({ hiddenColumns: hidden.includes(id) ? hidden.filter((c) => c !== id) : [...hidden, id] });
  const shown = ORDERS_TABLE_COLUMNS.length - hidden.length;
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns{hidden.length > 0 ? ` (${shown} of ${ORDERS_TABLE_COLUMNS.length})` : ''}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
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
        <MenuItem dense disabled={hidden.length === 0} onClick={() => void save({ hiddenColumns: [] })}>
          Show all columns
        </MenuItem>
      </Menu>
    </>
  );
}

/** Standard or compact (one-line) rows, kept for the user. */
export function OrdersDensityToggle() {
  const { preferences } = useOrderListPreferences();
  const save = useSavePreferences('row density');
  const compact = preferences.density === 'compact';
  return (
    <Tooltip title={compact ? 'Compact rows: one line each' : 'Standard rows'}>
      <ToggleButton
        value="compact"
        size="small"
        selected={compact}
        aria-label="Compact rows"
        onChange={() => void save({ density: compact ? 'standard' : 'compact' })}
        sx={{ border: 0, px: 1 }}
      >
        {compact ? <DensitySmallOutlined fontSize="small" /> : <DensityMediumOutlined fontSize="small" />}
      </ToggleButton>
    </Tooltip>
  );
}
