import { memo, useDeferredValue } from 'react';
import { useTheme } from '@mui/material/styles';
import { useMediaMatch } from '@/lib/hydration/use-hydrated';
import { usePageDrawn } from '@/lib/lazy/page-drawn';
import { OrdersCardList } from './orders-card-list';
import { OrdersTable, type OrdersTableProps } from './orders-table';
import './orders-list.css';

/**
 * The order list at the width it is shown at: the table from the sm breakpoint up (its CSS leaves the widest columns
 * out below lg), cards on a phone (the table's columns cannot fit 390 pixels, and a page must not scroll sideways).
 * Takes the table's props and passes them on.
 *
 * A first load draws both skeletons and lets CSS show one: the server's HTML of the page cannot know the width, and
 * useMediaMatch answers no phone while the page hydrates. Once rows are there, the choice is made here.
 *
 * The rows are drawn through a deferred value: a page of rows arriving (50 rows of ten cells) renders behind the
 * urgent updates (typing, a tick). The skeleton and the dimming are deferred with them, so the skeleton stays until
 * the rows replace it (never an empty list in between) and a stale page stays dimmed until the new one is drawn.
 * Memoised: the page re-renders as its other requests start and answer, and the list's props stay the same then.
 */
export const OrdersList = memo(function OrdersList(props: OrdersTableProps) {
  // The app's theme, or MUI's default one where none is provided (a test rendering the list alone).
  const theme = useTheme();
  const phone = useMediaMatch(theme.breakpoints.down('sm'));
  const rows = useDeferredValue(props.rows);
  const loadingRows = useDeferredValue(props.loadingRows);
  const stale = useDeferredValue(props.stale);
  // The rows, the words that there are none, or the error drawn: the page's data is on screen.
  usePageDrawn(loadingRows === null);
  const table = <OrdersTable {...props} rows={rows} loadingRows={loadingRows} stale={stale} />;
  const cards = (
    <OrdersCardList
      rows={rows}
      loadingRows={loadingRows}
      stale={stale}
      selected={props.selected}
      onToggle={props.onToggle}
      timeZone={props.timeZone}
      locale={props.locale}
      empty={props.empty}
    />
  );
  const loading = loadingRows !== null;
  // The same two boxes loading or not, so the table (or the cards) the skeleton was drawn in stays mounted.
  return (
    <>
      <div className={loading ? 'sd-orders-loading-table' : undefined}>{loading || !phone ? table : null}</div>
      <div className={loading ? 'sd-orders-loading-cards' : undefined}>{loading || phone ? cards : null}</div>
    </>
  );
});
