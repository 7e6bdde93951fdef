import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { OrdersCardList } from './orders-card-list';
import { OrdersTable, type OrdersTableProps } from './orders-table';

/**
 * The order list at the width it is shown at: the table from the sm breakpoint up, without its widest columns below
 * lg (a tablet's 1024 pixels beside the sidebar), cards on a phone (the table's columns cannot fit 390 pixels, and a
 * page must not scroll sideways). Takes the table's props and passes them on.
 */
export function OrdersList(props: OrdersTableProps) {
  // The app's theme, or MUI's default one where none is provided (a test rendering the list alone).
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const narrow = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  if (!phone) return <OrdersTable {...props} narrow={narrow} />;
  return (
    <OrdersCardList
      rows={props.rows}
      loadingRows={props.loadingRows}
      stale={props.stale}
      selected={props.selected}
      onToggle={props.onToggle}
      timeZone={props.timeZone}
      locale={props.locale}
      empty={props.empty}
    />
  );
}
