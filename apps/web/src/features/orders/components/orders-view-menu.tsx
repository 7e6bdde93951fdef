import { lazy, Suspense, useId, useState } from 'react';
import { useParams } from 'react-router';
import BookmarksOutlined from '@mui/icons-material/BookmarksOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Button from '@mui/material/Button';
import type { OrderListPreferences, OrderListView } from '@shipdesk/contract';
import { useListOrderViewsQuery, useOrderListPreferences } from '../api/order-views-api';
import { viewFilters, type OrderListParams } from '../list-params';
import { parseOrderStatus } from '../order-routes';
import { loadOnce, useWhenIdle } from '@/lib/lazy/lazy-load';

const loadPopup = loadOnce(() => import('./orders-view-menu-popup'));
const OrdersViewMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.OrdersViewMenuPopup })));

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
 * The user's saved views: the button names the view the list shows, if any; its menu (OrdersViewMenuPopup) applies,
 * saves, renames or deletes them. The menu's code comes when the browser is idle after the first paint, or on the
 * first click (the menu opens once it is there).
 */
export function OrdersViewMenu({ params }: OrdersViewMenuProps) {
  const status = parseOrderStatus(useParams().filterStatus);
  const { preferences } = useOrderListPreferences();
  const { data: views = [], isError } = useListOrderViewsQuery();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu and its dialogs are drawn from the first opening on (their code loaded then if not yet).
  const [wanted, setWanted] = useState(false);
  useWhenIdle(() => void loadPopup().catch(() => undefined));
  const menuId = useId();

  const filters = viewFilters(params, status);
  const current = views.find((view) => showsView(view, { filters, params, preferences }));

  return (
    <>
      <Button
        size="small"
        startIcon={<BookmarksOutlined />}
        endIcon={<ExpandMoreOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ maxWidth: 260 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {current ? `View: ${current.name}` : 'Views'}
        </span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <OrdersViewMenuPopup
            menuId={menuId}
            anchor={anchor}
            onCloseMenu={() => setAnchor(null)}
            params={params}
            filters={filters}
            preferences={preferences}
            views={views}
            isError={isError}
            current={current}
          />
        </Suspense>
      ) : null}
    </>
  );
}
