import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MAX_ORDER_LIST_VIEWS, type OrderListPreferences, type OrderListView } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { apiErrorMessage } from '@/lib/errors';
import {
  useListOrderViewsQuery,
  useOrderListPreferences,
  useUpdateOrderListPreferencesMutation,
} from '../api/order-views-api';
import { paramsOfView, viewFilters, writeListParams, type OrderListParams } from '../list-params';
import { parseOrderStatus } from '../order-routes';
import { ManageViewsDialog, SaveViewDialog } from './orders-view-dialogs';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Whether the list shows exactly what `view` holds (its filters, sort and columns, its size and density if kept). */
function showsView(
  view: OrderListView,
  current: { filters: OrderListView['filters']; params: OrderListParams; preferences: OrderListPreferences },
): boolean {
  const { filters, params, preferences } = current;
  const keys = new Set([...Object.keys(filters), ...Object.keys(view.filters)]);
  const sameFilters = [...keys].every(
    (key) =>
      JSON.stringify(filters[key as keyof typeof filters]) ===
      JSON.stringify(view.filters[key as keyof typeof view.filters]),
  );
  return (
    sameFilters &&
    view.sort === params.sort &&
    sameSet(view.hiddenColumns, preferences.hiddenColumns) &&
    (view.pageSize === null || view.pageSize === params.size) &&
    (view.density === null || view.density === preferences.density)
  );
}

interface OrdersViewMenuProps {
  params: OrderListParams;
}

/**
 * The user's saved views: apply one (its filters, status tab and sort go to the URL; its columns, and its page size
 * and density when it keeps them, become the user's), save the list as it is now, rename or delete them.
 */
export function OrdersViewMenu({ params }: OrdersViewMenuProps) {
  const navigate = useNavigate();
  const status = parseOrderStatus(useParams().filterStatus);
  const { preferences } = useOrderListPreferences();
  const { data: views = [], isError } = useListOrderViewsQuery();
  const [savePreferences] = useUpdateOrderListPreferencesMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const menuId = useId();

  const filters = viewFilters(params, status);
  const current = views.find((view) => showsView(view, { filters, params, preferences }));

  const apply = (view: OrderListView) => {
    setAnchor(null);
    const size = view.pageSize ?? preferences.pageSize;
    savePreferences({
      hiddenColumns: view.hiddenColumns,
      ...(view.pageSize !== null ? { pageSize: view.pageSize } : {}),
      ...(view.density !== null ? { density: view.density } : {}),
    })
      .unwrap()
      .catch((error: unknown) =>
        toast.error(apiErrorMessage(error, `The columns of \u201c${view.name}\u201d could not be kept.`)),
      );
    const next = paramsOfView(view, size);
    void navigate({
      pathname: next.status ? hrefs.ordersByStatus(next.status) : hrefs.orders(),
      search: writeListParams(next.params, size).toString(),
    });
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlined />}
        endIcon={<ExpandMoreOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: 260 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current ? `View: ${current.name}` : 'Views'}
        </span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Saved views', dense: true } }}
      >
        {views.length > 0 ? <ListSubheader>Your views</ListSubheader> : null}
        {views.map((view) => (
          <MenuItem key={view.id} onClick={() => apply(view)} selected={view.id === current?.id}>
            <ListItemIcon>{view.id === current?.id ? <CheckOutlined fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={view.name} slotProps={{ primary: { noWrap: true, sx: { maxWidth: 280 } } }} />
          </MenuItem>
        ))}
        {views.length === 0 ? (
          <MenuItem disabled>
            <ListItemText primary={isError ? 'Your views could not be loaded' : 'No saved views yet'} />
          </MenuItem>
        ) : null}
        <Divider />
        <MenuItem
          disabled={views.length >= MAX_ORDER_LIST_VIEWS}
          onClick={() => {
            setAnchor(null);
            setDialog('save');
          }}
        >
          <ListItemText
            primary="Save current view…"
            secondary={views.length >= MAX_ORDER_LIST_VIEWS ? `At most ${MAX_ORDER_LIST_VIEWS} views` : undefined}
          />
        </MenuItem>
        <MenuItem
          disabled={views.length === 0}
          onClick={() => {
            setAnchor(null);
            setDialog('manage');
          }}
        >
          <ListItemText primary="Rename or delete views…" />
        </MenuItem>
      </Menu>
      <SaveViewDialog
        open={dialog === 'save'}
        onClose={() => setDialog(null)}
        input={{
          filters,
          sort: params.sort,
          hiddenColumns: preferences.hiddenColumns,
          pageSize: params.size as OrderListPreferences['pageSize'],
          density: preferences.density,
        }}
      />
      <ManageViewsDialog open={dialog === 'manage'} views={views} onClose={() => setDialog(null)} />
    </>
  );
}
