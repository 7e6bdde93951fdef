import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast/toast';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MAX_ORDER_LIST_VIEWS, type OrderListPreferences, type OrderListView } from '@shipdesk/contract';
import { hrefs } from '@/config/paths';
import { apiErrorMessage } from '@/lib/errors';
import { useUpdateOrderListPreferencesMutation } from '../api/order-views-api';
import { paramsOfView, writeListParams, type OrderListParams } from '../list-params';
import { ManageViewsDialog, SaveViewDialog } from './orders-view-dialogs';

interface OrdersViewMenuPopupProps {
  menuId: string;
  /** The views button while the menu is open. */
  anchor: HTMLElement | null;
  onCloseMenu(): void;
  params: OrderListParams;
  filters: OrderListView['filters'];
  preferences: OrderListPreferences;
  views: readonly OrderListView[];
  /** The views could not be loaded. */
  isError: boolean;
  /** The view the list shows exactly, if any. */
  current: OrderListView | undefined;
}

/**
 * The saved views' menu and its dialogs (OrdersViewMenu draws them from its first opening on, their code loaded then
 * or when the browser was idle): apply a view (its filters, status tab and sort go to the URL; its columns, and its
 * page size and density when it keeps them, become the user's), save the list as it is now, rename or delete them.
 */
export function OrdersViewMenuPopup(props: OrdersViewMenuPopupProps) {
  const { menuId, anchor, onCloseMenu, params, filters, preferences, views, isError, current } = props;
  const navigate = useNavigate();
  const [savePreferences] = useUpdateOrderListPreferencesMutation();
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);

  const apply = (view: OrderListView) => {
    onCloseMenu();
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
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onCloseMenu}
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
            onCloseMenu();
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
            onCloseMenu();
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
